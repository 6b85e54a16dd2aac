/**
 * PowerVS: the upstream CLI's names and defaults (cmd/cluster/powervs/create.go, cmd/nodepool/
 * powervs/create.go, cmd/infra/powervs/create.go, read there and written down here flag by flag),
 * the checks on the final objects, the credentials as SecretSources, and the CLI's infra JSON.
 */
import type { HostedClusterProps } from '../../lib';
import { HcpValidationError, SecretSource, checkHostedCluster } from '../../lib';
import { checkPowervsCliOutput, powervsPropsFromCliOutput } from '../../lib/platforms';
import { referencesOf } from '../../lib/core/references';
import { EXAMPLE_OPTIONS } from '../../examples/clusters';
import { POWERVS_INFRA_JSON } from '../../examples/powervs';

const existing = (name: string) => SecretSource.existing(name);
const CREDENTIALS = {
  kubeCloudController: existing('a'),
  nodePoolManagement: existing('b'),
  ingressOperator: existing('c'),
  storageOperator: existing('d'),
  imageRegistryOperator: existing('e'),
};

/** The smallest PowerVS cluster: what `create cluster powervs` needs besides its flags' defaults. */
const minimal: HostedClusterProps = {
  name: 'p1',
  release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-multi' },
  baseDomain: 'power.example.com',
  pullSecret: existing('pull'),
  platform: {
    type: 'PowerVS',
    powervs: {
      accountID: 'acc',
      resourceGroup: 'rg',
      cisInstanceCRN: 'crn:v1:bluemix:public:internet-svcs:global:a/acc:cis::',
      serviceInstanceID: 'svc',
      subnet: { name: 'dhcp' },
      vpc: { name: 'vpc' },
      credentials: CREDENTIALS,
    },
  },
};

const check = (props: unknown) => checkHostedCluster(props, EXAMPLE_OPTIONS);
const errors = (props: unknown) => check(props).issues.filter((i) => i.severity === 'error');
const withPowervs = (powervs: object) => ({ ...minimal, platform: { type: 'PowerVS', powervs: { ...minimal.platform.type === 'PowerVS' && minimal.platform.powervs, ...powervs } } });
const withPool = (pool: object) => ({ ...minimal, nodePools: [{ name: 'p', ...pool }] });

describe("the CLI's defaults, flag by flag", () => {
  const { plan } = check(minimal);
  const hc = plan!.hostedCluster;
  const np = plan!.nodePools[0];

  test('--region, --zone and --vpc-region default to us-south', () => {
    expect(hc.spec.platform.powervs).toMatchObject({ region: 'us-south', zone: 'us-south', vpc: { name: 'vpc', region: 'us-south' } });
  });
  test('the machine network is the fixed 10.0.0.0/16 of create.go (defaultCIDRBlock)', () => {
    expect(hc.spec.networking.machineNetwork).toEqual([{ cidr: '10.0.0.0/16' }]);
  });
  test('services: the API on a LoadBalancer, the rest on routes (no --external-dns-domain)', () => {
    expect(hc.spec.services.map((s) => [s.service, s.servicePublishingStrategy.type])).toEqual([
      ['APIServer', 'LoadBalancer'],
      ['Ignition', 'Route'],
      ['Konnectivity', 'Route'],
      ['OAuthServer', 'Route'],
    ]);
  });
  test('the five credential Secrets are referenced by the fields the CLI fills', () => {
    expect(hc.spec.platform.powervs).toMatchObject({
      kubeCloudControllerCreds: { name: 'a' },
      nodePoolManagementCreds: { name: 'b' },
      ingressOperatorCloudCreds: { name: 'c' },
      storageOperatorCloudCreds: { name: 'd' },
      imageRegistryOperatorCloudCreds: { name: 'e' },
    });
  });
  test('one NodePool named after the cluster, arch ppc64le (the CLI sets it), upgradeType Replace', () => {
    expect(plan!.nodePools.map((p) => p.metadata.name)).toEqual(['p1']);
    expect(np.spec.arch).toBe('ppc64le');
    expect(np.spec.management.upgradeType).toBe('Replace');
  });
  test('--sys-type s922, --proc-type shared, --processors "0.5" (a string), --memory 32', () => {
    expect(np.spec.platform).toEqual({ type: 'PowerVS', powervs: { systemType: 's922', processorType: 'shared', processors: '0.5', memoryGiB: 32 } });
  });
  test('storage type and image delete policy stay unset, as the CLI leaves them (the CRD defaults apply)', () => {
    expect(np.spec.platform.powervs).not.toHaveProperty('storageType');
    expect(np.spec.platform.powervs).not.toHaveProperty('imageDeletePolicy');
  });
  test('given values are written as given; processors as a string', () => {
    const pool = check(withPool({ platform: { powervs: { systemType: 'e980', processorType: 'dedicated', processors: 2, memoryGiB: 64, storageType: 'tier3', imageDeletePolicy: 'retain', image: { name: 'rhcos' } } } })).plan!.nodePools[0];
    expect(pool.spec.platform.powervs).toEqual({ systemType: 'e980', processorType: 'dedicated', processors: '2', memoryGiB: 64, storageType: 'tier3', imageDeletePolicy: 'retain', image: { name: 'rhcos' } });
  });
  test('the CIS domain ID is both DNS zones, as the CLI writes it', () => {
    expect(check(withPowervs({ cisDomainID: 'dom' })).plan!.hostedCluster.spec.dns).toEqual({ baseDomain: 'power.example.com', publicZoneID: 'dom', privateZoneID: 'dom' });
  });
  test('no error on the minimal cluster; the warnings any cluster gets (no etcd encryption key, SingleReplica)', () => {
    expect(check(minimal).issues.map((i) => `${i.severity} ${i.path}`)).toEqual(['warning secretEncryption', 'warning controllerAvailabilityPolicy']);
  });
});

describe('credentials as SecretSources', () => {
  test("from a store: one ExternalSecret per credential, named as the CLI names the Secret, reading both keys", () => {
    const vault = (key: string) => SecretSource.external({ store: 'vault', key });
    const props = withPowervs({ credentials: { ...CREDENTIALS, kubeCloudController: vault('ccm'), nodePoolManagement: vault('nodes') } });
    const objects = check(props).plan!.objects.map((o) => o.object).filter((o) => o.kind === 'ExternalSecret') as unknown as { metadata: { name: string }; spec: { data: { secretKey: string }[] } }[];
    expect(objects.map((o) => [o.metadata.name, o.spec.data.map((d) => d.secretKey)])).toEqual([
      ['p1-cloud-controller-creds', ['ibmcloud_api_key', 'ibm-credentials.env']],
      ['p1-node-management-creds', ['ibm-credentials.env']],
    ]);
    expect(check(props).plan!.hostedCluster.spec.platform.powervs?.kubeCloudControllerCreds).toEqual({ name: 'p1-cloud-controller-creds' });
  });
  test('an inline value for a two-key Secret is refused, and an inline one without allowInlineSecrets too', () => {
    const found = errors(withPowervs({ credentials: { ...CREDENTIALS, ingressOperator: SecretSource.inline('k'), nodePoolManagement: SecretSource.inline('IBMCLOUD_APIKEY=k') } }));
    expect(found.map((i) => [i.path, i.message])).toEqual([
      ['platform.powervs.credentials.nodePoolManagement.inline', 'an inline secret value would be written into the synthesized YAML.'],
      ['platform.powervs.credentials.ingressOperator.inline', expect.stringContaining('holds 2 keys (ibmcloud_api_key and ibm-credentials.env)')],
    ]);
  });
  test('the preflight knows which keys the operator copies from each Secret', () => {
    const refs = referencesOf(check(minimal).plan!.hostedCluster).filter((r) => r.path.startsWith('spec.platform.powervs'));
    expect(refs.map((r) => [r.name, r.keys])).toEqual([
      ['a', ['ibmcloud_api_key', 'ibm-credentials.env']],
      ['c', ['ibmcloud_api_key', 'ibm-credentials.env']],
      ['d', ['ibmcloud_api_key', 'ibm-credentials.env']],
      ['e', ['ibmcloud_api_key', 'ibm-credentials.env']],
      ['b', ['ibm-credentials.env']],
    ]);
  });
});

describe('wrong types give findings with their paths, all in one run, never an exception', () => {
  test('every wrong field of the cluster block at once', () => {
    const props = withPowervs({ accountID: 5, subnet: 'dhcp', vpc: { region: 'us-south' }, credentials: { ...CREDENTIALS, storageOperator: 'x' }, region: 'r'.repeat(256), extra: true });
    expect(() => check(props)).not.toThrow();
    expect(errors(props).map((i) => i.path)).toEqual([
      'platform.powervs.accountID',
      'platform.powervs.region',
      'platform.powervs.subnet',
      'platform.powervs.vpc.name',
      'platform.powervs.credentials.storageOperator',
      'platform.powervs.extra',
    ]);
  });
  test('a missing block and wrong pool values', () => {
    expect(errors({ ...minimal, platform: { type: 'PowerVS' } }).map((i) => i.path)).toEqual(['platform.powervs']);
    const props = withPool({ platform: { powervs: { processors: { n: 1 }, memoryGiB: '32', processorType: 'shard', image: [] } } });
    expect(errors(props).map((i) => [i.path, i.message])).toEqual([
      ['nodePools[0].platform.powervs.processorType', '"shard" (a string) is not one of dedicated, shared, capped; did you mean "shared"?'],
      ['nodePools[0].platform.powervs.processors', expect.stringContaining('is not a number of processors')],
      ['nodePools[0].platform.powervs.memoryGiB', expect.stringContaining('is not a whole number')],
      ['nodePools[0].platform.powervs.image', expect.any(String)],
    ]);
  });
  test('a pool block of another platform is refused on PowerVS', () => {
    expect(errors(withPool({ platform: { aws: { instanceType: 'm5.large' } } }))[0]?.path).toBe('nodePools[0].platform.aws');
  });
});

describe("what the operator and IBM Cloud refuse (the API's documented limits), on the final objects", () => {
  const poolErrors = (powervs: object) => errors(withPool({ platform: { powervs } })).map((i) => [i.path, i.message]);
  test('processors: 0.5 at least when shared or capped, whole and 1 at least when dedicated, 15 at most on s922, 143 on e980', () => {
    expect(poolErrors({ processors: '0.25' })).toEqual([['nodePools[0].platform.powervs.processors', '0.25 processors is below the 0.5 a shared VM takes.']]);
    expect(poolErrors({ processorType: 'dedicated', processors: 1.5 })).toEqual([['nodePools[0].platform.powervs.processors', '1.5 processors: dedicated processors are whole.']]);
    // The CLI would write its 0.5 for --proc-type dedicated; the API documents 1 as the dedicated default, and the library writes that.
    expect(poolErrors({ processorType: 'dedicated' })).toEqual([]);
    expect(check(withPool({ platform: { powervs: { processorType: 'dedicated' } } })).plan!.nodePools[0].spec.platform.powervs?.processors).toBe('1');
    expect(poolErrors({ processors: 16 })).toEqual([['nodePools[0].platform.powervs.processors', '16 processors is more than the 15 a s922 VM takes.']]);
    expect(poolErrors({ processors: 16, systemType: 'e980' })).toEqual([]);
    expect(poolErrors({ processors: 'two' })).toEqual([['nodePools[0].platform.powervs.processors', '"two" is not a number of processors.']]);
  });
  test('memory: 32 GiB at least, 942 at most on s922, 15307 on e980; unknown system types are not judged', () => {
    expect(poolErrors({ memoryGiB: 16 })).toEqual([['nodePools[0].platform.powervs.memoryGiB', '16 GiB is below the 32 GiB a PowerVS VM takes.']]);
    expect(poolErrors({ memoryGiB: 1024 })).toEqual([['nodePools[0].platform.powervs.memoryGiB', '1024 GiB is more than the 942 GiB a s922 VM takes.']]);
    expect(poolErrors({ memoryGiB: 1024, systemType: 'e980' })).toEqual([]);
    expect(poolErrors({ memoryGiB: 99999, processors: 500, systemType: 's1022' })).toEqual([]);
  });
  test('the same checks read values given through specOverrides', () => {
    expect(errors(withPool({ specOverrides: { platform: { powervs: { memoryGiB: 8 } } } }))[0]?.path).toBe('nodePools[0].specOverrides.platform.powervs.memoryGiB');
  });
  test('a subnet or image that names nothing', () => {
    expect(errors(withPowervs({ subnet: {} })).map((i) => i.path)).toEqual(['platform.powervs.subnet']);
    expect(poolErrors({ image: {} })).toEqual([['nodePools[0].platform.powervs.image', 'the image has neither an id nor a name.']]);
  });
  test('an x86_64-only release: ppc64le nodes would never join (the cluster once, a pool of its own release too)', () => {
    const props = { ...minimal, release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-x86_64' } };
    expect(errors(props).map((i) => i.path)).toEqual(['release.image']);
    expect(errors(withPool({ release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-x86_64' } })).map((i) => i.path)).toEqual(['nodePools[0].release.image']);
    expect(errors({ ...minimal, release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-ppc64le' } })).toEqual([]);
  });
  test('no base domain (the CLI requires --base-domain), and an amd64 NodePool', () => {
    expect(errors({ ...minimal, baseDomain: undefined }).map((i) => i.path)).toContain('baseDomain');
    expect(errors(withPool({ arch: 'amd64' })).map((i) => [i.path, i.message])).toEqual([['nodePools[0].arch', 'amd64 NodePools are not supported on PowerVS.']]);
  });
  test('the CRD refuses a CIS CRN that does not start with crn:, and so does the library', () => {
    expect(errors(withPowervs({ cisInstanceCRN: 'cis-1' })).map((i) => i.path)).toEqual(['platform.powervs.cisInstanceCRN']);
  });
});

describe('the JSON of hypershift create infra powervs', () => {
  test('maps to props the way create cluster powervs --infra-json does, with the Secrets by name only', () => {
    const props = powervsPropsFromCliOutput(POWERVS_INFRA_JSON);
    expect(props).toEqual({
      infraID: 'pvs-dev',
      baseDomain: 'power.example.com',
      platform: {
        type: 'PowerVS',
        powervs: {
          accountID: POWERVS_INFRA_JSON.accountID,
          resourceGroup: 'hcp',
          region: 'us-south',
          zone: 'dal12',
          cisInstanceCRN: POWERVS_INFRA_JSON.cisCrn,
          cisDomainID: POWERVS_INFRA_JSON.cisDomainID,
          serviceInstanceID: POWERVS_INFRA_JSON.cloudInstanceID,
          subnet: { id: POWERVS_INFRA_JSON.dhcpSubnetID, name: 'DHCPSERVERpvs-dev_Private' },
          vpc: { name: 'pvs-dev-vpc', region: 'us-south', subnet: 'pvs-dev-vpc-sn' },
          credentials: {
            kubeCloudController: { existingSecret: 'pvs-dev-cloud-controller-creds' },
            nodePoolManagement: { existingSecret: 'pvs-dev-node-management-creds' },
            ingressOperator: { existingSecret: 'pvs-dev-ingress-creds' },
            storageOperator: { existingSecret: 'pvs-dev-storage-creds' },
            imageRegistryOperator: { existingSecret: 'pvs-dev-image-registry-creds' },
          },
        },
      },
    });
    expect(errors({ ...minimal, ...props, name: 'pvs-dev' })).toEqual([]);
  });
  test("the API keys in the JSON's Secrets never reach the props", () => {
    const withKeys = JSON.parse(JSON.stringify(POWERVS_INFRA_JSON));
    withKeys.secrets.IngressOperator.data = { ibmcloud_api_key: 'c2VjcmV0LWtleQ==' };
    expect(JSON.stringify(powervsPropsFromCliOutput(withKeys))).not.toContain('c2VjcmV0LWtleQ==');
  });
  test('wrong JSON gives findings with paths; a credential the CLI did not write is an error unless given', () => {
    const bad = { ...POWERVS_INFRA_JSON, id: 7, secrets: { ...POWERVS_INFRA_JSON.secrets, StorageOperator: 'x' } };
    expect(checkPowervsCliOutput(bad).issues.map((i) => i.path)).toEqual(['infra.id', 'infra.secrets.StorageOperator']);
    expect(checkPowervsCliOutput('nope').issues.map((i) => i.path)).toEqual(['infra']);
    const missing = { ...POWERVS_INFRA_JSON, secrets: { ...POWERVS_INFRA_JSON.secrets, NodePoolManagement: null } };
    expect(checkPowervsCliOutput(missing).issues.map((i) => i.path)).toEqual(['infra.secrets.NodePoolManagement']);
    expect(checkPowervsCliOutput(missing, { credentials: { nodePoolManagement: existing('mine') } }).props?.platform.powervs.credentials.nodePoolManagement).toEqual({ existingSecret: 'mine' });
    expect(() => powervsPropsFromCliOutput(missing)).toThrow(HcpValidationError);
  });
});
