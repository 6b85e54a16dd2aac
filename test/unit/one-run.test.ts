/**
 * Every finding in one run (issue 17): every unknown key of every object, and a malformed value
 * hides no problem of the rest of the props; findings name the props path, with the rendered path
 * where it says more. The same for the hosted cluster, a NodePool added on its own, the management
 * cluster, the agent infrastructure and the day-2 ingress.
 */
import { checkHostedCluster, checkNodePool, planHostedCluster } from '../../lib/platforms';
import { checkAgentInfrastructure } from '../../lib/platforms/agent/infrastructure';
import { checkManagementCluster } from '../../lib/management';
import { checkHostedClusterIngress } from '../../lib/day2';
import { formatIssues } from '../../lib/core';
import { checkProps, inParts } from '../../lib/core/check-props';
import { parsePath, propsPaths } from '../../lib/core/props-paths';
import { strict, text } from '../../lib/core/schema';
import { v } from '../../lib/core/valibot';
import { EXAMPLE_MANAGEMENT_CLUSTER, noneCluster } from '../../examples/clusters';
import { EXAMPLE_AGENT_INFRASTRUCTURE } from '../../examples/agent-infrastructure';
import { BASE, ONE_RUN_CASES } from './one-run-cases';

const lines = (issues: Parameters<typeof formatIssues>[0]) => (issues.length === 0 ? [] : formatIssues(issues).split('\n'));

describe('the inputs of the issue, each problem in one run', () => {
  test.each(ONE_RUN_CASES.map((c) => [c.title, c] as const))('%s', (_title, c) => {
    expect(lines(checkHostedCluster(c.props, c.options).issues)).toEqual(c.lines);
  });

  test('no plan comes from props that had a malformed value, though the rest of them was checked', () => {
    const { plan, issues } = checkHostedCluster(ONE_RUN_CASES[2].props);
    expect(issues).toHaveLength(3);
    expect(plan).toBeUndefined();
  });

  test('the three network shapes render the same spec', () => {
    const plan = planHostedCluster({
      ...BASE,
      networking: { clusterNetwork: [{ cidr: '10.132.0.0/14', hostPrefix: 23 }], serviceNetwork: [{ cidr: '172.31.0.0/16' }], machineNetwork: ['192.168.122.0/24'] },
    } as never);
    expect(plan.hostedCluster.spec.networking).toEqual({
      networkType: 'OVNKubernetes',
      clusterNetwork: [{ cidr: '10.132.0.0/14', hostPrefix: 23 }],
      serviceNetwork: [{ cidr: '172.31.0.0/16' }],
      machineNetwork: [{ cidr: '192.168.122.0/24' }],
    });
  });

  test('a malformed value in what everything depends on (name, namespace, release, platform) stops at the schema findings', () => {
    expect(lines(checkHostedCluster({ ...BASE, namespace: 5, nodePools: [{ replicas: '3' }], networking: { serviceNetwork: ['10.132.0.0/14'] } }).issues)).toEqual([
      '  error HostedCluster <invalid namespace>/demo namespace: 5 (a number) is not a string. Fix: Give a namespace name as a string, e.g. "clusters".',
      '  error HostedCluster <invalid namespace>/demo nodePools[0].replicas: "3" (a string) is not a whole number. Fix: Give a whole number from 0 to 2000.',
    ]);
  });

  test('a malformed or missing pull secret hides nothing else: a stand-in takes its place, and no finding comes from the stand-in', () => {
    const rest = { networking: { serviceNetwork: ['10.132.0.0/16'] }, nodePools: [{ name: 'demo', replicas: -1 }] };
    // The schema's findings come first, then those of the other checks.
    const others = ['HostedCluster clusters/demo nodePools[0].replicas', 'HostedCluster clusters/demo networking.serviceNetwork[0]'];
    const { pullSecret: _, ...withoutPullSecret } = BASE;
    for (const props of [{ ...BASE, ...rest, pullSecret: 42 }, { ...BASE, ...rest, pullSecret: { name: 'x' } }, { ...withoutPullSecret, ...rest }]) {
      const { plan, issues } = checkHostedCluster(props);
      expect(issues.filter((i) => i.severity === 'error').map((i) => `${i.object} ${i.path}`)).toEqual(['HostedCluster clusters/demo pullSecret', ...others]);
      expect(JSON.stringify(issues)).not.toContain('stand-in');
      expect(plan).toBeUndefined();
    }
  });

  test('a NodePool given as a malformed list stands for none, not for the default NodePool', () => {
    const issues = checkHostedCluster({ ...BASE, nodePools: 'workers', baseDomain: 'Not_A_Domain' }).issues;
    expect(issues.map((i) => `${i.object} ${i.path}`)).toEqual(['HostedCluster clusters/demo nodePools', 'HostedCluster clusters/demo baseDomain']);
  });

  test('a NodePool whose name is malformed is not planned; the others are', () => {
    const issues = checkHostedCluster({ ...BASE, nodePools: [{ name: 7 }, { name: 'demo', nodeDrainTimeout: 'soon' }] }).issues;
    expect(issues.map((i) => `${i.object} ${i.path}`)).toEqual(['HostedCluster clusters/demo nodePools[0].name', 'NodePool clusters/demo nodePools[1].nodeDrainTimeout']);
  });
});

describe('a NodePool added on its own (addNodePool), the management cluster, agent infrastructure and ingress: every finding in one run', () => {
  test('addNodePool: unknown keys, a wrong type and the skew, at once, with paths in the pool\'s props', () => {
    const cluster = planHostedCluster(BASE as never);
    const { nodePool, issues } = checkNodePool(cluster, { name: 'extra', replica: 2, autoRepair: 'yes', release: { image: 'quay.io/openshift-release-dev/ocp-release:4.12.1-x86_64' } });
    expect(nodePool).toBeUndefined();
    expect(lines(issues)).toEqual([
      '  error NodePool clusters/extra autoRepair: "yes" (a string) is not true or false. Fix: Give true or false (without quotes).',
      '  error NodePool clusters/extra replica: unknown key "replica"; did you mean "replicas"? Fix: Rename it to "replicas", or remove it.',
      "  error NodePool clusters/extra release.image: NodePool version 4.12 is 5 minor releases behind the HostedCluster's 4.17; at most 3 are supported. Fix: Upgrade the NodePool to 4.14 or later (at most 3 minor releases behind the control plane's 4.17).",
    ]);
  });

  test('management cluster: two unknown keys and a wrong type hide nothing else', () => {
    const { plan, issues } = checkManagementCluster({
      ...EXAMPLE_MANAGEMENT_CLUSTER,
      multiclusterEngin: {},
      storag: 'lvms',
      taintControlPlaneNodes: 'yes',
      catalogSources: [
        { name: 'mirror', image: 'registry.example.com/catalog:v4.17' },
        { name: 'mirror', image: 'registry.example.com/catalog:v4.18' },
      ],
    });
    expect(plan).toBeUndefined();
    expect(issues.map((i) => `${i.severity} ${i.path}: ${i.message}`)).toEqual([
      'error taintControlPlaneNodes: "yes" (a string) is not true or false.',
      'error multiclusterEngin: unknown key "multiclusterEngin"; did you mean "multiclusterEngine"?',
      'error storag: unknown key "storag"; did you mean "storage"?',
      'error catalogSources[0].name: catalog source "mirror" is defined twice.',
    ]);
  });

  test('agent infrastructure: a wrong type in one host hides neither its other problems nor the InfraEnv\'s', () => {
    const example = Object.values(EXAMPLE_AGENT_INFRASTRUCTURE)[0];
    const hosts = example.hosts ?? [];
    const { issues } = checkAgentInfrastructure({
      ...example,
      infraEnv: { ...example.infraEnv, sshAuthorizedKey: 'not a key' },
      hosts: [{ ...hosts[0], bootMACAddress: 'zz', bmc: { ...hosts[0].bmc!, disableCertificateVerification: 'no' } }, ...hosts.slice(1)],
    });
    expect(issues.map((i) => `${i.severity} ${i.path}: ${i.message}`)).toEqual([
      `error hosts[0].bmc.disableCertificateVerification: "no" (a string) is not true or false.`,
      'error infraEnv.sshAuthorizedKey: the value does not look like an OpenSSH public key ("ssh-ed25519 AAAA...").',
      `error hosts[0].bootMACAddress: "zz" is not a MAC address.`,
      'warning dns: DNS records need the hosted cluster (its name and base domain); none are planned.',
    ]);
  });

  test('ingress: an unknown key and a wrong type, at once', () => {
    const cluster = planHostedCluster({ ...noneCluster, nodePools: [] });
    const { issues } = checkHostedClusterIngress(cluster.hostedCluster, {
      metallb: { pools: [{ name: 'ingress', addresses: ['192.0.2.200-192.0.2.210'] }] },
      servicename: 'router',
      preserveClientAddress: 'yes',
    });
    expect(issues.map((i) => `${i.severity} ${i.path}: ${i.message}`)).toEqual([
      'error preserveClientAddress: "yes" (a string) is not true or false.',
      'error servicename: unknown key "servicename"; did you mean "serviceName"?',
    ]);
  });
});

describe('checkProps: malformed values are left out, the rest is checked', () => {
  const schema = strict({ name: text(), sizes: v.optional(strict({ a: v.optional(text()), b: v.optional(text()) })), list: v.optional(v.array(strict({ key: text() }))) });

  test('well-formed props come back as they are', () => {
    expect(checkProps(schema, { name: 'x' }, 'thing', ['name'])).toEqual({ issues: [], props: { name: 'x' }, parts: [] });
  });

  test('a malformed leaf is left out and named as its part; unknown keys are left out and name no part', () => {
    const checked = checkProps(schema, { name: 'x', sizes: { a: 1, b: 'ok' }, extra: true }, 'thing', ['name']);
    expect(checked.issues.map((i) => i.path)).toEqual(['sizes.a', 'extra']);
    expect(checked.props).toEqual({ name: 'x', sizes: { b: 'ok' } });
    expect(checked.parts).toEqual(['sizes']);
  });

  test('an item missing a required key takes its list out; a malformed foundation stops', () => {
    const checked = checkProps(schema, { name: 'x', list: [{ key: 'a' }, { key: 5 }] }, 'thing', ['name']);
    expect(checked.props).toEqual({ name: 'x' });
    expect(checked.parts).toEqual(['list[1].key', 'list']);
    expect(checkProps(schema, { name: 5, sizes: { a: 1 } }, 'thing', ['name']).props).toBeUndefined();
    expect(checkProps(schema, { sizes: {} }, 'thing', []).props).toBeUndefined(); // the props themselves lack a required key
  });

  test('inParts: a part holds the paths below it, not its neighbours', () => {
    expect(inParts('nodePools[1].replicas', ['nodePools[1].replicas'])).toBe(true);
    expect(inParts('networking.serviceNetwork[0]', ['networking'])).toBe(true);
    expect(inParts('networkingX', ['networking'])).toBe(false);
    expect(inParts('nodePools[10].replicas', ['nodePools[1]'])).toBe(false);
  });
});

describe('props paths: the path the user wrote, with the rendered path where it says more', () => {
  const rules = [
    ['metadata.name', 'name'],
    ['spec.networking.serviceNetwork', 'networking.serviceNetwork'],
    ['spec.dns.baseDomain', 'baseDomain', 'default'],
    ['spec.platform.aws.resourceTags', 'platform.aws.resourceTags', 'whole'],
    ['metadata.annotations', 'annotations'],
  ] as const;
  const given = {
    name: 'x',
    networking: { serviceNetwork: ['172.31.0.0/16', { cidr: 'fd02::/112' }] },
    platform: { aws: { resourceTags: { team: 'a' } } },
    annotations: { note: 'n' },
    specOverrides: { networking: { clusterNetwork: [{ cidr: '10.0.0.0/33' }] } },
  };
  const paths = propsPaths(rules, given);

  test.each([
    ['metadata.name', { path: 'name' }],
    ['spec.networking.serviceNetwork[0].cidr', { path: 'networking.serviceNetwork[0]', renderedPath: 'spec.networking.serviceNetwork[0].cidr' }],
    ['spec.networking.serviceNetwork[1].cidr', { path: 'networking.serviceNetwork[1].cidr' }],
    ['spec.networking.clusterNetwork[0].cidr', { path: 'specOverrides.networking.clusterNetwork[0].cidr' }],
    ['spec.dns.baseDomain', { path: 'baseDomain', renderedPath: 'spec.dns.baseDomain' }],
    ['spec.platform.aws.resourceTags[0].key', { path: 'platform.aws.resourceTags', renderedPath: 'spec.platform.aws.resourceTags[0].key' }],
    ['metadata.annotations["note"]', { path: 'annotations.note' }],
    // Not given by the user (another prop made it): the rendered path stays.
    ['metadata.annotations["hypershift.openshift.io/restart-date"]', { path: 'metadata.annotations["hypershift.openshift.io/restart-date"]' }],
    ['spec.services[0].servicePublishingStrategy', { path: 'spec.services[0].servicePublishingStrategy' }],
    // Already a props path.
    ['services.apiServerAddress', { path: 'services.apiServerAddress' }],
  ] as const)('%s', (rendered, expected) => expect(paths(rendered)).toEqual(expected));

  test('a prefix places an object\'s props inside the user\'s (a NodePool)', () =>
    expect(propsPaths([['spec.replicas', 'replicas']], { nodePools: [{}, { replicas: 2 }] }, ['nodePools', 1])('spec.replicas')).toEqual({ path: 'nodePools[1].replicas' }));

  test('parsePath reads what formatPath writes, and nothing else', () => {
    expect(parsePath('spec.a[0]["b/c"].d')).toEqual(['spec', 'a', 0, 'b/c', 'd']);
    expect(parsePath('spec.release.image (version)')).toBeUndefined();
    expect(parsePath('(props)')).toBeUndefined();
  });
});
