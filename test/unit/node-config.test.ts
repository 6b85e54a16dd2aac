/** NodePool node configuration: the ConfigMaps built from typed objects, and each rule's exact finding. */
import { App, Chart } from 'cdk8s';
import { load } from 'js-yaml';
import type { HostedClusterProps, NodePoolProps } from '../../lib';
import { NodeConfig, NodeTuning, SecretSource, checkHostedCluster, planHostedCluster } from '../../lib';
import { HostedCluster } from '../../lib/cdk8s';
import { parseCpuList } from '../../lib/core/node-config-checks';

const cluster: HostedClusterProps = {
  name: 'kv',
  namespace: 'clusters',
  release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-multi' },
  platform: { type: 'KubeVirt', kubevirt: {} },
  pullSecret: SecretSource.existing('kv-pull-secret'),
  secretEncryption: { aescbc: SecretSource.existing('kv-etcd-key') },
};

const tuned = (name: string, profile = 'dirty-ratio') =>
  NodeTuning.tuned(name, { profile: [{ name: profile, data: '[main]\ninclude=openshift-node\n' }], recommend: [{ priority: 20, profile }] });
const profile = (spec: object) => ({ performanceProfile: { name: 'perf', spec: { cpu: { reserved: '0-1', isolated: '2-7' }, nodeSelector: { 'node-role.kubernetes.io/worker-cnf': '' }, ...spec } } }) as never;

/** The findings (errors and warnings, without the cluster's own) for these NodePools. */
function findings(...nodePools: NodePoolProps[]) {
  return checkHostedCluster({ ...cluster, controllerAvailabilityPolicy: 'HighlyAvailable', nodePools }).issues.map((i) => ({
    severity: i.severity,
    path: i.path,
    message: i.message,
    fix: i.fix,
  }));
}

describe('building', () => {
  test('each object goes into its own ConfigMap in the cluster namespace, with the key HyperShift reads, referenced by name', () => {
    const plan = planHostedCluster({
      ...cluster,
      nodePools: [{ name: 'workers', replicas: 2, config: [NodeConfig.kubelet('max-pods', { kubeletConfig: { maxPods: 500 } })], tuningConfig: [tuned('sysctl')] }],
    });
    const configMaps = plan.objects.filter((item) => item.object.kind === 'ConfigMap');
    expect(configMaps.map((item) => [item.object.metadata.namespace, item.object.metadata.name, Object.keys((item.object as unknown as { data: object }).data), item.phase.name])).toEqual([
      ['clusters', 'kv-kubeletconfig-max-pods', ['config'], 'prerequisites'],
      ['clusters', 'kv-tuned-sysctl', ['tuning'], 'prerequisites'],
    ]);
    expect(plan.nodePools[0].spec.config).toEqual([{ name: 'kv-kubeletconfig-max-pods' }]);
    expect(plan.nodePools[0].spec.tuningConfig).toEqual([{ name: 'kv-tuned-sysctl' }]);
    const data = (i: number) => load(Object.values((configMaps[i].object as unknown as { data: Record<string, string> }).data)[0]);
    expect(data(0)).toEqual({ apiVersion: 'machineconfiguration.openshift.io/v1', kind: 'KubeletConfig', metadata: { name: 'max-pods' }, spec: { kubeletConfig: { maxPods: 500 } } });
    expect(data(1)).toEqual({
      apiVersion: 'tuned.openshift.io/v1',
      kind: 'Tuned',
      metadata: { name: 'sysctl', namespace: 'openshift-cluster-node-tuning-operator' },
      spec: { profile: [{ name: 'dirty-ratio', data: '[main]\ninclude=openshift-node\n' }], recommend: [{ priority: 20, profile: 'dirty-ratio' }] },
    });
  });

  test('a MachineConfig gets the worker role and an Ignition version; a PerformanceProfile is v2', () => {
    const plan = planHostedCluster({
      ...cluster,
      nodePools: [
        {
          name: 'w',
          nodeLabels: { 'node-role.kubernetes.io/worker-cnf': '' },
          config: [NodeConfig.machineConfig('motd', { config: { storage: { files: [{ path: '/etc/motd', mode: 420, contents: { source: 'data:,hello' } }] } } })],
          tuningConfig: [profile({})],
        },
      ],
    });
    const payloads = plan.nodeConfig.map((p) => load(Object.values(p.configMap.data!)[0]) as { apiVersion: string; metadata: object; spec: { config?: object } });
    expect(payloads[0].metadata).toEqual({ name: 'motd', labels: { 'machineconfiguration.openshift.io/role': 'worker' } });
    expect(payloads[0].spec.config).toEqual({ ignition: { version: '3.2.0' }, storage: { files: [{ path: '/etc/motd', mode: 420, contents: { source: 'data:,hello' } }] } });
    expect(payloads[1].apiVersion).toBe('performance.openshift.io/v2');
  });

  test('pools with the same object share one ConfigMap; an existing ConfigMap is referenced, not built', () => {
    const kubelet = NodeConfig.kubelet('max-pods', { kubeletConfig: { maxPods: 500 } });
    const plan = planHostedCluster({
      ...cluster,
      nodePools: [
        { name: 'a', config: [kubelet] },
        { name: 'b', config: [kubelet, NodeConfig.existing('hand-made')] },
      ],
    });
    expect(plan.objects.filter((item) => item.object.kind === 'ConfigMap').map((item) => item.object.metadata.name)).toEqual(['kv-kubeletconfig-max-pods']);
    expect(plan.nodePools[1].spec.config).toEqual([{ name: 'kv-kubeletconfig-max-pods' }, { name: 'hand-made' }]);
  });

  test('cdk8s: a NodePool added to a cluster brings its ConfigMap, before the NodePool', () => {
    const app = new App();
    const chart = new Chart(app, 'c');
    const hc = new HostedCluster(chart, 'cluster', cluster);
    hc.addNodePool('workers', { name: 'workers', tuningConfig: [tuned('sysctl')] });
    const objects = chart.toJson();
    const configMap = objects.find((o) => o.kind === 'ConfigMap' && o.metadata.name === 'kv-tuned-sysctl');
    expect(configMap?.metadata.annotations['argocd.argoproj.io/sync-wave']).toBe('1');
    expect(objects.find((o) => o.kind === 'NodePool')?.spec.tuningConfig).toEqual([{ name: 'kv-tuned-sysctl' }]);
  });
});

describe('findings', () => {
  test('a kind in the wrong field says where it goes', () => {
    expect(findings({ name: 'w', config: [{ tuned: { name: 't', spec: {} } }] as never })).toContainEqual({
      severity: 'error',
      path: 'nodePools[0].config[0]',
      message: 'tuned belongs in tuningConfig: HyperShift reads it from ConfigMaps with the key "tuning", and config ConfigMaps hold the key "config".',
      fix: 'Move this entry to tuningConfig.',
    });
    expect(findings({ name: 'w', tuningConfig: [{ kubeletConfig: { name: 'k', spec: {} } }] as never })[0].message).toBe(
      'kubeletConfig belongs in config: HyperShift reads it from ConfigMaps with the key "config", and tuningConfig ConfigMaps hold the key "tuning".',
    );
  });

  test('a payload is checked against its own CRD, at the props path', () => {
    expect(findings({ name: 'w', tuningConfig: [NodeTuning.tuned('t', { recommend: [{ profile: 'p' } as never] })] })).toContainEqual({
      severity: 'error',
      path: 'nodePools[0].tuningConfig[0].tuned.spec.recommend[0].priority',
      message: 'Required value (the Tuned CRD refuses it).',
      fix: expect.any(String),
    });
  });

  test('a ConfigMap neither built nor declared existing is an error (a dangling reference)', () => {
    expect(findings({ name: 'w', specOverrides: { config: [{ name: 'nowhere' }] } })).toContainEqual({
      severity: 'error',
      path: 'nodePools[0].specOverrides.config[0].name',
      message:
        'the NodePool names ConfigMap "nowhere", which the app does not build and which is not declared to exist; HyperShift cannot configure the nodes (ValidMachineConfig=False) until it exists.',
      fix: 'Build it in config ({ kubeletConfig: ... }), or declare it with { existingConfigMap: "nowhere" } if it exists in namespace clusters.',
    });
    expect(findings({ name: 'w', config: [NodeConfig.existing('hand-made')] }).filter((i) => i.severity === 'error')).toEqual([]);
  });

  test('the same ConfigMap named twice in one NodePool', () => {
    const kubelet = NodeConfig.kubelet('max-pods', { kubeletConfig: { maxPods: 500 } });
    expect(findings({ name: 'w', config: [kubelet, kubelet] })).toContainEqual(
      expect.objectContaining({ severity: 'error', path: 'spec.config[1].name', message: 'ConfigMap "kv-kubeletconfig-max-pods" is named twice (also at config[0]).', fix: 'Name each ConfigMap once.' }),
    );
  });

  test('one ConfigMap name with different contents is an error', () => {
    expect(
      findings(
        { name: 'a', config: [NodeConfig.kubelet('max-pods', { kubeletConfig: { maxPods: 500 } })] },
        { name: 'b', config: [NodeConfig.kubelet('max-pods', { kubeletConfig: { maxPods: 250 } })] },
      ),
    ).toContainEqual({
      severity: 'error',
      path: 'nodePools[1].config[0].kubeletConfig',
      message: 'ConfigMap "kv-kubeletconfig-max-pods" is also built from nodePools[0].config[0].kubeletConfig with other contents; one would silently replace the other.',
      fix: 'Give the KubeletConfig objects different names, or make them identical to share one ConfigMap.',
    });
  });

  test('MachineConfig: another role is replaced (warning), FIPS comes from the HostedCluster (error)', () => {
    const issues = findings({ name: 'w', config: [NodeConfig.machineConfig('mc', { fips: true }, { 'machineconfiguration.openshift.io/role': 'infra' })] });
    expect(issues).toContainEqual({
      severity: 'warning',
      path: 'nodePools[0].config[0].machineConfig.labels["machineconfiguration.openshift.io/role"]',
      message: 'HyperShift sets the role of every MachineConfig of a NodePool to "worker", so "infra" is replaced; the MachineConfig applies to the nodes of the NodePools that name it.',
      fix: 'Remove the label; give nodes a role with the NodePool\'s nodeLabels.',
    });
    expect(issues).toContainEqual({
      severity: 'error',
      path: 'nodePools[0].config[0].machineConfig.spec.fips',
      message: 'the nodes\' FIPS mode comes from the HostedCluster\'s fips (false); a MachineConfig cannot change it.',
      fix: 'Remove spec.fips; set fips on the HostedCluster when it is created (it is immutable).',
    });
  });

  test('KubeletConfig and ContainerRuntimeConfig: a machineConfigPoolSelector is replaced', () => {
    expect(findings({ name: 'w', config: [NodeConfig.containerRuntime('crc', { containerRuntimeConfig: { pidsLimit: 4096 }, machineConfigPoolSelector: { matchLabels: { a: 'b' } } })] })).toContainEqual({
      severity: 'warning',
      path: 'nodePools[0].config[0].containerRuntimeConfig.spec.machineConfigPoolSelector',
      message: 'hosted clusters have no MachineConfigPools: HyperShift replaces the selector, and the ContainerRuntimeConfig applies to the nodes of the NodePools that name it.',
      fix: 'Remove spec.machineConfigPoolSelector.',
    });
  });

  test('Tuned: matching node labels on a Replace NodePool is a warning; the same TuneD profile in two Tuned objects is an error', () => {
    const matching = NodeTuning.tuned('t', { profile: [{ name: 'p', data: '[main]\n' }], recommend: [{ priority: 20, profile: 'p', match: [{ label: 'tuned' }] }] });
    expect(findings({ name: 'w', tuningConfig: [matching] })).toContainEqual({
      severity: 'warning',
      path: 'nodePools[0].tuningConfig[0].tuned.spec.recommend[0].match',
      message:
        'the profile is chosen by node labels, and a Replace NodePool\'s new nodes (after an upgrade or a change) do not keep labels set on the old ones; labels survive upgrades only with upgradeType InPlace.',
      fix: 'Leave match out (the profile then applies to every node of the NodePool), put the labels in the NodePool\'s nodeLabels, or use upgradeType: InPlace.',
    });
    expect(findings({ name: 'w', upgradeType: 'InPlace', tuningConfig: [matching] }).filter((i) => i.path.includes('match'))).toEqual([]);
    expect(findings({ name: 'a', tuningConfig: [tuned('one')] }, { name: 'b', tuningConfig: [tuned('two')] })).toContainEqual({
      severity: 'error',
      path: 'nodePools[1].tuningConfig[0].tuned.spec.profile[0].name',
      message: 'TuneD profile "dirty-ratio" is also defined by Tuned "one" (nodePools[0].tuningConfig[0].tuned); in one hosted cluster the Node Tuning Operator cannot tell them apart.',
      fix: 'Rename one of the profiles, or share one Tuned between the NodePools.',
    });
    // One Tuned shared by two pools is fine.
    expect(findings({ name: 'a', tuningConfig: [tuned('one')] }, { name: 'b', tuningConfig: [tuned('one')] }).filter((i) => i.severity === 'error')).toEqual([]);
  });

  test('PerformanceProfile: one per NodePool, one nodeSelector label of the form domain/role, CPUs in one list each, the label on the nodes', () => {
    const labelled = { name: 'w', nodeLabels: { 'node-role.kubernetes.io/worker-cnf': '' } };
    expect(findings({ ...labelled, tuningConfig: [profile({})] })).toEqual([]);
    expect(findings({ ...labelled, tuningConfig: [profile({}), { performanceProfile: { name: 'perf-2', spec: { cpu: { reserved: '0', isolated: '1' }, nodeSelector: { 'node-role.kubernetes.io/worker-cnf': '' } } } }] })).toContainEqual({
      severity: 'error',
      path: 'nodePools[0].tuningConfig[1].performanceProfile',
      message: 'the NodePool already has PerformanceProfile "perf" (nodePools[0].tuningConfig[0].performanceProfile); HyperShift takes at most one PerformanceProfile per NodePool.',
      fix: 'Keep one PerformanceProfile in the NodePool\'s tuningConfig.',
    });
    expect(findings({ ...labelled, tuningConfig: [profile({ nodeSelector: { a: '', b: '' } })] })).toContainEqual({
      severity: 'error',
      path: 'nodePools[0].tuningConfig[0].performanceProfile.spec.nodeSelector',
      message: 'the Node Tuning Operator takes exactly one nodeSelector label; 2 are given.',
      fix: 'Keep one label, e.g. { "node-role.kubernetes.io/worker-cnf": "" }.',
    });
    expect(findings({ name: 'w', nodeLabels: { cnf: 'yes' }, tuningConfig: [profile({ nodeSelector: { cnf: 'yes' } })] })).toContainEqual({
      severity: 'error',
      path: 'nodePools[0].tuningConfig[0].performanceProfile.spec.nodeSelector',
      message: 'the label "cnf" is not of the form <domain>/<role>, from which the Node Tuning Operator derives the machineConfigLabel and machineConfigPoolSelector it is not given.',
      fix: 'Use a label such as node-role.kubernetes.io/worker-cnf.',
    });
    expect(findings({ ...labelled, tuningConfig: [profile({ cpu: { reserved: '0-3', isolated: '2-7,9' } })] })).toContainEqual({
      severity: 'error',
      path: 'nodePools[0].tuningConfig[0].performanceProfile.spec.cpu',
      message: 'reserved and isolated CPUs overlap (2-3).',
      fix: 'Give each CPU to one of reserved, isolated, shared and offlined.',
    });
    expect(findings({ ...labelled, tuningConfig: [profile({ cpu: { reserved: '0-1', isolated: 'all' } })] })).toContainEqual({
      severity: 'error',
      path: 'nodePools[0].tuningConfig[0].performanceProfile.spec.cpu.isolated',
      message: '"all" is not a CPU list.',
      fix: 'Write CPU ids and ranges separated by commas, e.g. "0-3,8".',
    });
    expect(findings({ name: 'w', tuningConfig: [profile({})] })).toContainEqual({
      severity: 'warning',
      path: 'nodePools[0].tuningConfig[0].performanceProfile.spec.nodeSelector',
      message:
        'the profile\'s RuntimeClass schedules pods onto nodes labelled node-role.kubernetes.io/worker-cnf="", and the NodePool does not give its nodes that label, so such pods would stay Pending.',
      fix: 'Add { "node-role.kubernetes.io/worker-cnf": "" } to the NodePool\'s nodeLabels.',
    });
  });

  test('CPU lists', () => {
    expect(parseCpuList('0-3, 8')).toEqual([[0, 3], [8, 8]]);
    expect(parseCpuList('')).toEqual([]);
    expect(parseCpuList('3-1')).toBeUndefined();
    expect(parseCpuList('0-')).toBeUndefined();
  });

  test('any value gives findings, never an exception', () => {
    for (const value of [5, 'x', null, [], { tuned: 5 }, { existingConfigMap: 7 }, { kubeletConfig: { name: 'k', spec: [] } }, { kubeletConfig: {}, existingConfigMap: 'a' }]) {
      expect(() => checkHostedCluster({ ...cluster, nodePools: [{ name: 'w', config: [value] as never, tuningConfig: [value] as never }] })).not.toThrow();
      expect(checkHostedCluster({ ...cluster, nodePools: [{ name: 'w', config: [value] as never }] }).issues.some((i) => i.severity === 'error' && i.path.startsWith('nodePools[0].config[0]'))).toBe(true);
    }
  });
});
