/** The management cluster's planning: presets, validation with paths, order and readiness. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import { SecretSource, checkHostedClusterIngress, checkManagementCluster, planHostedCluster } from '../../lib';
import type { ManagementClusterProps, ValidationIssue } from '../../lib';
import { agentCluster, EXAMPLE_OPTIONS } from '../../examples/clusters';
import { PLATFORM_PRESETS, parseAddressRange } from '../../lib/management';
import { PLATFORM_TYPES } from '../../lib/platforms';

const errors = (props: unknown) => checkManagementCluster(props).issues.filter((i) => i.severity === 'error').map((i) => `${i.path}: ${i.message}`);
const kinds = (props: ManagementClusterProps) => checkManagementCluster(props).plan!.objects.map((o) => `${o.phase.wave} ${o.object.kind}/${o.object.metadata.name}`);
const oidc = { bucket: 'oidc', region: 'us-east-1', credentials: SecretSource.existing('hypershift-operator-oidc-provider-s3-credentials') };
const kubevirt: ManagementClusterProps = { platforms: ['KubeVirt'], metallb: { pools: [{ name: 'p', addresses: ['10.0.0.100-10.0.0.120'] }] }, machineNetwork: ['10.0.0.0/24'] };

describe('presets', () => {
  test('None: the multicluster engine only, with hypershift and hypershift-local-hosting', () => {
    const plan = checkManagementCluster({ platforms: ['None'] }).plan!;
    expect(kinds({ platforms: ['None'] })).toEqual([
      '-3 Namespace/multicluster-engine',
      '-3 OperatorGroup/multicluster-engine-operatorgroup',
      '-3 Subscription/multicluster-engine',
      '-2 MultiClusterEngine/multiclusterengine',
    ]);
    const mce = plan.objects.find((o) => o.object.kind === 'MultiClusterEngine')!;
    expect((mce.object as unknown as { spec: { overrides: { components: unknown[] } } }).spec.overrides.components).toEqual([
      { name: 'hypershift', enabled: true },
      { name: 'hypershift-local-hosting', enabled: true },
    ]);
    expect(mce.readiness).toEqual({ kind: 'jsonpath', path: '.status.phase', value: 'Available' });
    expect(mce.object.metadata.annotations?.['argocd.argoproj.io/sync-options']).toBe('SkipDryRunOnMissingResource=true');
  });

  test('KubeVirt: OpenShift Virtualization and MetalLB, pools after the MetalLB instance', () => {
    expect(kinds(kubevirt).filter((k) => !k.includes('multicluster'))).toEqual([
      '-3 Namespace/metallb-system',
      '-3 OperatorGroup/metallb-operator',
      '-3 Subscription/metallb-operator',
      '-3 Namespace/openshift-cnv',
      '-3 OperatorGroup/kubevirt-hyperconverged-group',
      '-3 Subscription/kubevirt-hyperconverged',
      '-2 MetalLB/metallb',
      '-1 IPAddressPool/p',
      '-1 L2Advertisement/p',
      '-2 HyperConverged/kubevirt-hyperconverged',
      '-2 IngressController/default',
    ]);
  });

  test('Agent: assisted-service through MCE, no Subscription of its own', () => {
    const plan = checkManagementCluster({ platforms: ['Agent'] }).plan!;
    const asc = plan.objects.find((o) => o.object.kind === 'AgentServiceConfig')!;
    expect(asc.phase.wave).toBe(-1);
    expect(asc.readiness).toEqual({ kind: 'condition', type: 'DeploymentsHealthy', status: 'True' });
    expect(plan.objects.filter((o) => o.object.kind === 'Subscription')).toHaveLength(1);
  });

  test('AWS: needs the OIDC bucket secret, which goes to local-cluster after MCE', () => {
    expect(errors({ platforms: ['AWS'] })).toEqual([expect.stringMatching(/^multiclusterEngine.oidcStorage: AWS hosted clusters need the S3 bucket/)]);
    const plan = checkManagementCluster({ platforms: ['AWS'], multiclusterEngine: { oidcStorage: { ...oidc, credentials: SecretSource.external({ store: 'vault', key: 'oidc' }) } } }).plan!;
    const secret = plan.objects.find((o) => o.object.kind === 'ExternalSecret')!;
    expect(secret.phase.wave).toBe(-1);
    expect(secret.object.metadata).toMatchObject({ name: 'hypershift-operator-oidc-provider-s3-credentials', namespace: 'local-cluster' });
    expect((secret.object as unknown as { spec: { target: { template: { data: unknown } } } }).spec.target.template.data).toEqual({
      bucket: 'oidc',
      credentials: '{{ index . "credentials" }}',
      region: 'us-east-1',
    });
  });

  test('every preset is documented', () => {
    expect(Object.keys(PLATFORM_PRESETS)).toEqual([...PLATFORM_TYPES]);
    // A row of the presets table in the management-cluster guide per platform.
    const guide = fs.readFileSync(path.join(__dirname, '../../docs/management-cluster.md'), 'utf8');
    const rows = [...guide.matchAll(/^\| (\w+) \| /gm)].map((m) => m[1]);
    for (const type of PLATFORM_TYPES) expect(rows).toContain(type);
  });

  test('a component switched off is brought by the user: not installed, with a warning', () => {
    const checked = checkManagementCluster({ platforms: ['KubeVirt'], metallb: false, virtualization: false });
    expect(checked.plan!.objects.map((o) => o.object.kind)).not.toContain('MetalLB');
    expect(checked.issues.filter((i) => i.severity === 'warning').map((i) => i.path)).toEqual(['metallb', 'virtualization']);
  });
});

describe('validation', () => {
  test('any value gives findings, never an exception', () => {
    for (const value of [undefined, null, 42, 'x', [], { platforms: 'AWS' }, { platforms: [], metallb: 3 }, { platforms: ['None'], nope: 1 }]) {
      expect(() => checkManagementCluster(value)).not.toThrow();
      expect(checkManagementCluster(value).issues.length).toBeGreaterThan(0);
    }
    expect(errors({ platforms: ['kubevirt'] })).toEqual([`platforms[0]: "kubevirt" (a string) is not one of ${Object.keys(PLATFORM_PRESETS).join(', ')}; did you mean "KubeVirt"?`]);
  });

  test('overlapping pools, pools outside the machine network, unknown BGP peers', () => {
    const found = errors({
      ...kubevirt,
      metallb: {
        pools: [
          { name: 'a', addresses: ['10.0.0.0/26'] },
          { name: 'b', addresses: ['10.0.0.60-10.0.0.70', '10.1.0.0/24'] },
          { name: 'c', addresses: ['10.9.0.0/24'], bgp: { peers: ['nope'] } },
        ],
      },
    });
    expect(found).toEqual([
      expect.stringMatching(/^metallb.pools\[1\].addresses\[0\]: "10.0.0.60-10.0.0.70" overlaps "10.0.0.0\/26" \(metallb.pools\[0\].addresses\[0\], pool a\)/),
      expect.stringMatching(/^metallb.pools\[1\].addresses\[1\]: "10.1.0.0\/24" is outside the machine network \(10.0.0.0\/24\)/),
      'metallb.pools[2].bgp: the pool is announced with BGP but no BGP peer is defined.',
      'metallb.pools[2].bgp.peers[0]: no BGP peer is named "nope".',
    ]);
    expect(parseAddressRange('10.0.0.9-10.0.0.1')).toBe('ends before it starts');
  });

  test('channels, MCE versions per platform, components and secrets', () => {
    expect(errors({ platforms: ['None'], operators: { metallb: {} }, multiclusterEngine: { components: { hypershift: false, 'hyper-shift': true } } })).toEqual([
      expect.stringMatching(/^multiclusterEngine.components\["hypershift"\]: hypershift cannot be switched off/),
      expect.stringMatching(/^multiclusterEngine.components\["hyper-shift"\]: "hyper-shift" is not a multicluster engine component/),
    ]);
    expect(errors({ platforms: ['AWS'], multiclusterEngine: { oidcStorage: oidc }, operators: { multiclusterEngine: { channel: 'stable-2.4' } } })).toEqual([
      'operators.multiclusterEngine.channel: stable-2.4 installs multicluster engine 2.4; hosted control planes on AWS need 2.5 or later.',
    ]);
    expect(errors({ platforms: ['None'], operators: { multiclusterEngine: { channel: 'alpha' } } })).toEqual([expect.stringMatching(/^operators.multiclusterEngine.channel: channel "alpha" is not a channel of multicluster-engine/)]);
    expect(errors({ platforms: ['AWS'], multiclusterEngine: { oidcStorage: { ...oidc, bucket: 'a.b', credentials: SecretSource.existing('other') } } })).toEqual([
      expect.stringMatching(/^multiclusterEngine.oidcStorage.bucket: "a.b" contains dots/),
      expect.stringMatching(/^multiclusterEngine.oidcStorage.credentials.existingSecret: the hypershift add-on reads only the Secret "hypershift-operator-oidc-provider-s3-credentials"/),
    ]);
    expect(errors({ platforms: ['AWS'], multiclusterEngine: { oidcStorage: { ...oidc, credentials: SecretSource.inline('x') } } })).toEqual([
      expect.stringMatching(/^multiclusterEngine.oidcStorage.credentials.inline: an inline secret value would be written/),
    ]);
    expect(errors({ platforms: ['KubeVirt'] })).toEqual([expect.stringMatching(/^metallb: MetalLB is installed for KubeVirt .* but has no address pools/)]);
  });

  test('control-plane nodes: labels and taints from the documentation', () => {
    const plan = checkManagementCluster({ platforms: ['None'], controlPlaneNodes: [{ name: 'n1', zone: 'rack1', dedicatedTo: 'clusters-a', infra: true }] }).plan!;
    expect(plan.controlPlaneNodes).toEqual([
      {
        name: 'n1',
        labels: { 'hypershift.openshift.io/control-plane': 'true', 'topology.kubernetes.io/zone': 'rack1', 'hypershift.openshift.io/cluster': 'clusters-a', 'node-role.kubernetes.io/infra': '' },
        taints: [
          { key: 'hypershift.openshift.io/control-plane', value: 'true', effect: 'NoSchedule' },
          { key: 'hypershift.openshift.io/cluster', value: 'clusters-a', effect: 'NoSchedule' },
        ],
      },
    ]);
  });

  test('MetalLB settings get the same findings on the management cluster and inside a hosted cluster (one install function)', () => {
    const operator = { channel: 'beta', source: 'redhat-operators', approval: 'Manual' as const };
    const pools = { pools: [{ name: 'p', addresses: ['10.0.0.100-10.0.0.120'] }] };
    const about = (prefix: string, issues: readonly ValidationIssue[]) => issues.filter((i) => i.path.startsWith(prefix)).map((i) => ({ severity: i.severity, field: i.path.slice(prefix.length), message: i.message }));
    const management = about('operators.metallb', checkManagementCluster({ ...kubevirt, operators: { metallb: operator } }).issues);
    const hostedCluster = planHostedCluster(agentCluster, EXAMPLE_OPTIONS).hostedCluster;
    const inside = about('operator', checkHostedClusterIngress(hostedCluster, { metallb: pools, operator }).issues);
    expect(management.map((i) => `${i.severity} ${i.field}`)).toEqual(['error .channel', 'warning .approval']);
    expect(inside).toEqual(management);
  });
});
