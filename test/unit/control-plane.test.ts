/**
 * Where and how the control plane runs (issue 28, control plane): request-serving isolation (the
 * HostedCluster's annotations, the management nodes it needs, the check across the app), resource
 * requests with limits refused as not expressible, and bring-your-own PKI as a warning.
 */
import type { ManagementClusterProps, ValidationIssue } from '../../lib';
import { checkManagementCluster } from '../../lib';
import { Plan, contributionOf } from '../../lib/core';
import type { PlannedPart } from '../../lib/core';
import { HostedClusterProps, checkHostedCluster } from '../../lib/platforms';
import { noneCluster, SUPPORTED_VERSIONS } from '../../examples/clusters';

const options = { supportedVersions: SUPPORTED_VERSIONS };
const cluster = (more: Partial<HostedClusterProps>): HostedClusterProps => ({ ...noneCluster, controllerAvailabilityPolicy: 'HighlyAvailable', ...more }) as HostedClusterProps;
const findings = (props: HostedClusterProps, prefix: string) =>
  checkHostedCluster(props, options).issues.filter((i) => i.path.startsWith(prefix)).map(({ severity, path, message }) => ({ severity, path, message }));
const annotationsOf = (props: HostedClusterProps) => checkHostedCluster(props, options).plan?.hostedCluster.metadata.annotations;

describe('request-serving isolation', () => {
  test('the topology annotation, and the additional selector sorted by key', () => {
    expect(annotationsOf(cluster({ requestServingIsolation: {} }))).toEqual({ 'hypershift.openshift.io/topology': 'dedicated-request-serving-components' });
    expect(annotationsOf(cluster({ requestServingIsolation: { additionalNodeSelector: { 'node.example.com/size': 'large', 'cloud.example.com/pool': 'a' } } }))).toEqual({
      'hypershift.openshift.io/topology': 'dedicated-request-serving-components',
      'hypershift.openshift.io/request-serving-node-additional-selector': 'cloud.example.com/pool=a,node.example.com/size=large',
    });
    expect(findings(cluster({ requestServingIsolation: {} }), 'requestServingIsolation')).toEqual([]);
  });

  test('selector labels are checked; SingleReplica is a warning; the raw annotations are refused', () => {
    expect(findings(cluster({ requestServingIsolation: { additionalNodeSelector: { 'a/b/c': 'x' } } }), 'requestServingIsolation')).toEqual([
      { severity: 'error', path: 'requestServingIsolation.additionalNodeSelector["a/b/c"]', message: expect.stringMatching(/^label /) },
    ]);
    expect(findings(cluster({ controllerAvailabilityPolicy: 'SingleReplica', requestServingIsolation: {} }), 'requestServingIsolation')).toEqual([
      { severity: 'warning', path: 'requestServingIsolation', message: 'with SingleReplica each request-serving component runs one replica, yet the scheduler still dedicates 2 nodes to the cluster.' },
    ]);
    expect(findings(cluster({ annotations: { 'hypershift.openshift.io/topology': 'dedicated-request-serving-components' } }), 'annotations')).toEqual([
      { severity: 'error', path: 'annotations["hypershift.openshift.io/topology"]', message: 'the annotation hypershift.openshift.io/topology is written from requestServingIsolation, which checks its value.' },
    ]);
  });

  const nodes = (...zones: Array<string | undefined>) => zones.map((zone, i) => ({ name: `rs-${i}`, requestServing: true, ...(zone ? { zone } : {}) }));
  const management = (controlPlaneNodes: ManagementClusterProps['controlPlaneNodes']) => checkManagementCluster({ platforms: ['None'], controlPlaneNodes });

  test('controlPlaneNodes[].requestServing labels and taints the node; without a zone the scheduler never takes it', () => {
    const checked = management(nodes('rack1', undefined));
    expect(checked.plan!.controlPlaneNodes[0]).toEqual({
      name: 'rs-0',
      labels: { 'hypershift.openshift.io/control-plane': 'true', 'topology.kubernetes.io/zone': 'rack1', 'hypershift.openshift.io/request-serving-component': 'true' },
      taints: [
        { key: 'hypershift.openshift.io/control-plane', value: 'true', effect: 'NoSchedule' },
        { key: 'hypershift.openshift.io/request-serving-component', value: 'true', effect: 'NoSchedule' },
      ],
    });
    expect(checked.issues.filter((i) => i.path === 'controlPlaneNodes[1].zone').map((i) => i.message)).toEqual([
      "the HyperShift operator's scheduler takes only request-serving nodes with a zone (topology.kubernetes.io/zone), so it never takes this one.",
    ]);
  });

  /** The findings of a plan of these parts, whichever order they are added in. */
  const planned = (...parts: Array<{ plan?: PlannedPart; issues: readonly ValidationIssue[] }>) => {
    const plan = new Plan();
    return parts.flatMap((part) => plan.add(contributionOf(part.plan!, part.issues)).issues).filter((i) => i.path === 'requestServingIsolation' && i.severity === 'warning').map((i) => i.message);
  };

  test('across the app: two request-serving nodes in two zones for each isolated cluster, in either order', () => {
    const a = checkHostedCluster(cluster({ name: 'a', requestServingIsolation: {} }), options);
    const b = checkHostedCluster(cluster({ name: 'b', requestServingIsolation: {} }), options);
    const oneZone = management(nodes('rack1', 'rack1'));
    const message = "the HyperShift operator's scheduler takes 2 request-serving nodes in 2 zones for each isolated cluster (2 for the 1 on ManagementCluster), and ManagementCluster labels 2 with a zone, in 1 zone(s); until it finds them, the cluster's API server and OAuth pods stay Pending.";
    expect(planned(oneZone, a)).toEqual([message]);
    expect(planned(a, oneZone)).toEqual([message]);
    expect(planned(management(nodes('rack1', 'rack2')), a)).toEqual([]);
    // A second isolated cluster needs two more nodes.
    expect(planned(management(nodes('rack1', 'rack2')), a, b)).toEqual([expect.stringContaining('(4 for the 2 on ManagementCluster), and ManagementCluster labels 2 with a zone, in 2 zone(s)')]);
    expect(planned(management(nodes('rack1', 'rack2', 'rack1', 'rack2')), a, b)).toEqual([]);
    // Without controlPlaneNodes the nodes are labelled elsewhere: nothing to judge.
    expect(planned(checkManagementCluster({ platforms: ['None'] }), a)).toEqual([]);
  });
});

describe('resource requests; limits are not expressible', () => {
  const overrides = (resources: Record<string, string>, target = 'kube-apiserver.kube-apiserver') => cluster({ resourceRequestOverrides: { [target]: resources } });

  test('requests of standard and extended resources are written', () => {
    expect(annotationsOf(overrides({ memory: '4Gi', cpu: '1500m', 'hugepages-2Mi': '1Gi', 'example.com/gpu': '1' }))).toEqual({
      'resource-request-override.hypershift.openshift.io/kube-apiserver.kube-apiserver': 'memory=4Gi,cpu=1500m,hugepages-2Mi=1Gi,example.com/gpu=1',
    });
  });

  test('a limit is an error that says limits are not expressible; other mistakes name their prop', () => {
    expect(findings(overrides({ 'limits.memory': '8Gi' }), 'resourceRequestOverrides')).toEqual([
      {
        severity: 'error',
        path: 'resourceRequestOverrides["kube-apiserver.kube-apiserver"]["limits.memory"]',
        message: '"limits.memory" reads as a limit, and limits are not expressible: HyperShift\'s override sets resources.requests only, and no HostedCluster field or annotation sets limits.',
      },
    ]);
    expect(findings(overrides({ gpus: '1', memory: 'four' }, 'kube-apiserver'), 'resourceRequestOverrides').map((f) => f.path)).toEqual([
      'resourceRequestOverrides["kube-apiserver"]',
      'resourceRequestOverrides["kube-apiserver"]["gpus"]',
      'resourceRequestOverrides["kube-apiserver"]["memory"]',
    ]);
    // Nothing wrong is written: the rendered annotation gets no second finding.
    expect(findings(overrides({ 'limits.memory': '8Gi' }), 'metadata')).toEqual([]);
  });

  test('raw override annotations get the same checks at their own path', () => {
    expect(findings(cluster({ annotations: { 'resource-request-override.hypershift.openshift.io/etcd.etcd': 'limits.cpu=2' } }), 'annotations')).toEqual([
      { severity: 'error', path: 'annotations["resource-request-override.hypershift.openshift.io/etcd.etcd"]', message: expect.stringContaining('limits are not expressible') },
    ]);
  });
});

test('bring-your-own PKI: the disable-pki-reconciliation annotation is a warning, as the library cannot write the certificates', () => {
  expect(findings(cluster({ annotations: { 'hypershift.openshift.io/disable-pki-reconciliation': 'true' } }), 'annotations')).toEqual([
    {
      severity: 'warning',
      path: 'annotations["hypershift.openshift.io/disable-pki-reconciliation"]',
      message: expect.stringMatching(/^the control-plane operator then creates and renews none of the control plane's certificates: .* no HostedCluster field takes a CA\)\.$/),
    },
  ]);
});
