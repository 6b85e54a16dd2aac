/**
 * The in-process schema check (lib/api/schema): every rule type with a failing and a passing
 * example and the exact finding, the real CRDs' CEL rules, built-in kinds, and every object the
 * examples and fixtures emit.
 */
import { celRuleCoverage, checkObjectSchema, checkObjectSchemaDetailed, checkedKinds } from '../../lib/api';
import { compileRe2 } from '../../lib/api/schema/regex';
import { desugarOptionals } from '../../lib/api/schema/cel';
import { isDateTime } from '../../lib/api/schema/format';
import { walk } from '../../lib/api/schema/validate';
import { Json, clone, emittedObjects } from './differential';
import { compactSchema } from '../../scripts/gen-api/schema';

const OBJECTS = emittedObjects();
const base = (kind: string, pred: (o: Json) => boolean = () => true): Json => clone(OBJECTS.find((o: Json) => o.kind === kind && pred(o)));
const hostedCluster = () => base('HostedCluster', (o) => o.spec.platform.type === 'AWS');
const nodePool = () => base('NodePool', (o) => o.spec.platform.type === 'AWS');
const findings = (object: Json) => checkObjectSchema(object).map((f) => `${f.path}: ${f.message}`);

describe('emitted objects', () => {
  test.each(OBJECTS.map((o: Json) => [`${o.kind} ${o.metadata.namespace ?? ''}/${o.metadata.name}`, o]))('%s passes', (_t, o) => {
    const { findings: f, skipped } = checkObjectSchemaDetailed(o);
    expect(f).toEqual([]);
    expect(skipped).toEqual([]);
  });

  test('cover all emitted kinds', () => {
    expect(new Set(OBJECTS.map((o: Json) => o.kind))).toEqual(new Set(['Namespace', 'Secret', 'ConfigMap', 'Role', 'HostedCluster', 'NodePool', 'ExternalSecret']));
    expect(checkedKinds()).toEqual(expect.arrayContaining(['hypershift.openshift.io/v1beta1 HostedCluster', 'v1 Secret', 'rbac.authorization.k8s.io/v1 RoleBinding', 'v1 Service']));
  });
});

describe('structural rules', () => {
  test('type', () => {
    const np = nodePool();
    np.spec.replicas = '2';
    expect(findings(np)).toEqual(['spec.replicas: Invalid value: "string": spec.replicas in body must be of type integer']);
    np.spec.replicas = 2;
    expect(findings(np)).toEqual([]);
  });

  test('enum', () => {
    const np = nodePool();
    np.spec.arch = 'sparc';
    expect(findings(np)).toEqual(['spec.arch: Unsupported value: "sparc": supported values: "arm64", "amd64", "ppc64le", "s390x"']);
  });

  test('required, with the path and a fix', () => {
    const hc = hostedCluster();
    delete hc.spec.release.image;
    expect(checkObjectSchema(hc)).toEqual([{ path: 'spec.release.image', message: 'Required value', fix: 'set spec.release.image' }]);
  });

  test('a required field with a default is satisfied by the default', () => {
    const hc = hostedCluster();
    delete hc.spec.controllerAvailabilityPolicy;
    expect(findings(hc)).toEqual([]);
  });

  test('unknown fields (strict field validation), also in metadata and at the top level', () => {
    const hc = hostedCluster();
    hc.spec.platform.aws.notAField = 1;
    hc.metadata.notAField = 1;
    hc.extra = true;
    expect(findings(hc).sort()).toEqual([
      'extra: unknown field "extra"',
      'metadata.notAField: unknown field "metadata.notAField"',
      'spec.platform.aws.notAField: unknown field "spec.platform.aws.notAField"',
    ]);
  });

  test('pattern (RE2, unanchored as in Go)', () => {
    const hc = hostedCluster();
    hc.spec.platform.aws.terminationHandlerQueueURL = 'x';
    expect(findings(hc)).toEqual([
      "spec.platform.aws.terminationHandlerQueueURL: Invalid value: \"x\": spec.platform.aws.terminationHandlerQueueURL in body should match '^https://sqs\\.[a-z0-9-]+\\.amazonaws\\.com/[0-9]{12}/[a-zA-Z0-9_-]+(\\.fifo)?$'",
    ]);
    hc.spec.platform.aws.terminationHandlerQueueURL = 'https://sqs.us-east-1.amazonaws.com/123456789012/queue';
    expect(findings(hc)).toEqual([]);
  });

  test('maxLength counts Unicode code points', () => {
    const hc = hostedCluster();
    hc.spec.infraID = 'a'.repeat(254);
    expect(findings(hc)).toEqual(['spec.infraID: Too long: may not be more than 253 bytes']);
    // Lengths are runes, as Go counts them: an emoji is one character, not two UTF-16 units.
    const run = (value: string) => {
      const ctx = { findings: [], skipped: [] };
      walk({ type: 'string', maxLength: 3 }, value, 'x', ctx, false);
      return ctx.findings.map((f: { message: string }) => f.message);
    };
    expect(run('ab\u{1F600}')).toEqual([]);
    expect(run('abc\u{1F600}')).toEqual(['Too long: may not be more than 3 bytes']);
  });

  test('minimum / maximum', () => {
    const np = nodePool();
    np.spec.platform.aws.rootVolume.size = 1;
    expect(findings(np)).toEqual(['spec.platform.aws.rootVolume.size: Invalid value: 1: spec.platform.aws.rootVolume.size in body should be greater than or equal to 8']);
  });

  test('int32 range and scale-subresource replicas', () => {
    const np = nodePool();
    np.spec.replicas = 2 ** 40;
    expect(findings(np)).toEqual([
      'spec.replicas: Invalid value: 1099511627776: checked value must be of type integer with format int32 in spec.replicas',
      'spec.replicas: Invalid value: 1099511627776: should be less than or equal to 2147483647',
    ]);
    np.spec.replicas = -1;
    expect(findings(np)).toEqual(['spec.replicas: Invalid value: -1: should be a non-negative integer']);
  });

  test('formats: duration (date-time and others in format.ts)', () => {
    const hc = hostedCluster();
    const lb = (timeout: string) => ({
      ingressOperator: { endpointPublishingStrategy: { type: 'LoadBalancerService', loadBalancer: { scope: 'External', providerParameters: { type: 'AWS', aws: { type: 'Classic', classicLoadBalancer: { connectionIdleTimeout: timeout } } } } } },
    });
    hc.spec.operatorConfiguration = lb('banana');
    const at = 'spec.operatorConfiguration.ingressOperator.endpointPublishingStrategy.loadBalancer.providerParameters.aws.classicLoadBalancer.connectionIdleTimeout';
    expect(findings(hc)).toEqual([`${at}: Invalid value: "banana": ${at} in body must be of type duration: "banana"`]);
    hc.spec.operatorConfiguration = lb('90s');
    expect(findings(hc)).toEqual([]);
    expect([isDateTime('2025-06-01T00:00:00Z'), isDateTime('2025-02-30T00:00:00Z'), isDateTime('2025-06-01 00:00:00Z')]).toEqual([true, false, false]);
  });

  test("the format library's validate(): the IngressController's domain is a DNS subdomain", () => {
    const ic = (domain: string) => ({ apiVersion: 'operator.openshift.io/v1', kind: 'IngressController', metadata: { name: 'apps', namespace: 'openshift-ingress-operator' }, spec: { domain } });
    expect(findings(ic('apps.example.com'))).toEqual([]);
    expect(findings(ic('Apps_Example'))).toEqual([expect.stringMatching(/^spec\.domain: /)]);
    // A root rule reads metadata.name, which CEL rules at the root can see.
    const long = { ...ic(`${'a'.repeat(60)}.${'b'.repeat(60)}.${'c'.repeat(60)}.${'d'.repeat(40)}.example.com`), metadata: { name: 'x'.repeat(20), namespace: 'openshift-ingress-operator' } };
    expect(findings({ ...long, metadata: { ...long.metadata, name: 'apps' } })).toEqual([]);
    expect(findings(long)).toEqual([
      "<root>: Invalid value: The combined 'router-' + metadata.name + '.' + .spec.domain cannot exceed 253 characters",
    ]);
  });

  test("oneOf over formats: the IngressController's syslog address is exactly one of ipv4 and ipv6", () => {
    const syslog = (address: string) => ({
      apiVersion: 'operator.openshift.io/v1',
      kind: 'IngressController',
      metadata: { name: 'default', namespace: 'openshift-ingress-operator' },
      spec: { logging: { access: { destination: { type: 'Syslog', syslog: { address, port: 514 } } } } },
    });
    const at = 'spec.logging.access.destination.syslog.address';
    expect(findings(syslog('192.0.2.1'))).toEqual([]);
    expect(findings(syslog('2001:db8::1'))).toEqual([]);
    expect(findings(syslog('logs.example.com'))).toEqual([`${at}: Invalid value: "logs.example.com": ${at} in body must validate one and only one schema (oneOf): ipv4 or ipv6`]);
  });

  test('list-type map keys are unique', () => {
    const hc = hostedCluster();
    hc.spec.configuration = { apiServer: { audit: { customRules: [{ group: 'g', profile: 'None' }, { group: 'g', profile: 'Default' }] } } };
    expect(findings(hc)).toEqual(['spec.configuration.apiServer.audit.customRules[1]: Duplicate value: {"group":"g"}']);
  });

  test('list-type set items are unique', () => {
    const hc = hostedCluster();
    hc.spec.imageContentSources = [{ source: 'quay.io/x', mirrors: ['m.example.com/x', 'm.example.com/x'] }];
    expect(findings(hc)).toEqual(['spec.imageContentSources[0].mirrors[1]: Duplicate value: "m.example.com/x"']);
  });

  test('maxItems', () => {
    const hc = hostedCluster();
    hc.spec.etcd.managed.storage.restoreSnapshotURL = ['https://a', 'https://b'];
    expect(findings(hc)).toEqual([
      'spec.etcd.managed.storage.restoreSnapshotURL: Too many: 2: must have at most 1 items',
      "spec.etcd.managed.storage.restoreSnapshotURL: Invalid value: RestoreSnapshotURL shouldn't contain more than 1 entry",
    ]);
  });

  test("a kind written by hand (ManagedClusterAddOn): only the field the library writes, as its CRD types it", () => {
    const addOn = { apiVersion: 'addon.open-cluster-management.io/v1alpha1', kind: 'ManagedClusterAddOn', metadata: { name: 'hypershift-addon', namespace: 'local-cluster' }, spec: { installNamespace: 'open-cluster-management-agent-addon' } };
    expect(findings(addOn)).toEqual([]);
    expect(findings({ ...addOn, spec: { installNamespace: 'Agent_Addon', configs: [] } })).toEqual([
      `spec.installNamespace: Invalid value: "Agent_Addon": spec.installNamespace in body should match '^[a-z0-9]([-a-z0-9]*[a-z0-9])?$'`,
      'spec.configs: unknown field "spec.configs"',
    ]);
    expect(findings({ ...addOn, spec: undefined })).toEqual([expect.stringMatching(/^spec: Required value/)]);
  });

  test('unknown apiVersion/kind', () => {
    expect(checkObjectSchema({ apiVersion: 'v1', kind: 'Pod', metadata: { name: 'p' } })).toEqual([
      expect.objectContaining({ path: 'kind', message: 'no schema known for v1 Pod' }),
    ]);
    expect(findings(5)).toEqual(['<root>: Invalid value: an object must be a JSON object']);
  });
});

describe('metadata (apimachinery rules)', () => {
  test('names, namespaces, labels and annotations', () => {
    const hc = hostedCluster();
    hc.metadata.name = 'Bad';
    hc.metadata.namespace = 'a.b';
    hc.metadata.labels = { 'a/b/c': 'x', ok: 'v'.repeat(64) };
    hc.metadata.annotations = { 'bad key': 'x' };
    expect(findings(hc).map((f) => f.split(': Invalid value')[0])).toEqual([
      'metadata.name', 'metadata.namespace', 'metadata.labels["a/b/c"]', 'metadata.labels.ok', 'metadata.annotations["bad key"]',
    ]);
  });

  test('annotations total size', () => {
    const hc = hostedCluster();
    hc.metadata.annotations = { a: 'x'.repeat(256 * 1024) };
    expect(findings(hc)).toEqual(['metadata.annotations: Too long: may not be more than 262144 bytes']);
  });

  test('Namespace names are DNS labels', () => {
    expect(findings({ apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'a.b' } })).toEqual([
      "metadata.name: Invalid value: \"a.b\": a lowercase RFC 1123 label must consist of lower case alphanumeric characters or '-', and must start and end with an alphanumeric character",
    ]);
  });
});

describe('CEL rules from the real CRDs', () => {
  test('NodePool: replicas and autoScaling are exclusive', () => {
    const np = nodePool();
    np.spec.replicas = 2;
    np.spec.autoScaling = { min: 1, max: 3 };
    expect(checkObjectSchema(np)).toEqual([
      expect.objectContaining({ path: 'spec', message: 'Invalid value: Both replicas or autoScaling should not be set', rule: '!has(self.replicas) || !has(self.autoScaling)' }),
    ]);
  });

  test('NodePool: autoScaling max >= min', () => {
    const np = nodePool();
    delete np.spec.replicas;
    np.spec.autoScaling = { min: 3, max: 1 };
    expect(findings(np)).toEqual(['spec.autoScaling: Invalid value: max must be equal or greater than min']);
  });

  test('HostedCluster: a publishing strategy of type NodePort needs nodePort', () => {
    const hc = hostedCluster();
    hc.spec.services[1].servicePublishingStrategy = { type: 'NodePort' };
    expect(findings(hc)).toEqual(['spec.services[1].servicePublishingStrategy: Invalid value: nodePort is required when type is NodePort, and forbidden otherwise']);
  });

  test('HostedCluster: at least four services', () => {
    const hc = hostedCluster();
    hc.spec.services.pop();
    expect(findings(hc)).toEqual([expect.stringMatching(/^spec: Invalid value: /)]);
  });

  test('HostedCluster: Azure needs an OAuthServer Route (a rule with optional syntax)', () => {
    const hc = hostedCluster();
    hc.spec.platform = { type: 'Azure' };
    expect(findings(hc)).toEqual([]);
    hc.spec.services.find((s: Json) => s.service === 'OAuthServer').servicePublishingStrategy = { type: 'LoadBalancer' };
    expect(findings(hc)).toEqual([expect.stringMatching(/^spec: Invalid value: /)]);
  });

  test('IP and CIDR library functions', () => {
    const hc = hostedCluster();
    hc.spec.operatorConfiguration = { clusterNetworkOperator: { ovnKubernetesConfig: { v4InternalSubnet: 'fd00::/64' } } };
    const at = 'spec.operatorConfiguration.clusterNetworkOperator.ovnKubernetesConfig.v4InternalSubnet';
    expect(findings(hc)).toEqual([
      `${at}: Invalid value: Subnet must be in a valid IPv4 CIDR format`,
      `${at}: Invalid value: subnet must be in the range /0 to /30 inclusive`,
      `${at}: Invalid value: first IP address octet must not be 0`,
    ]);
    hc.spec.operatorConfiguration.clusterNetworkOperator.ovnKubernetesConfig.v4InternalSubnet = '100.99.0.0/16';
    expect(findings(hc)).toEqual([]);
  });

  test('every rule on create can be evaluated', () => {
    const coverage = celRuleCoverage();
    expect(coverage.total).toBe(322); // 225 of HostedCluster, NodePool and ExternalSecret; 7 of BGPAdvertisement, BGPPeer and HyperConverged; 3 of VirtualMachine; 9 of ContainerRuntimeConfig; 65 of IngressController; 4 of Image; 6 of ClusterDeployment; 2 of Flux's Kustomization and 1 of its GitRepository
    expect(coverage.skipped).toEqual([]);
  });

  test('optional chains are rewritten into has() tests', () => {
    expect(desugarOptionals('self.?a.b.orValue("") == "x"')).toBe('(has(self.a) && has(self.a.b) ? self.a.b : "") == "x"');
    expect(desugarOptionals('self.?a.hasValue()')).toBeUndefined();
  });
});

describe('built-in kinds', () => {
  const secret = (extra: Json) => ({ apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'n' }, ...extra });

  test('Secret data values are base64 and keys are config keys', () => {
    expect(findings(secret({ data: { key: 'aGVsbG8=' } }))).toEqual([]);
    expect(findings(secret({ data: { 'bad key': 'not base64!' } }))).toEqual([
      'data["bad key"]: Invalid value: "not base64!": data["bad key"] in body must be of type byte: "not base64!"',
      "data[\"bad key\"]: Invalid value: \"bad key\": a valid config key must consist of alphanumeric characters, '-', '_' or '.'",
    ]);
    expect(findings(secret({ data: 5 }))).toEqual(['data: Invalid value: "integer": data in body must be of type object']);
  });

  test('Role rules need verbs; RoleBinding needs roleRef', () => {
    const role = { apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', metadata: { name: 'r', namespace: 'n' }, rules: [{ resources: ['pods'] }] };
    expect(findings(role)).toEqual(['rules[0].verbs: Required value']);
    expect(findings({ apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', metadata: { name: 'b', namespace: 'n' } })).toEqual(['roleRef: Required value']);
  });

  test('Service names are DNS-1035 labels and ports unique', () => {
    const svc = { apiVersion: 'v1', kind: 'Service', metadata: { name: '1svc', namespace: 'n' }, spec: { ports: [{ port: 443, protocol: 'TCP' }, { port: 443, protocol: 'TCP' }] } };
    expect(findings(svc).map((f) => f.split(':')[0])).toEqual(['metadata.name', 'spec.ports[1]']);
  });
});

describe('RE2 patterns', () => {
  test.each([
    ['^[a-z]+\\z', 'abc', true],
    ['(?i)^abc$', 'ABC', true],
    ['^a.c$', 'a\nc', false],
    ['^\\p{L}+$', 'été', true],
    ['a{2}', 'caab', true],
  ])('%s on %j', (pattern, text, expected) => {
    expect(compileRe2(pattern).test(text)).toBe(expected);
  });
});

describe('generated schemas', () => {
  const compact = (schema: Record<string, unknown>) => compactSchema(schema, 'Widget.spec.mode', { rules: 0, transitionRules: 0, ignoredFormats: new Set() });

  test('the generator intersects an allOf of enums with the enum of the node itself', () => {
    expect(compact({ type: 'string', enum: ['a', 'b', 'c'], allOf: [{ enum: ['b', 'c', 'd'] }, { enum: ['c', 'b'] }] }).enum).toEqual(['b', 'c']);
  });

  test('the generator writes no enum for an empty allOf (it constrains nothing)', () => {
    expect(compact({ type: 'string', allOf: [] }).enum).toBeUndefined();
  });

  test('the generator refuses an allOf branch that is not only an enum', () => {
    expect(() => compact({ type: 'string', allOf: [{ enum: ['a'] }, { pattern: '^a$' }] })).toThrow(
      'Widget.spec.mode: allOf is only supported as a list of enums; add this shape to scripts/gen-api/schema.ts',
    );
  });

  test('an allOf of enums keeps the values every branch allows (Hive vSphere failure domains)', () => {
    const clusterDeployment = (regionType: string): Json => ({
      apiVersion: 'hive.openshift.io/v1',
      kind: 'ClusterDeployment',
      metadata: { name: 'site', namespace: 'site' },
      spec: {
        baseDomain: 'example.com',
        clusterName: 'site',
        platform: { vsphere: { infrastructure: { failureDomains: [{ name: 'fd', region: 'r', zone: 'z', server: 'vc.example.com', topology: {}, regionType }] } } },
      },
    });
    const regionFindings = (regionType: string) => findings(clusterDeployment(regionType)).filter((f) => f.includes('regionType'));
    expect(regionFindings('Datacenter')).toEqual([]);
    // In the first branch (HostGroup, Datacenter, ComputeCluster) but not the second.
    expect(regionFindings('HostGroup')).toEqual([
      'spec.platform.vsphere.infrastructure.failureDomains[0].regionType: Unsupported value: "HostGroup": supported values: "Datacenter", "ComputeCluster"',
    ]);
  });
});
