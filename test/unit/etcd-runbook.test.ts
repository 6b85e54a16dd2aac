/**
 * The etcd recovery runbook (documentation 7.2 and 7.3): the cluster's names, members, volumes and
 * initial cluster filled in; a member replacement only where a member can be lost; the documented
 * commands that would fail replaced; and the report the cdk8s backup writes beside the YAML.
 */
import { Chart } from 'cdk8s';
import { parseAllDocuments } from 'yaml';
import type { HostedClusterProps } from '../../lib';
import { etcdRecoveryRunbook } from '../../lib';
import { HostedClusterBackup, HostedClusterBundle } from '../../lib/cdk8s';
import { synthInMemory } from '../../lib/cdk8s/engine/synth';
import { planHostedCluster } from '../../lib/platforms';
import { EXAMPLE_OPTIONS, kubevirtCluster, noneCluster } from '../../examples/clusters';

const runbook = (props: HostedClusterProps) => etcdRecoveryRunbook(planHostedCluster(props, EXAMPLE_OPTIONS).hostedCluster);
/** The lines of the runbook that run a command (inside the shell blocks), trimmed. */
const commands = (text: string) => text.split('\n').filter((l) => l.startsWith('oc ') || l.startsWith('  --'));

describe('HighlyAvailable: three members', () => {
  const text = runbook(kubevirtCluster);

  test('names the control-plane namespace, the members and their volumes', () => {
    expect(text).toContain('Control-plane namespace `kubevirt-clusters-kv-dev`; etcd members `etcd-0`, `etcd-1`, `etcd-2`, with volumes `data-etcd-0`, `data-etcd-1`, `data-etcd-2`.');
    expect(text).toContain('HC_NAMESPACE=kubevirt-clusters\nHC_NAME=kv-dev\nCP_NAMESPACE=kubevirt-clusters-kv-dev\n');
  });

  test('replaces one member by deleting its pod and volume, in the namespace the documentation leaves out', () => {
    expect(commands(text)).toContain('oc delete -n kubevirt-clusters-kv-dev pvc/data-$MEMBER pod/$MEMBER --wait=false');
  });

  test('restores from the first member\'s volume with all three peers, and deletes the other two volumes', () => {
    expect(commands(text)).toContain('oc delete -n $CP_NAMESPACE pvc/data-etcd-1 pvc/data-etcd-2');
    expect(commands(text)).toContain(
      '  --initial-cluster etcd-0=https://etcd-0.etcd-discovery.kubevirt-clusters-kv-dev.svc:2380,etcd-1=https://etcd-1.etcd-discovery.kubevirt-clusters-kv-dev.svc:2380,etcd-2=https://etcd-2.etcd-discovery.kubevirt-clusters-kv-dev.svc:2380 \\',
    );
    expect(commands(text)).toContain('oc scale -n $CP_NAMESPACE statefulset/etcd --replicas=3');
  });

  test('puts the API servers back as they were, and unpauses by removing pausedUntil (the CRD refuses "")', () => {
    const all = commands(text);
    expect(all.findIndex((l) => l.includes('-o jsonpath') && l.endsWith('> etcd-writers.replicas'))).toBeLessThan(all.indexOf('oc scale deployment -n $CP_NAMESPACE kube-apiserver openshift-apiserver openshift-oauth-apiserver --replicas=0'));
    expect(text).toContain('done < etcd-writers.replicas');
    expect(all[all.length - 1]).toBe('oc patch -n $HC_NAMESPACE hostedcluster/$HC_NAME --type=merge -p \'{"spec":{"pausedUntil":null}}\'');
    expect(text).not.toContain('"pausedUntil":""');
  });

  test("the data pod is a Deployment on the first member's volume, from the etcd image", () => {
    const heredoc = /cat <<EOF \| oc apply -n \$CP_NAMESPACE -f -\n([\s\S]*?)\nEOF\n/.exec(text)![1];
    const [deployment] = parseAllDocuments(heredoc).map((d) => d.toJS());
    expect(deployment).toMatchObject({
      apiVersion: 'apps/v1',
      kind: 'Deployment',
      metadata: { name: 'etcd-data' },
      spec: { template: { spec: { containers: [{ image: '$ETCD_IMAGE', volumeMounts: [{ name: 'data', mountPath: '/var/lib' }] }], volumes: [{ persistentVolumeClaim: { claimName: 'data-etcd-0' } }] } } },
    });
  });
});

describe('SingleReplica: one member', () => {
  const text = runbook({ ...noneCluster, controllerAvailabilityPolicy: 'SingleReplica' });

  test('no member replacement (its volume is the only copy) and no other volume to delete', () => {
    expect(text).toContain('Not possible here: SingleReplica runs one member, and its volume holds the only copy of the data.');
    expect(commands(text).filter((l) => l.startsWith('oc delete') && l.includes('pvc/'))).toEqual([]);
    expect(commands(text)).toContain('  --initial-cluster etcd-0=https://etcd-0.etcd-discovery.none-clusters-edge-lab.svc:2380 \\');
    expect(commands(text)).toContain('oc scale -n $CP_NAMESPACE statefulset/etcd --replicas=1');
  });
});

test('a cluster whose props keep it paused is told that its GitOps tool would undo the pause', () => {
  expect(runbook({ ...noneCluster, pausedUntil: true })).toContain('The app sets pausedUntil ("true") on this HostedCluster, so its GitOps tool undoes steps 3.1 and 3.7');
  expect(runbook(noneCluster)).not.toContain('The app sets pausedUntil');
});

test('an unmanaged etcd is the user\'s own: nothing to run', () => {
  const text = runbook({ ...noneCluster, etcd: { unmanaged: { endpoint: 'https://etcd.example.com:2379', clientSecret: { existingSecret: 'etcd-client' } } } });
  expect(text).toBe('# Recovering etcd of none-clusters/edge-lab\n\nnone-clusters/edge-lab uses an etcd of its own (managementType: Unmanaged): recover it as that etcd\'s operator documents. Nothing below applies.\n');
});

test('cdk8s: a HostedClusterBackup writes the cluster\'s runbook beside the YAML', () => {
  const { files } = synthInMemory((app) => {
    const chart = new Chart(app, 'c');
    const cluster = new HostedClusterBundle(chart, 'cluster', { ...kubevirtCluster, options: EXAMPLE_OPTIONS });
    new HostedClusterBackup(chart, 'backup', { cluster, schedule: '@daily' });
  });
  expect(files.get('reports/etcd-recovery-kubevirt-clusters-kv-dev.md')).toBe(runbook(kubevirtCluster));
});
