/**
 * The root program (Pulumi.yaml -> pulumi/index.ts) under strict mocks, with stack config as
 * `pulumi config set` would store it: the AWS cluster by default, the None example on request.
 */
import * as pulumi from '@pulumi/pulumi';
import { ADMIN_KUBECONFIG, MockRecord, settle, valueOf } from './aws/mocks';

const record = new MockRecord();
const PULL_SECRET = '{"auths":{"quay.io":{"auth":"cHJvZ3JhbS1wdWxsLXNlY3JldA=="}}}';

/** Config keys as the CLI stores them (`<project>:<key>`), secrets listed as secret. */
function setConfig(values: Record<string, string>, secrets: string[]): void {
  pulumi.runtime.setAllConfig(
    Object.fromEntries(Object.entries(values).map(([key, value]) => [key.includes(':') ? key : `hcp-constructs:${key}`, value])),
    secrets.map((key) => `hcp-constructs:${key}`),
  );
}

const AWS_CONFIG = {
  'aws:region': 'us-east-2',
  zones: JSON.stringify(['us-east-2a', 'us-east-2b']),
  baseDomain: 'example.com',
  releaseImage: 'quay.io/openshift-release-dev/ocp-release:4.16.4-x86_64',
  oidcBucketName: 'hcp-oidc',
  pullSecret: PULL_SECRET,
  managementKubeconfig: 'apiVersion: v1\nkind: Config\n',
  nodePoolReplicas: '3',
  instanceType: 'm6i.xlarge',
  singleNatGateway: 'true',
};

let logged: jest.SpyInstance;
beforeEach(async () => {
  await record.newProgram();
  logged = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => {
  logged.mockRestore();
  pulumi.runtime.setAllConfig({});
});

async function run(): Promise<Record<string, pulumi.Output<unknown>>> {
  // A fresh module each run: the program reads its config when called.
  let program: () => Record<string, pulumi.Output<unknown>> = () => ({});
  jest.isolateModules(() => {
    program = require('../../pulumi/index');
  });
  return program();
}

test('by default one AWS cluster from the stack config: one NAT gateway, a NodePool per zone, the kubeconfig as a secret output', async () => {
  setConfig(AWS_CONFIG, ['pullSecret', 'managementKubeconfig']);
  const outputs = await run();
  await settle(...Object.values(outputs).map((o) => pulumi.output(o)));
  expect(Object.keys(outputs).sort()).toEqual(['hostedClusterName', 'iam', 'infra', 'infraID', 'kubeconfig', 'namespace']);
  expect(await valueOf(outputs.kubeconfig)).toBe(ADMIN_KUBECONFIG);
  expect(await pulumi.isSecret(outputs.kubeconfig)).toBe(true);
  expect(record.byType('aws:ec2/natGateway:NatGateway')).toHaveLength(1);
  const pools = record.registrations.filter((r) => r.type === 'kubernetes:hypershift.openshift.io/v1beta1:NodePool').map((r) => r.inputs.spec as any);
  expect(pools.map((p) => [p.replicas, p.platform.aws.instanceType])).toEqual([[3, 'm6i.xlarge'], [3, 'm6i.xlarge']]);
  const hc = record.registrations.find((r) => r.type === 'kubernetes:hypershift.openshift.io/v1beta1:HostedCluster')!;
  // The stack is named "test" under the mocks: the cluster takes its name.
  expect((hc.inputs.metadata as any).name).toBe('test');
  expect((hc.inputs.spec as any).issuerURL).toBe('https://hcp-oidc.s3.us-east-2.amazonaws.com/test');
  expect((await valueOf(outputs.infra)) as object).toMatchObject({ region: 'us-east-2', infraID: 'test', Name: 'test' });
});

test('bad config fails before anything is created', async () => {
  setConfig({ ...AWS_CONFIG, zones: JSON.stringify(['eu-west-1a']) }, ['pullSecret']);
  await expect(run()).rejects.toThrow(/aws.zones\[0\]: zone "eu-west-1a" is not in region us-east-2/);
  setConfig({ ...AWS_CONFIG, zones: '"us-east-2a"' }, ['pullSecret']);
  await expect(run()).rejects.toThrow(/config "zones" must be a list/);
  await settle();
  expect(record.registrations).toEqual([]);
});

test('cluster=none runs the on-premises example; an unknown choice is refused', async () => {
  setConfig({ cluster: 'none', pullSecret: PULL_SECRET }, ['pullSecret']);
  const outputs = await run();
  await settle(...Object.values(outputs).map((o) => pulumi.output(o)));
  expect(await valueOf(outputs.hostedClusterName)).toBe('edge-lab');
  expect(record.registrations.filter((r) => r.type.startsWith('aws:'))).toEqual([]);
  setConfig({ cluster: 'gcp' }, []);
  await expect(run()).rejects.toThrow('config "cluster" must be one of aws, none, kubevirt, agent, management, fleet; got "gcp".');
});
