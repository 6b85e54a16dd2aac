/**
 * The management cluster's own settings and observability: the install flags ConfigMap (one
 * object fed by several props), the metrics set, the SRE metric set, dashboards, the add-on's
 * node placement, the KubeletConfig, wildcard routes and the default StorageClass; with the exact
 * findings for each rule.
 */
import { checkManagementCluster, planHostedCluster } from '../../lib';
import type { ManagementClusterProps } from '../../lib';
import { EXAMPLE_OPTIONS, kubevirtCluster } from '../../examples/clusters';
import { MANAGEMENT_CLUSTER } from '../../lib/core/plan-model';
import type { PlannedObject } from '../../lib/core/plan-model';

const none: ManagementClusterProps = { platforms: ['None'] };
const kubevirt: ManagementClusterProps = { platforms: ['KubeVirt'], metallb: { pools: [{ name: 'p', addresses: ['10.0.0.100-10.0.0.120'] }] }, machineNetwork: ['10.0.0.0/24'], storage: 'lvms', defaultStorageClass: 'lvms-vg1' };

const findings = (props: unknown) => checkManagementCluster(props).issues.map((i) => `${i.severity} ${i.path}: ${i.message} | ${i.fix}`);
const object = (props: ManagementClusterProps, kind: string, name?: string) =>
  checkManagementCluster(props).plan!.objects.find((o) => o.object.kind === kind && (name === undefined || o.object.metadata.name === name));
// eslint-disable-next-line @typescript-eslint/no-explicit-any
const data = (props: ManagementClusterProps, name: string) => (object(props, 'ConfigMap', name)?.object as any)?.data;

describe('the install flags ConfigMap', () => {
  test('one object for every prop that is an install flag, in local-cluster after MCE, both keys written', () => {
    const props: ManagementClusterProps = {
      ...none,
      monitoring: { metricsSet: 'All', dashboards: true },
      multiclusterEngine: { installFlags: { add: ['--exclude-etcd', '--limit-crd-install=AWS'], remove: ['--enable-uwm-telemetry-remote-write'] } },
    };
    const item = object(props, 'ConfigMap', 'hypershift-operator-install-flags')!;
    expect(item.object.metadata.namespace).toBe('local-cluster');
    expect(item.phase.name).toBe('webhooks-ready');
    expect(data(props, 'hypershift-operator-install-flags')).toEqual({
      installFlagsToAdd: '--metrics-set All --monitoring-dashboards --exclude-etcd --limit-crd-install AWS',
      installFlagsToRemove: '--enable-uwm-telemetry-remote-write',
    });
    expect(findings(props)).toEqual([]);
  });

  test('nothing asked, nothing written (the add-on keeps its defaults)', () => {
    expect(object(none, 'ConfigMap', 'hypershift-operator-install-flags')).toBeUndefined();
    expect(data({ ...none, monitoring: { dashboards: false } }, 'hypershift-operator-install-flags')).toBeUndefined();
    expect(data({ ...none, multiclusterEngine: { installFlags: { remove: ['--enable-uwm-telemetry-remote-write'] } } }, 'hypershift-operator-install-flags')).toEqual({
      installFlagsToAdd: '',
      installFlagsToRemove: '--enable-uwm-telemetry-remote-write',
    });
  });

  test('flags the add-on would mishandle, and flags that conflict, are errors naming the props', () => {
    const props = {
      ...none,
      monitoring: { metricsSet: 'SRE', sreMetricSet: { etcd: [] } },
      multiclusterEngine: {
        installFlags: {
          add: ['--metrics-set=All', '--namespace=other', '--oidc-storage-provider-s3-bucket-name=b', '--external-dns-image=quay.io/x/y:1', 'exclude-etcd', '--a b', '--exclude-etcd', '--exclude-etcd', '--x=1', '--x=2'],
          remove: ['--exclude-etcd', '--enable-uwm-telemetry-remote-write=true'],
        },
      },
    };
    expect(findings(props)).toEqual([
      'error multiclusterEngine.installFlags.add[0]: --metrics-set is what monitoring.metricsSet sets; giving it here too can contradict it. | Set it through monitoring.metricsSet only.',
      'error multiclusterEngine.installFlags.add[1]: --namespace is set by the hypershift add-on itself; it ignores the flag in hypershift-operator-install-flags. | Remove it.',
      'error multiclusterEngine.installFlags.add[2]: --oidc-storage-provider-s3-bucket-name is built by the add-on from the Secret that multiclusterEngine.oidcStorage writes; a flag here would conflict with it. | Set multiclusterEngine.oidcStorage instead.',
      'error multiclusterEngine.installFlags.add[4]: "exclude-etcd" is not one install flag (--name or --name=value). | Give one flag per entry, such as --exclude-etcd.',
      'error multiclusterEngine.installFlags.add[5]: "--a b" is not one install flag (--name or --name=value). | Give one flag per entry, such as --exclude-etcd.',
      'error multiclusterEngine.installFlags.remove[1]: "--enable-uwm-telemetry-remote-write=true" cannot be written to hypershift-operator-install-flags: flags are removed by name only. | Give --enable-uwm-telemetry-remote-write alone.',
      'warning multiclusterEngine.installFlags.add[7]: --exclude-etcd is given twice (also at multiclusterEngine.installFlags.add[6]). | Give it once.',
      'error multiclusterEngine.installFlags.add[9]: --x is given twice with different values ("1" at multiclusterEngine.installFlags.add[8], "2" here). | Give it once.',
      'error multiclusterEngine.installFlags.remove[0]: --exclude-etcd is both added (multiclusterEngine.installFlags.add[6]) and removed (multiclusterEngine.installFlags.remove[0]). | Keep one of them.',
    ]);
  });
});

describe('observability', () => {
  const rules = { kubeAPIServer: [{ action: 'drop' as const, regex: 'etcd_(debugging|disk|server).*', sourceLabels: ['__name__'] }], etcd: [{ action: 'keep' as const, regex: 'etcd_mvcc_db_total_size_in_bytes', sourceLabels: ['__name__'] }] };

  test('the SRE metric set: ConfigMap sre-metric-set in hypershift, key config, components in the documented order', () => {
    const props: ManagementClusterProps = { ...none, monitoring: { metricsSet: 'SRE', sreMetricSet: rules } };
    const item = object(props, 'ConfigMap', 'sre-metric-set')!;
    expect(item.object.metadata.namespace).toBe('hypershift');
    expect(data(props, 'sre-metric-set')).toEqual({
      config: [
        'etcd:',
        '  - action: keep',
        '    sourceLabels:',
        '      - __name__',
        '    regex: etcd_mvcc_db_total_size_in_bytes',
        'kubeAPIServer:',
        '  - action: drop',
        '    sourceLabels:',
        '      - __name__',
        '    regex: etcd_(debugging|disk|server).*',
        '',
      ].join('\n'),
    });
    expect(data(props, 'hypershift-operator-install-flags')).toEqual({ installFlagsToAdd: '--metrics-set SRE', installFlagsToRemove: '' });
    expect(findings(props)).toEqual([]);
  });

  test('a metrics set and SRE metric set that do not fit together are warnings', () => {
    expect(findings({ ...none, monitoring: { metricsSet: 'SRE' } })).toEqual([
      'warning monitoring.metricsSet: SRE without an SRE metric set filters nothing: the operator finds no rules for any component and keeps every metric, as with All. | Give monitoring.sreMetricSet with the rules per component, or use All.',
    ]);
    expect(findings({ ...none, monitoring: { metricsSet: 'Telemetry', sreMetricSet: rules } })).toEqual([
      "warning monitoring.sreMetricSet: the SRE metric set is read only for the SRE metrics set; with Telemetry only hosted clusters that choose SRE themselves (spec.monitoring.metricsSet) use it. | Set monitoring.metricsSet: 'SRE', or remove the SRE metric set.",
    ]);
  });

  test('relabel rules Prometheus would refuse are errors; an unknown component or action is a schema finding', () => {
    const bad = {
      ...none,
      monitoring: {
        metricsSet: 'SRE',
        sreMetricSet: { cvo: [{ action: 'drop', regex: '(?=lookahead)', sourceLabels: ['__name__'] }, { action: 'hashmod' }, { action: 'keep', regex: 'x' }] },
      },
    };
    expect(findings(bad)).toEqual([
      expect.stringMatching(/^error monitoring\.sreMetricSet\.cvo\[0\]\.regex: "\(\?=lookahead\)" is not an RE2 regular expression \(.+\)\. \| Prometheus uses Go RE2 syntax: no look-around or back-references\.$/),
      'error monitoring.sreMetricSet.cvo[1].targetLabel: action hashmod writes a label, but no targetLabel is given. | Give targetLabel.',
      'error monitoring.sreMetricSet.cvo[1].modulus: action hashmod needs a modulus. | Give modulus, such as 4.',
      "warning monitoring.sreMetricSet.cvo[2].sourceLabels: action keep without sourceLabels matches the regex against an empty value, so it treats every metric alike (all or none). | Give sourceLabels, such as ['__name__'].",
    ]);
    const typos = findings({ ...none, monitoring: { metricsSet: 'sre', sreMetricSet: { kubeApiServer: [], cvo: [{ action: 'Drop' }] } } });
    expect(typos).toEqual([
      'error monitoring.metricsSet: "sre" (a string) is not one of Telemetry, SRE, All; did you mean "SRE"? | Use "SRE".',
      'error monitoring.sreMetricSet.cvo[0].action: "Drop" (a string) is not one of replace, keep, drop, hashmod, labelmap, labeldrop, labelkeep, lowercase, uppercase, keepequal, dropequal; did you mean "drop"? | Use "drop".',
      'error monitoring.sreMetricSet.kubeApiServer: unknown key "kubeApiServer"; did you mean "kubeAPIServer"? | Rename it to "kubeAPIServer", or remove it.',
    ]);
  });
});

describe('the dashboard template (documentation 11.2.1)', () => {
  const template = '{"title": "Control plane of __NAMESPACE__/__NAME__", "panels": [{"expr": "up{namespace=\\"__CONTROL_PLANE_NAMESPACE__\\",_id=\\"__CLUSTER_ID__\\"}"}]}';

  test("a patch of the operator's ConfigMap hypershift/monitoring-dashboard-template, key template, after MCE; never deleted by GitOps", () => {
    const props: ManagementClusterProps = { ...none, monitoring: { dashboards: true, dashboardTemplate: template } };
    expect(findings(props)).toEqual([]);
    const planned = object(props, 'ConfigMap', 'monitoring-dashboard-template')!;
    expect(planned.patch).toBe(true);
    expect(planned.phase.name).toBe('webhooks-ready');
    expect(planned.object).toEqual({
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: {
        name: 'monitoring-dashboard-template',
        namespace: 'hypershift',
        annotations: { 'argocd.argoproj.io/sync-options': 'SkipDryRunOnMissingResource=true,ServerSideApply=true,Delete=false', 'kustomize.toolkit.fluxcd.io/prune': 'disabled' },
      },
      data: { template },
    });
  });

  test('without dashboards nothing reads it; once filled in it must be JSON; no placeholder is a warning', () => {
    expect(findings({ ...none, monitoring: { dashboardTemplate: template } })).toEqual([
      'error monitoring.dashboardTemplate: the operator makes dashboards from the template only when it runs with --monitoring-dashboards, which dashboards: true sets. | Set monitoring.dashboards: true, or remove the template.',
    ]);
    expect(findings({ ...none, monitoring: { dashboards: true, dashboardTemplate: '{"title": __NAME__}' } })).toEqual([
      expect.stringMatching(/^error monitoring\.dashboardTemplate: once a cluster's values are in, the template is not JSON \(.+\), so the console cannot show the dashboard\. \| Give the dashboard JSON, with the placeholders inside its strings\.$/),
    ]);
    expect(findings({ ...none, monitoring: { dashboards: true, dashboardTemplate: '{"title": "all"}' } })).toEqual([
      'warning monitoring.dashboardTemplate: the template uses none of __NAME__, __NAMESPACE__, __CONTROL_PLANE_NAMESPACE__, __CLUSTER_ID__, so every hosted cluster\'s dashboard shows the same queries. | Filter the queries by cluster, e.g. namespace="__CONTROL_PLANE_NAMESPACE__" or _id="__CLUSTER_ID__".',
    ]);
  });
});

describe('the hypershift add-on on chosen nodes', () => {
  test("'infra' is the documentation's selector and toleration, patched into the AddOnDeploymentConfig", () => {
    const addOn = object({ ...none, multiclusterEngine: { hypershiftAddOn: { nodePlacement: 'infra' } } }, 'AddOnDeploymentConfig')!;
    expect(addOn.patch).toBe(true);
    expect((addOn.object as unknown as { spec: unknown }).spec).toEqual({
      nodePlacement: { nodeSelector: { 'node-role.kubernetes.io/infra': '' }, tolerations: [{ effect: 'NoSchedule', key: 'node-role.kubernetes.io/infra', operator: 'Exists' }] },
    });
    const own = object({ ...none, multiclusterEngine: { hypershiftAddOn: { hcMaxNumber: 50, nodePlacement: { nodeSelector: { 'node-role.kubernetes.io/hcp-addon': '' } } } } }, 'AddOnDeploymentConfig')!;
    expect((own.object as unknown as { spec: unknown }).spec).toEqual({ customizedVariables: [{ name: 'hcMaxNumber', value: '50' }], nodePlacement: { nodeSelector: { 'node-role.kubernetes.io/hcp-addon': '' } } });
  });

  test('an empty placement is a warning; anything else a schema finding', () => {
    expect(findings({ ...none, multiclusterEngine: { hypershiftAddOn: { nodePlacement: {} } } })).toEqual([
      "warning multiclusterEngine.hypershiftAddOn.nodePlacement: the placement has neither nodeSelector nor tolerations, so it changes nothing. | Give a nodeSelector (and the tolerations its nodes' taints need), or 'infra'.",
    ]);
    expect(findings({ ...none, multiclusterEngine: { hypershiftAddOn: { nodePlacement: 'infra-nodes' } } })).toEqual([
      `error multiclusterEngine.hypershiftAddOn.nodePlacement: "infra-nodes" (a string) is neither 'infra' nor { nodeSelector, tolerations }. | Give 'infra' for infrastructure nodes, or { nodeSelector: {...}, tolerations: [...] }.`,
    ]);
  });
});

describe("the hypershift add-on's ManagedClusterAddOn, for hubs where MCE does not create it", () => {
  const withAddOn: ManagementClusterProps = { ...none, multiclusterEngine: { hypershiftAddOn: { managedClusterAddOn: true } } };

  test("the documentation's object, in local-cluster after MCE is Available, ready when the add-on reports Available", () => {
    const item = object(withAddOn, 'ManagedClusterAddOn')!;
    expect(item.object).toEqual({
      apiVersion: 'addon.open-cluster-management.io/v1alpha1',
      kind: 'ManagedClusterAddOn',
      metadata: { name: 'hypershift-addon', namespace: 'local-cluster', annotations: { 'argocd.argoproj.io/sync-options': 'SkipDryRunOnMissingResource=true' } },
      spec: { installNamespace: 'open-cluster-management-agent-addon' },
    });
    expect([item.phase.name, item.phase.wave, item.patch]).toEqual(['webhooks-ready', -1, undefined]);
    expect(item.readiness).toEqual({ kind: 'condition', type: 'Available', status: 'True' });
    expect(findings(withAddOn)).toEqual([]);
  });

  test('only when asked; the AddOnDeploymentConfig patch only when one of its fields is given', () => {
    expect(object(none, 'ManagedClusterAddOn')).toBeUndefined();
    expect(object({ ...none, multiclusterEngine: { hypershiftAddOn: { managedClusterAddOn: false, hcMaxNumber: 50 } } }, 'ManagedClusterAddOn')).toBeUndefined();
    expect(object(withAddOn, 'AddOnDeploymentConfig')).toBeUndefined();
    expect(object({ ...none, multiclusterEngine: { hypershiftAddOn: { managedClusterAddOn: true, disableMetrics: true } } }, 'AddOnDeploymentConfig')).toBeDefined();
  });

  test('hosted clusters come after it: their waves are later, and a wrong type is a finding with its path', () => {
    const cluster = planHostedCluster(kubevirtCluster, EXAMPLE_OPTIONS);
    const addOn = object(withAddOn, 'ManagedClusterAddOn')!;
    const hosted = cluster.objects.filter((o) => o.object.kind === 'HostedCluster' || o.object.kind === 'NodePool');
    expect(hosted.length).toBeGreaterThan(1);
    expect(hosted.every((o) => o.phase.wave > addOn.phase.wave)).toBe(true);
    expect(findings({ ...none, multiclusterEngine: { hypershiftAddOn: { managedClusterAddOn: 'yes' } } })).toEqual([
      expect.stringMatching(/^error multiclusterEngine\.hypershiftAddOn\.managedClusterAddOn: "yes" \(a string\) is not/),
    ]);
  });
});

describe("the management cluster's kubelet, routes and storage", () => {
  test('a KubeletConfig for the worker pool, ready when the Machine Config Operator reports Success', () => {
    const item = object({ ...none, kubelet: { maxPods: 500 } }, 'KubeletConfig')!;
    expect(item.object).toEqual({
      apiVersion: 'machineconfiguration.openshift.io/v1',
      kind: 'KubeletConfig',
      metadata: { name: 'hosted-control-planes' },
      spec: { machineConfigPoolSelector: { matchLabels: { 'pools.operator.machineconfiguration.openshift.io/worker': '' } }, kubeletConfig: { maxPods: 500 } },
    });
    expect(item.readiness).toEqual({ kind: 'condition', type: 'Success', status: 'True' });
    expect(object({ ...none, kubelet: { maxPods: 300, machineConfigPool: 'hcp', name: 'dense' } }, 'KubeletConfig')!.object).toMatchObject({
      metadata: { name: 'dense' },
      spec: { machineConfigPoolSelector: { matchLabels: { 'pools.operator.machineconfiguration.openshift.io/hcp': '' } } },
    });
  });

  test('maxPods against the sizing guidance, and the capacity check against the kubelet', () => {
    expect(findings({ ...none, kubelet: { maxPods: 50 } })).toEqual(['error kubelet.maxPods: 50 pods per node cannot hold one highly available control plane (about 75 pods). | Use at least 75; the documentation advises 500.']);
    expect(findings({ ...none, kubelet: { maxPods: 200 } })).toEqual(["warning kubelet.maxPods: 200 is below the kubelet's default of 250: fewer control planes fit on each node. | Keep 250 or more; the documentation advises 500."]);
    expect(findings({ ...none, kubelet: { maxPods: 750 } })).toEqual([
      "warning kubelet.maxPods: 750 is above the 500 pods the documentation's sizing guidance names; CPU and memory then limit a node before pods do. | Use 500 unless you have measured more.",
    ]);
    const capacity = { workers: [{ vCPU: 64, memoryGiB: 128, maxPods: 500 }] };
    expect(findings({ ...none, capacity })).toEqual([
      'warning capacity.workers[0].maxPods: the capacity check counts 500 pods per worker, but the kubelet allows 250 (its default; no kubelet.maxPods is set), so more control planes are counted than fit. | Set kubelet: { maxPods: 500 } (a KubeletConfig), or count 250 in the capacity check.',
    ]);
    expect(findings({ ...none, capacity, kubelet: { maxPods: 500 } })).toEqual([]);
  });

  test('KubeVirt: wildcard routes on by default, as a server-side patch Argo CD keeps and Flux does not prune', () => {
    const item = object(kubevirt, 'IngressController')!;
    expect(item.patch).toBe(true);
    expect(item.object).toEqual({
      apiVersion: 'operator.openshift.io/v1',
      kind: 'IngressController',
      metadata: {
        name: 'default',
        namespace: 'openshift-ingress-operator',
        annotations: { 'argocd.argoproj.io/sync-options': 'ServerSideApply=true,Delete=false', 'kustomize.toolkit.fluxcd.io/prune': 'disabled' },
      },
      spec: { routeAdmission: { wildcardPolicy: 'WildcardsAllowed' } },
    });
    expect(object({ ...kubevirt, wildcardRoutes: false }, 'IngressController')).toBeUndefined();
    expect(object({ ...none, wildcardRoutes: true }, 'IngressController')).toBeDefined();
    expect(object(none, 'IngressController')).toBeUndefined();
  });

  test('the default StorageClass: LVM Storage\'s class whole, an error for a class the library cannot write whole, or a warning when volumes need one and none is named', () => {
    expect(object(kubevirt, 'StorageClass')!.object).toEqual({
      apiVersion: 'storage.k8s.io/v1',
      kind: 'StorageClass',
      metadata: {
        name: 'lvms-vg1',
        annotations: { 'storageclass.kubernetes.io/is-default-class': 'true', 'argocd.argoproj.io/sync-options': 'ServerSideApply=true,Delete=false', 'kustomize.toolkit.fluxcd.io/prune': 'disabled' },
      },
      // What LVM Storage gives the class of device class vg1 (fstype: LVMCluster's default).
      provisioner: 'topolvm.io',
      parameters: { 'csi.storage.k8s.io/fstype': 'xfs', 'topolvm.io/device-class': 'vg1' },
      reclaimPolicy: 'Delete',
      volumeBindingMode: 'WaitForFirstConsumer',
      allowVolumeExpansion: true,
    });
    expect(findings(kubevirt)).toEqual([]);
    expect(findings({ ...kubevirt, storage: 'odf', defaultStorageClass: 'ocs-storagecluster-ceph-rbd' })).toEqual([
      `error defaultStorageClass: the library writes the default StorageClass whole, and it knows the whole class only for LVM Storage's classes (lvms-<device class>, with storage: 'lvms'); "ocs-storagecluster-ceph-rbd" is not one. A patch of its annotation alone is refused by the API server (provisioner: Required value) wherever the class does not exist yet. | Mark the class as the default where it is made (its operator or installer), or name an LVM Storage class with storage: 'lvms'; then leave defaultStorageClass unset and name the class where it is used (assistedService.storageClassName, the NodePools' storage classes).`,
    ]);
    const { storage: _storage, ...withoutLvms } = kubevirt;
    expect(findings(withoutLvms)).toEqual([
      `error defaultStorageClass: the library writes the default StorageClass whole, and it knows the whole class only for LVM Storage's classes (lvms-<device class>, with storage: 'lvms'); "lvms-vg1" is one, but storage is not 'lvms'. A patch of its annotation alone is refused by the API server (provisioner: Required value) wherever the class does not exist yet. | Set storage: 'lvms' (LVM Storage makes lvms-vg1), or leave defaultStorageClass unset and set default: true on device class "vg1" of your LVMCluster.`,
    ]);
    const { defaultStorageClass: _, storage: _s, ...unnamed } = kubevirt;
    const warning = (claimers: string) =>
      `warning defaultStorageClass: ${claimers} volumes of the default StorageClass, and nothing says the cluster has one: without it the claims stay Pending. | With LVM Storage, name its class in defaultStorageClass (storage: 'lvms', defaultStorageClass: 'lvms-vg1': written whole, annotated storageclass.kubernetes.io/is-default-class: "true"); otherwise make sure the cluster has a default class, or name the class where volumes are claimed.`;
    expect(findings(unnamed)).toEqual([warning('virtualization claims')]);
    expect(findings({ platforms: ['Agent', 'KubeVirt'], metallb: false })).toContain(warning('virtualization and assistedService claim'));
    expect(findings({ platforms: ['Agent'], assistedService: { storageClassName: 'lvms-vg1' } })).toEqual([]);
    expect(findings(none)).toEqual([]);
  });
});

describe('what hosted clusters need of these settings', () => {
  const kv = planHostedCluster(kubevirtCluster, EXAMPLE_OPTIONS).hostedCluster;
  const planned = (hc: typeof kv): PlannedObject[] => [{ object: hc, target: MANAGEMENT_CLUSTER, phase: { name: 'hosted-cluster', wave: 2 }, readiness: { kind: 'exists' }, contributor: 'HostedCluster kubevirt-clusters/kv-dev' }];
  const check = (props: ManagementClusterProps, hc = kv) => {
    const plan = checkManagementCluster(props).plan!;
    return plan.checks!.flatMap((c) => c(planned(hc), undefined as never, 'ManagementCluster')).map((i) => `${i.severity} ${i.path}: ${i.message} | ${i.fix}`);
  };

  test('a KubeVirt cluster that publishes through routes needs wildcard routes', () => {
    expect(check(kubevirt)).toEqual([]);
    expect(check({ ...kubevirt, wildcardRoutes: false })).toEqual([
      "error spec.platform.kubevirt: its apps are published through a wildcard route of the management cluster (*.apps.kv-dev.<its apps domain>), but ManagementCluster does not allow wildcard routes (wildcardRoutes: false), so the console and every route stay unreachable. | Set wildcardRoutes: true on the management cluster (its default IngressController gets routeAdmission.wildcardPolicy: WildcardsAllowed), or use a LoadBalancer (a baseDomain (or platform.kubevirt.ingress: 'LoadBalancer')).",
    ]);
    // External infrastructure: the routes are the other cluster's.
    const external = { ...kv, spec: { ...kv.spec, platform: { ...kv.spec.platform, kubevirt: { ...kv.spec.platform.kubevirt, credentials: { infraKubeConfigSecret: { name: 'infra', key: 'kubeconfig' }, infraNamespace: 'vms' } } } } };
    expect(check({ ...kubevirt, wildcardRoutes: false }, external as typeof kv)).toEqual([]);
  });

  test('a cluster that chooses SRE for itself needs the SRE metric set', () => {
    const sre = { ...kv, spec: { ...kv.spec, monitoring: { metricsSet: 'SRE' as const } } };
    expect(check(kubevirt, sre)).toEqual([
      'warning spec.monitoring.metricsSet: it collects the SRE metrics set, but ManagementCluster writes no SRE metric set, so its control plane keeps every metric, as with All. | Give the management cluster monitoring.sreMetricSet, or choose All.',
    ]);
    expect(check({ ...kubevirt, monitoring: { sreMetricSet: { etcd: [] } } }, sre)).toEqual([]);
  });
});
