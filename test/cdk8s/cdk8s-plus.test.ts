/** cdk8s-plus interop with both supported versions: a Job that mounts the admin kubeconfig Secret. */
import { Chart, Testing } from 'cdk8s';
import * as kplus28 from 'cdk8s-plus-28';
import * as kplus33 from 'cdk8s-plus-33';
import { HostedClusterBundle } from '../../lib/cdk8s';
import { EXAMPLE_OPTIONS, agentCluster } from '../../examples/clusters';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = any;

/** The Job's documents, written once per version so each is type-checked against its own types. */
function check(docs: Obj[], names: string[] | undefined): void {
  const jobDoc = docs.find((d) => d.kind === 'Job');
  expect(jobDoc.metadata.namespace).toBe('clusters');
  expect(jobDoc.spec.template.spec.volumes).toEqual([expect.objectContaining({ secret: expect.objectContaining({ secretName: 'vcluster2-admin-kubeconfig' }) })]);
  expect(jobDoc.spec.template.spec.containers[0].volumeMounts).toEqual([expect.objectContaining({ mountPath: '/etc/kubeconfig' })]);
  expect(names).toEqual(['clusters']);
  // The library's own objects are unchanged beside it.
  expect(docs.filter((d) => d.kind === 'HostedCluster')).toHaveLength(1);
}

test('cdk8s-plus-28: a Job mounts the admin kubeconfig Secret; the namespace selector selects its namespace', () => {
  const chart: Chart = Testing.chart();
  const bundle = new HostedClusterBundle(chart, 'cluster', { ...agentCluster, options: EXAMPLE_OPTIONS });
  const secret: kplus28.ISecret = bundle.adminKubeconfigSecret(kplus28);
  const selector: kplus28.Namespaces = bundle.namespaceSelector(kplus28);
  const job = new kplus28.Job(chart, 'post-install', { metadata: { namespace: bundle.namespace } });
  const container = job.addContainer({ image: 'quay.io/openshift/origin-cli:4.16', command: ['oc', 'get', 'clusterversion'], envVariables: { KUBECONFIG: kplus28.EnvValue.fromValue('/etc/kubeconfig/kubeconfig') } });
  container.mount('/etc/kubeconfig', kplus28.Volume.fromSecret(chart, 'kubeconfig', secret));
  check(Testing.synth(chart), selector.toNamespaceSelectorConfig().names);
});

test('cdk8s-plus-33: a Job mounts the admin kubeconfig Secret; the namespace selector selects its namespace', () => {
  const chart: Chart = Testing.chart();
  const bundle = new HostedClusterBundle(chart, 'cluster', { ...agentCluster, options: EXAMPLE_OPTIONS });
  const secret: kplus33.ISecret = bundle.adminKubeconfigSecret(kplus33);
  const selector: kplus33.Namespaces = bundle.namespaceSelector(kplus33);
  const job = new kplus33.Job(chart, 'post-install', { metadata: { namespace: bundle.namespace } });
  const container = job.addContainer({ image: 'quay.io/openshift/origin-cli:4.16', command: ['oc', 'get', 'clusterversion'], envVariables: { KUBECONFIG: kplus33.EnvValue.fromValue('/etc/kubeconfig/kubeconfig') } });
  container.mount('/etc/kubeconfig', kplus33.Volume.fromSecret(chart, 'kubeconfig', secret));
  check(Testing.synth(chart), selector.toNamespaceSelectorConfig().names);
});
