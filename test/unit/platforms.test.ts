/**
 * What every platform must provide, checked for each registered definition: a platform is its
 * folder and one line in the registry (lib/platforms/index.ts), and nothing else in lib/ names one.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';
import type { HostedCluster, PlatformType } from '../../lib';
import { checkHostedClusterIngress, checkManagementCluster, SecretSource } from '../../lib';
import { MANAGEMENT_PLATFORMS, managementClusterPropsSchema, managementRequirements, PLATFORM_PRESETS } from '../../lib/management';
import { definePlatform } from '../../lib/core';
import type { AnyPlatformDefinition, IngressMode, ManagementComponent, PlanCheck } from '../../lib/core';
import { MANAGEMENT_CLUSTER, Plan } from '../../lib/core/plan-model';
import { nodePoolHealthTable } from '../../lib/gitops';
import { PLATFORM_DEFINITIONS, PLATFORM_TYPES, PLATFORMS, platformDefinition } from '../../lib/platforms';
import { v } from '../../lib/core/valibot';

const isSchema = (value: unknown) => typeof value === 'object' && value !== null && (value as { kind?: unknown }).kind === 'schema';
const isText = (value: unknown) => typeof value === 'string' && value.length > 0;
const isFunction = (value: unknown) => typeof value === 'function';
const COMPONENTS: readonly ManagementComponent[] = ['metallb', 'virtualization', 'assistedService'];
const MODES: readonly IngressMode[] = ['platform-load-balancer', 'infrastructure-load-balancer', 'metallb-inside'];
const SERVICES = ['APIServer', 'OAuthServer', 'Konnectivity', 'Ignition'];
/** A platform the product documentation has no section for cites the upstream documentation's page (self-managed Azure). */
const UPSTREAM_DOC = /^[a-z0-9-]+\.md$/;

/**
 * Every member of a definition and what it must be. Keyed by the definition type's keys, so a
 * member added to PlatformDefinition does not compile until it is listed here.
 */
const MUST_PROVIDE: { readonly [K in keyof AnyPlatformDefinition]-?: (value: AnyPlatformDefinition[K], d: AnyPlatformDefinition) => boolean } = {
  type: (type) => isText(type) && PLATFORMS[type as keyof typeof PLATFORMS] !== undefined,
  blockKey: (key, d) => (key === undefined ? !d.blockRequired : isText(key)),
  blockRequired: (required) => typeof required === 'boolean',
  propsSchema: isSchema,
  poolEntries: (entries, d) => Object.keys(entries).every((key) => key === d.blockKey),
  poolSchema: isSchema,
  defaults: (defaults) => typeof defaults === 'object' && defaults !== null,
  contribute: (c) => isFunction(c.cluster) && isFunction(c.defaultPools) && isFunction(c.nodePool),
  validate: (validate) => typeof validate === 'object' && validate !== null,
  defaultMapping: (mapping) => mapping === 'Ingress' || mapping === 'NodePort',
  publishingRules: (rules) => SERVICES.every((s) => (rules[s as keyof typeof rules]?.length ?? 0) > 0),
  defaultUpgradeType: (type) => type === 'Replace' || type === 'InPlace',
  archs: (archs) => archs.length > 0 && archs.every(isText),
  scaleFromZero: (value) => typeof value === 'boolean',
  createsMachines: (value) => typeof value === 'boolean',
  management: (m) =>
    m.components.every((c) => COMPONENTS.includes(c)) &&
    m.mceComponents.every(isText) &&
    typeof m.needsOidcStorage === 'boolean' &&
    Number.isInteger(m.minimumMceMinor) &&
    m.minimumMceMinor >= 2 &&
    typeof m.nodeZonesByHand === 'boolean' &&
    isText(m.summary) &&
    isText(m.ports.source) &&
    m.ports.rules.length > 0 &&
    m.ports.rules.every((r) => [r.service, r.port, r.flow, r.source].every(isText) && (/^\d+(\.\d+)+(, \d+(\.\d+)+)*$/.test(r.source) || UPSTREAM_DOC.test(r.source))),
  ingress: (ingress) =>
    MODES.includes(ingress.mode) &&
    (ingress.mode !== 'infrastructure-load-balancer' ||
      (isFunction(ingress.throughRoutes) && isFunction(ingress.onManagementCluster) && ingress.choicePath.startsWith('spec.platform') && isText(ingress.howTo.useRoutes) && isText(ingress.howTo.useLoadBalancer))),
  managementNeeds: isFunction,
  backup: (b) =>
    b.resources.every(isText) &&
    typeof b.preserveNodePorts === 'boolean' &&
    typeof b.crossClusterRestore === 'boolean' &&
    (b.labelSelector === undefined || b.labelSelector.matchExpressions.every((e) => isText(e.key))) &&
    (b.stableApiAddress === undefined || isFunction(b.stableApiAddress)) &&
    (b.afterRestore === undefined || isFunction(b.afterRestore)),
};

/** The smallest HostedCluster of a platform that the management and day-2 checks read. */
function hostedCluster(type: string): HostedCluster {
  return {
    apiVersion: 'hypershift.openshift.io/v1beta1',
    kind: 'HostedCluster',
    metadata: { name: 'c1', namespace: 'clusters' },
    spec: { platform: { type }, dns: { baseDomain: 'example.com' }, networking: { machineNetwork: [{ cidr: '10.0.0.0/24' }] } },
  } as unknown as HostedCluster;
}

const runCheck = (check: PlanCheck, hc: HostedCluster) =>
  check([{ object: hc, target: MANAGEMENT_CLUSTER, contributor: 'HostedCluster clusters/c1', phase: { name: 'hosted-cluster', wave: 2 }, readiness: { kind: 'exists' } }] as never, new Plan(), 'M');

describe.each(PLATFORM_DEFINITIONS.map((d) => [d.type, d as AnyPlatformDefinition] as const))('platform %s', (type, definition) => {
  test.each(Object.keys(MUST_PROVIDE) as (keyof AnyPlatformDefinition)[])('provides %s', (key) => {
    const check = MUST_PROVIDE[key] as (value: unknown, d: AnyPlatformDefinition) => boolean;
    expect(check(definition[key], definition)).toBe(true);
  });

  test('is found by its type, and nothing else is', () => {
    expect(platformDefinition(type)).toBe(definition);
    expect(platformDefinition(type.toLowerCase())).toBeUndefined();
  });

  test('its preset and ingress agree: a router behind the infrastructure load balancer gets MetalLB there; assisted-service is enabled in MCE', () => {
    const { components, mceComponents } = definition.management;
    if (definition.ingress.mode === 'infrastructure-load-balancer') expect(components).toContain('metallb');
    if (components.includes('assistedService')) expect(mceComponents).toContain('assisted-service');
  });

  test('a management cluster prepared for it offers what it needs; one prepared for none refuses it', () => {
    const hc = hostedCluster(type);
    expect(runCheck(managementRequirements({ platforms: [...MANAGEMENT_PLATFORMS], privateLink: true, metallb: true }, MANAGEMENT_CLUSTER), hc)).toEqual([]);
    const refused = runCheck(managementRequirements({ platforms: [], privateLink: true }, MANAGEMENT_CLUSTER), hc);
    expect(refused.map((i) => i.path)).toEqual(['spec.platform.type']);
    expect(refused[0].message).toContain(`not prepared for ${type} hosted clusters`);
  });

  test('a management cluster for it alone plans (given what its preset asks for)', () => {
    const props = {
      platforms: [type],
      ...(definition.management.components.includes('metallb') ? { metallb: { pools: [{ name: 'p', addresses: ['10.0.0.100-10.0.0.120'] }] } } : {}),
      // The multicluster engine that deploys the platform's oldest hosted release (the default channel is older for Azure).
      ...(definition.management.minimumMceMinor > 8 ? { operators: { multiclusterEngine: { channel: `stable-2.${definition.management.minimumMceMinor}` } } } : {}),
      ...(definition.management.needsOidcStorage ? { multiclusterEngine: { oidcStorage: { bucket: 'b', region: 'us-east-1', credentials: SecretSource.existing('hypershift-operator-oidc-provider-s3-credentials') } } } : {}),
    };
    const { plan, issues } = checkManagementCluster(props);
    expect(issues.filter((i) => i.severity === 'error')).toEqual([]);
    expect(plan?.installs).toEqual(new Set(definition.management.components));
  });

  test('the day-2 ingress does what its ingress mode says', () => {
    const pools = { metallb: { pools: [{ name: 'p', addresses: ['10.0.0.100-10.0.0.120'] }] } };
    const hc = hostedCluster(type);
    const bare = checkHostedClusterIngress(hc, {});
    const withMetalLB = checkHostedClusterIngress(hc, pools);
    switch (definition.ingress.mode) {
      case 'platform-load-balancer':
        expect(bare.issues.map((i) => i.path)).toEqual(['(cluster)']);
        break;
      case 'infrastructure-load-balancer':
        expect(bare.plan?.objects.map((o) => o.object.kind)).toEqual(['Service']);
        expect(withMetalLB.issues.map((i) => i.path)).toEqual(['metallb']);
        break;
      case 'metallb-inside':
        expect(bare.issues.map((i) => i.path)).toEqual(['metallb']);
        expect(withMetalLB.plan?.objects.map((o) => o.object.kind)).toEqual(['Namespace', 'OperatorGroup', 'Subscription', 'MetalLB', 'IPAddressPool', 'L2Advertisement', 'Service']);
        break;
    }
  });

  test('the NodePool health check treats its pools as hand-joined exactly when it creates no machines', () => {
    const handJoined = nodePoolHealthTable.rules.some((r) => r.when.op === 'field' && r.when.path.join('.') === 'spec.platform.type' && r.when.equals === type);
    expect(handJoined).toBe(!definition.createsMachines);
  });
});

describe('the registry', () => {
  test('the management cluster offers every registered platform, in registry order, each with its preset', () => {
    const types = PLATFORM_DEFINITIONS.map((d) => d.type);
    expect([...PLATFORM_TYPES]).toEqual(types);
    expect([...MANAGEMENT_PLATFORMS]).toEqual(types);
    expect(Object.keys(PLATFORM_PRESETS)).toEqual(types);
    for (const d of PLATFORM_DEFINITIONS) expect(PLATFORM_PRESETS[d.type]).toBe(d.management);
  });

  test('the platforms list takes each platform once at most (its limit is the number of platforms)', () => {
    expect(v.safeParse(managementClusterPropsSchema, { platforms: [...PLATFORM_TYPES] }).success).toBe(true);
    const tooMany = v.safeParse(managementClusterPropsSchema, { platforms: [...PLATFORM_TYPES, PLATFORM_TYPES[0]] });
    expect(tooMany.success).toBe(false);
    expect(tooMany.issues?.[0].message).toContain(`at most ${PLATFORM_TYPES.length} are allowed`);
  });

  test('a HostedCluster of a type no definition has gets findings, not bare-metal treatment', () => {
    const hc = hostedCluster('IBMCloud');
    expect(platformDefinition('IBMCloud')).toBeUndefined();
    expect(platformDefinition('toString')).toBeUndefined();
    expect(checkHostedClusterIngress(hc, { metallb: { pools: [{ name: 'p', addresses: ['10.0.0.100-10.0.0.120'] }] } }).issues.map((i) => i.path)).toEqual(['(cluster)']);
  });

  test('a definition without its management preset or ingress mode does not compile', () => {
    const partial = {
      type: 'None' as const,
      defaultMapping: 'NodePort' as const,
      publishingRules: { APIServer: ['NodePort' as const] },
      defaultUpgradeType: 'InPlace' as const,
      archs: ['amd64' as const],
      scaleFromZero: false,
      createsMachines: false,
      defaults: {},
      contribute: { cluster: () => ({ platform: { type: 'None' as const } }), defaultPools: () => [], nodePool: () => ({ type: 'None' as const }) },
    };
    // @ts-expect-error management, ingress and backup are required
    expect(() => definePlatform(partial)).not.toThrow();
    expect(definePlatform({ ...partial, management: PLATFORMS.None.management, ingress: { mode: 'metallb-inside' }, backup: PLATFORMS.None.backup }).managementNeeds(hostedCluster('None'))).toEqual([]);
  });
});

/** Every platform type of the HyperShift API, registered or not (the compiler checks the list is complete). */
const API_PLATFORM_TYPES = ['AWS', 'Azure', 'IBMCloud', 'KubeVirt', 'Agent', 'PowerVS', 'None'] as const satisfies readonly PlatformType[];
type Unlisted = Exclude<PlatformType, (typeof API_PLATFORM_TYPES)[number]>;
const everyTypeListed: [Unlisted] extends [never] ? true : Unlisted = true;

/**
 * Platform type literals allowed outside lib/platforms and lib/api, as `<file>: <literal>` with the
 * reason. Empty: everything platform-specific is asked of the definitions.
 */
const ALLOWED_LITERALS: ReadonlyMap<string, string> = new Map<string, string>([]);

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith('.ts') ? [full] : [];
  });
}

const ROOT = path.join(__dirname, '..', '..');

/** The platform type literals of one source file (strings and plain template strings, in code or in types), as `<file>: <literal>`. */
function platformLiterals(file: string): string[] {
  const relative = path.relative(ROOT, file).split(path.sep).join('/');
  const types = new Set<string>(API_PLATFORM_TYPES);
  const found: string[] = [];
  const visit = (node: ts.Node): void => {
    if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && types.has(node.text)) found.push(`${relative}: ${node.text}`);
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true));
  return found;
}

test("the literal scan finds platform types where they belong (a platform's own folder)", () => {
  expect(platformLiterals(path.join(ROOT, 'lib/platforms/none/index.ts'))).toContain('lib/platforms/none/index.ts: None');
  expect(platformLiterals(path.join(ROOT, 'lib/platforms/aws/index.ts'))).toContain('lib/platforms/aws/index.ts: AWS');
});

test('nothing outside lib/platforms and lib/api names a platform type as a string literal', () => {
  expect(everyTypeListed).toBe(true);
  const found = sourceFiles(path.join(ROOT, 'lib'))
    .filter((file) => !/^lib\/(platforms|api)\//.test(path.relative(ROOT, file).split(path.sep).join('/')))
    .flatMap(platformLiterals);
  expect(found.filter((f) => !ALLOWED_LITERALS.has(f))).toEqual([]);
  // An allow-list entry that no longer matches anything is stale.
  expect([...ALLOWED_LITERALS.keys()].filter((entry) => !found.includes(entry))).toEqual([]);
});
