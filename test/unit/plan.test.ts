/** Plans per platform: the objects, names and defaults the hcp CLI would render. */
import { PHASES, planObjects, readinessOf } from '../../lib/core';
import { planHostedCluster } from '../../lib/platforms';
import { agentCluster, awsCluster, kubevirtCluster, noneCluster, SUPPORTED_VERSIONS } from '../../examples/clusters';

const options = { supportedVersions: SUPPORTED_VERSIONS };
const ids = (objects: ReturnType<typeof planObjects>) => objects.map((o) => `${o.kind} ${o.metadata.namespace ?? '-'}/${o.metadata.name}`);

describe('agent cluster of the bare-metal walkthrough', () => {
  const plan = planHostedCluster(agentCluster, options);

  test('emits the objects of `hcp create cluster agent --render` (plus the SSH key), in apply order', () => {
    // No capi-provider Role: current operators reconcile their own per-cluster Role (see agent.test.ts).
    expect(ids(planObjects(plan))).toEqual([
      'Namespace -/clusters',
      'ExternalSecret clusters/vcluster2-pull-secret',
      'ExternalSecret clusters/vcluster2-ssh-key',
      'ExternalSecret clusters/vcluster2-etcd-encryption-key',
      'HostedCluster clusters/vcluster2',
      'NodePool clusters/vcluster2',
    ]);
  });

  test('HostedCluster carries the CLI defaults', () => {
    const spec = plan.hostedCluster.spec;
    expect(spec.networking).toEqual({ networkType: 'OVNKubernetes', clusterNetwork: [{ cidr: '10.132.0.0/14' }], serviceNetwork: [{ cidr: '172.31.0.0/16' }] });
    expect(spec.etcd).toEqual({ managementType: 'Managed', managed: { storage: { type: 'PersistentVolume', persistentVolume: { size: '8Gi' } } } });
    expect(spec.controllerAvailabilityPolicy).toBe('SingleReplica');
    expect(spec.olmCatalogPlacement).toBe('management');
    expect(spec.infraID).toBe('vcluster2');
    expect(spec.pullSecret).toEqual({ name: 'vcluster2-pull-secret' });
    expect(spec.sshKey).toEqual({ name: 'vcluster2-ssh-key' });
    expect(spec.secretEncryption).toEqual({ type: 'aescbc', aescbc: { activeKey: { name: 'vcluster2-etcd-encryption-key' } } });
    expect(spec.platform).toEqual({ type: 'Agent', agent: { agentNamespace: 'clusters' } });
    expect(spec.services.map((s) => `${s.service}:${s.servicePublishingStrategy.type}`)).toEqual([
      'APIServer:NodePort', 'Ignition:NodePort', 'Konnectivity:NodePort', 'OAuthServer:NodePort', 'OIDC:NodePort',
    ]);
    expect(spec.services.every((s) => s.servicePublishingStrategy.nodePort?.address === 'api.vcluster2.int.massopen.cloud')).toBe(true);
  });

  test('NodePool: InPlace, 0 replicas, amd64, no auto repair, same release', () => {
    const np = plan.nodePools[0].spec;
    expect(np).toMatchObject({
      clusterName: 'vcluster2',
      replicas: 0,
      arch: 'amd64',
      management: { upgradeType: 'InPlace', autoRepair: false },
      nodeDrainTimeout: '0s',
      nodeVolumeDetachTimeout: '0s',
      platform: { type: 'Agent', agent: {} },
      release: { image: agentCluster.release.image },
    });
  });

  test('phases follow namespace, prerequisites, HostedCluster, NodePools; readiness per kind', () => {
    expect(plan.phases.map((p) => [p.name, p.wave])).toEqual([
      ['namespaces', PHASES.namespaces.wave],
      ['prerequisites', PHASES.prerequisites.wave],
      ['hosted-cluster', PHASES.hostedCluster.wave],
      ['node-pools', PHASES.nodePools.wave],
    ]);
    expect(readinessOf(plan.hostedCluster)).toEqual({ kind: 'condition', type: 'Available', status: 'True' });
    // The walkthrough's pool starts with 0 replicas: nothing to wait for.
    expect(readinessOf(plan.nodePools[0])).toEqual({ kind: 'exists' });
    const scaled = planHostedCluster({ ...agentCluster, nodePools: [{ name: 'workers', replicas: 2 }] }, options);
    expect(readinessOf(scaled.nodePools[0])).toEqual({ kind: 'condition', type: 'Ready', status: 'True' });
  });
});

describe('KubeVirt', () => {
  const plan = planHostedCluster(kubevirtCluster, options);

  test('passthrough base domain and the Ingress publishing mapping', () => {
    const spec = plan.hostedCluster.spec;
    expect(spec.dns).toEqual({ baseDomain: '' });
    expect(spec.platform).toEqual({ type: 'KubeVirt', kubevirt: { baseDomainPassthrough: true } });
    expect(spec.services.map((s) => `${s.service}:${s.servicePublishingStrategy.type}`)).toEqual([
      'APIServer:LoadBalancer', 'Ignition:Route', 'Konnectivity:Route', 'OAuthServer:Route',
    ]);
  });

  test('NodePools get the CLI VM defaults unless overridden', () => {
    const [workers, infra] = plan.nodePools;
    expect(workers.spec.platform.kubevirt).toEqual({
      compute: { cores: 4, memory: '16Gi' },
      rootVolume: { type: 'Persistent', persistent: { size: '64Gi' } },
      networkInterfaceMultiqueue: 'Enable',
      attachDefaultNetwork: true,
    });
    expect(infra.spec.platform.kubevirt).toEqual({
      compute: { cores: 2, memory: '4Gi' },
      rootVolume: { type: 'Persistent', persistent: { size: '32Gi' } },
      networkInterfaceMultiqueue: 'Enable',
      attachDefaultNetwork: true,
    });
    expect(workers.spec.management.upgradeType).toBe('Replace');
  });

  test('an external infrastructure cluster gets a kubeconfig Secret reference', () => {
    const external = planHostedCluster(
      { ...kubevirtCluster, platform: { type: 'KubeVirt', kubevirt: { infraCluster: { kubeconfig: { existingSecret: 'infra-kubeconfig' }, namespace: 'guest-vms' } } } },
      options,
    );
    expect(external.hostedCluster.spec.platform.kubevirt?.credentials).toEqual({
      infraKubeConfigSecret: { name: 'infra-kubeconfig', key: 'kubeconfig' },
      infraNamespace: 'guest-vms',
    });
  });
});

describe('AWS', () => {
  const plan = planHostedCluster(awsCluster, options);

  test('platform block from infrastructure inputs', () => {
    const spec = plan.hostedCluster.spec;
    expect(spec.platform.aws).toMatchObject({
      region: 'us-east-2',
      endpointAccess: 'PublicAndPrivate',
      multiArch: false,
      cloudProviderConfig: { vpc: 'vpc-0a1b2c3d4e5f60718', subnet: { id: 'subnet-0aa11bb22cc33dd44' }, zone: 'us-east-2a' },
      resourceTags: [{ key: 'cost-center', value: 'platform' }],
    });
    expect(spec.platform.aws?.rolesRef).toEqual({
      ingressARN: 'arn:aws:iam::123456789012:role/aws-prod-openshift-ingress',
      imageRegistryARN: 'arn:aws:iam::123456789012:role/aws-prod-openshift-image-registry',
      storageARN: 'arn:aws:iam::123456789012:role/aws-prod-aws-ebs-csi-driver-controller',
      networkARN: 'arn:aws:iam::123456789012:role/aws-prod-cloud-network-config-controller',
      kubeCloudControllerARN: 'arn:aws:iam::123456789012:role/aws-prod-cloud-controller',
      nodePoolManagementARN: 'arn:aws:iam::123456789012:role/aws-prod-node-pool',
      controlPlaneOperatorARN: 'arn:aws:iam::123456789012:role/aws-prod-control-plane-operator',
    });
    expect(spec.issuerURL).toBe('https://hcp-oidc-example.s3.us-east-2.amazonaws.com/aws-prod');
    expect(spec.networking.machineNetwork).toEqual([{ cidr: '10.0.0.0/16' }]);
    expect(spec.etcd.managed?.storage.persistentVolume?.storageClassName).toBe('gp3-csi');
    expect(spec.secretEncryption?.type).toBe('kms');
    expect(spec.dns).toEqual({ baseDomain: 'prod.example.com', publicZoneID: 'Z0123456789ABCDEFGHIJ', privateZoneID: 'Z9876543210JIHGFEDCBA' });
  });

  test('external DNS names API and OAuth only, as PublicAndPrivate allows', () => {
    const byService = Object.fromEntries(plan.hostedCluster.spec.services.map((s) => [s.service, s.servicePublishingStrategy]));
    expect(byService.APIServer).toEqual({ type: 'Route', route: { hostname: 'api-aws-prod.hcp.example.com' } });
    expect(byService.OAuthServer).toEqual({ type: 'Route', route: { hostname: 'oauth-aws-prod.hcp.example.com' } });
    expect(byService.Konnectivity).toEqual({ type: 'Route' });
    expect(byService.Ignition).toEqual({ type: 'Route' });
  });

  test('one NodePool per zone, named <cluster>-<zone>, on that zone\'s private subnet', () => {
    expect(plan.nodePools.map((np) => np.metadata.name)).toEqual(['aws-prod-us-east-2a', 'aws-prod-us-east-2b']);
    expect(plan.nodePools[1].spec.platform.aws).toEqual({
      instanceType: 'm5.large',
      instanceProfile: 'aws-prod-worker',
      subnet: { id: 'subnet-0ee55ff66aa77bb88' },
      rootVolume: { size: 120, type: 'gp3' },
    });
    expect(plan.nodePools[0].spec.management.upgradeType).toBe('Replace');
  });

  test('a base domain prefix is kept next to the platform\'s DNS zones', () => {
    const prefixed = planHostedCluster({ ...awsCluster, baseDomainPrefix: 'hcp' }, options);
    expect(prefixed.hostedCluster.spec.dns).toMatchObject({ baseDomain: 'prod.example.com', baseDomainPrefix: 'hcp', publicZoneID: 'Z0123456789ABCDEFGHIJ' });
  });

  test('arm64 pools default to m6g.large', () => {
    // An arm64 pool needs a release with arm64 images: the multi-architecture one.
    const arm = planHostedCluster({ ...awsCluster, release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-multi' }, nodePools: [{ name: 'arm', arch: 'arm64' }] }, options);
    expect(arm.nodePools[0].spec.platform.aws?.instanceType).toBe('m6g.large');
  });

  test('annotations for priority classes and resource overrides', () => {
    expect(plan.hostedCluster.metadata.annotations).toEqual({
      'hypershift.openshift.io/etcd-priority-class': 'hypershift-etcd',
      'resource-request-override.hypershift.openshift.io/kube-apiserver.kube-apiserver': 'memory=3Gi,cpu=2000m',
    });
    expect(planObjects(plan).some((o) => o.kind === 'Secret' || o.metadata.name.endsWith('etcd-encryption-key'))).toBe(false);
  });
});

describe('None', () => {
  const plan = planHostedCluster(noneCluster, options);

  test('NodePort services, no platform block, existing Secrets only', () => {
    expect(plan.hostedCluster.spec.platform).toEqual({ type: 'None' });
    expect(plan.hostedCluster.spec.pullSecret).toEqual({ name: 'edge-lab-pull-secret' });
    expect(ids(planObjects(plan))).toEqual(['Namespace -/none-clusters', 'HostedCluster none-clusters/edge-lab', 'NodePool none-clusters/edge-lab']);
    expect(plan.nodePools[0].spec.platform).toEqual({ type: 'None' });
  });

  test('Agent and None default the base domain like the CLI', () => {
    const { baseDomain: _ignored, ...withoutDomain } = noneCluster;
    expect(planHostedCluster(withoutDomain, options).hostedCluster.spec.dns?.baseDomain).toBe('example.com');
  });
});

describe('typed extras and the escape hatch', () => {
  test('configuration, trust bundle, restart date, pause, dual stack and spec overrides', () => {
    const plan = planHostedCluster(
      {
        ...agentCluster,
        networking: { dualStack: true, ovnMtu: 8900 },
        configuration: { oauth: { identityProviders: [{ name: 'sso', type: 'OpenID', mappingMethod: 'claim', openID: { issuer: 'https://sso.example.com', clientID: 'ocp', clientSecret: { name: 'sso-client' }, claims: { email: ['email'] } } }] } },
        additionalTrustBundle: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
        restartDate: '2026-11-22T00:00:00Z',
        pausedUntil: true,
        specOverrides: { monitoring: { metricsSet: 'SRE' }, olmCatalogPlacement: 'guest' },
      },
      options,
    );
    const hc = plan.hostedCluster;
    expect(hc.spec.networking.clusterNetwork).toEqual([{ cidr: '10.132.0.0/14' }, { cidr: 'fd01::/48' }]);
    expect(hc.spec.networking.serviceNetwork).toEqual([{ cidr: '172.31.0.0/16' }, { cidr: 'fd02::/112' }]);
    expect(hc.spec.operatorConfiguration?.clusterNetworkOperator?.ovnKubernetesConfig?.mtu).toBe(8900);
    expect(hc.spec.additionalTrustBundle).toEqual({ name: 'user-ca-bundle' });
    expect(planObjects(plan).find((o) => o.kind === 'ConfigMap')?.metadata.name).toBe('user-ca-bundle');
    expect(hc.metadata.annotations?.['hypershift.openshift.io/restart-date']).toBe('2026-11-22T00:00:00Z');
    expect(hc.spec.pausedUntil).toBe('true');
    expect(hc.spec.monitoring).toEqual({ metricsSet: 'SRE' });
    expect(hc.spec.olmCatalogPlacement).toBe('guest');
    expect(hc.spec.configuration?.oauth?.identityProviders?.[0].openID?.clientSecret).toEqual({ name: 'sso-client' });
  });

  test('NodePool config references, taints, autoscaling and overrides', () => {
    const plan = planHostedCluster(
      {
        ...kubevirtCluster,
        nodePools: [
          {
            name: 'tuned',
            autoScaling: { min: 1, max: 5 },
            config: [{ existingConfigMap: 'kubelet-config' }],
            tuningConfig: [{ existingConfigMap: 'tuned-1' }],
            taints: [{ key: 'dedicated', value: 'gpu', effect: 'NoSchedule' }],
            nodeDrainTimeout: '30m',
            autoRepair: true,
            specOverrides: { management: { replace: { strategy: 'RollingUpdate', rollingUpdate: { maxSurge: 2, maxUnavailable: 0 } } } },
          },
        ],
      },
      options,
    );
    const spec = plan.nodePools[0].spec;
    expect(spec.replicas).toBeUndefined();
    expect(spec.autoScaling).toEqual({ min: 1, max: 5 });
    expect(spec.config).toEqual([{ name: 'kubelet-config' }]);
    expect(spec.tuningConfig).toEqual([{ name: 'tuned-1' }]);
    expect(spec.management).toEqual({ upgradeType: 'Replace', autoRepair: true, replace: { strategy: 'RollingUpdate', rollingUpdate: { maxSurge: 2, maxUnavailable: 0 } } });
  });
});
