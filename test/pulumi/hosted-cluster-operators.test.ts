/**
 * Operators inside a hosted cluster with Pulumi, under strict mocks: every object through the
 * hosted cluster's provider, phases as dependsOn, the same objects as cdk8s; and the IAM role an
 * operator assumes through STS, trusting the cluster's OIDC provider for its service account.
 */
import * as pulumi from '@pulumi/pulumi';
import { adminKubeconfigRead, strictMocks, valueOf } from './strict-mocks';
import { App, Chart } from 'cdk8s';
import { HostedClusterBundle as Cdk8sBundle, HostedClusterSriov as Cdk8sSriov } from '../../lib/cdk8s';
import { EXAMPLE_DAY2, EXAMPLE_OPTIONS, awsCluster } from '../../examples/clusters';

const SRIOV = EXAMPLE_DAY2.find((d) => d.cluster === awsCluster)!.sriov!;

// A read of the admin kubeconfig Secret the operator writes.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = any;
const mocked = strictMocks(adminKubeconfigRead);
const { registrations } = mocked;
let hcp: typeof import('../../lib/pulumi');
let hcpAws: typeof import('../../lib/pulumi/aws');
beforeAll(async () => {
  hcp = await mocked.load();
  hcpAws = await import('../../lib/pulumi/aws');
});

test('SR-IOV: every object through the hosted cluster provider, in phase order, equal to the cdk8s objects', async () => {
  const dependsOn = new Map<string, unknown>();
  const record: pulumi.ResourceTransformation = (args) => {
    dependsOn.set(args.name, args.opts.dependsOn);
    return undefined;
  };
  const bundle = new hcp.HostedClusterBundle('prod', { ...awsCluster, options: EXAMPLE_OPTIONS });
  const sriov = new hcp.HostedClusterSriov('prod-sriov', { cluster: bundle, ...SRIOV }, { transformations: [record] });
  const all = sriov.phases.flatMap((p) => p.resources);
  const urns = await Promise.all(all.map((r) => valueOf(r.urn)));
  await valueOf(sriov.urn);
  // Registered concurrently within a phase: put them in the component's (phase) order.
  const resourceNamed = (name: string) => all[urns.findIndex((urn) => urn.endsWith(`::${name}`))];
  expect(sriov.phases.map((p) => `${p.name}:${p.resources.length}`)).toEqual(['catalogs:2', 'operators:1', 'webhooks-ready:2']);
  const providerRef = await valueOf(pulumi.all([sriov.provider.urn, sriov.provider.id]).apply(([urn, id]) => `${urn}::${id}`));
  const hosted = registrations.filter((r) => r.name.startsWith('prod-sriov-') && r.type !== 'pulumi:providers:kubernetes' && r.id === undefined);
  hosted.sort((a, b) => all.findIndex((r) => r === resourceNamed(a.name)) - all.findIndex((r) => r === resourceNamed(b.name)));
  expect(hosted.map((r) => r.name)).toEqual([
    'prod-sriov-namespace-openshift-sriov-network-operator',
    'prod-sriov-operatorgroup-openshift-sriov-network-operator/sriov-network-operators',
    'prod-sriov-subscription-openshift-sriov-network-operator/sriov-network-operator-subscription',
    'prod-sriov-sriovnetworknodepolicy-openshift-sriov-network-operator/ena-vfs',
    'prod-sriov-sriovnetwork-openshift-sriov-network-operator/data-plane',
  ]);
  for (const r of hosted) expect(r.provider).toBe(providerRef);
  // The Subscription waits for the namespace and OperatorGroup; the policies wait for the Subscription.
  const names = (key: string) => new Set((dependsOn.get(key) as { __name: string }[]).map((r) => r.__name));
  expect(names('prod-sriov-subscription-openshift-sriov-network-operator/sriov-network-operator-subscription')).toEqual(new Set([hosted[0].name, hosted[1].name]));
  expect(names('prod-sriov-sriovnetwork-openshift-sriov-network-operator/data-plane')).toEqual(new Set([hosted[2].name]));
  expect((hosted[2].inputs as Obj).metadata.annotations['pulumi.com/waitFor']).toBe('jsonpath={.status.state}=AtLatestKnown');

  // Parity: the objects cdk8s writes for the same props.
  const app = new App();
  const chart = new Chart(app, 'c');
  const cdk8sBundle = new Cdk8sBundle(chart, 'cluster', { ...awsCluster, options: EXAMPLE_OPTIONS });
  const cdk8s = new Cdk8sSriov(chart, 'sriov', { cluster: cdk8sBundle, ...SRIOV });
  const strip = (o: { metadata: { annotations?: unknown } }) => ({ ...o, metadata: { ...o.metadata, annotations: undefined } });
  expect(hosted.map((r) => strip(JSON.parse(JSON.stringify(r.inputs))))).toEqual(cdk8s.plan!.objects.map((p) => strip(JSON.parse(JSON.stringify(p.object)))));
});

test('AwsOperatorRole: web-identity trust of the cluster OIDC provider for the operator service account; its ARN known before it exists', async () => {
  const role = new hcpAws.AwsOperatorRole('s3-role', {
    roleName: 'aws-prod-s3-operator',
    accountId: '123456789012',
    issuerURL: 'https://hcp-oidc-example.s3.us-east-2.amazonaws.com/aws-prod',
    oidcProviderArn: 'arn:aws:iam::123456789012:oidc-provider/hcp-oidc-example.s3.us-east-2.amazonaws.com/aws-prod',
    serviceAccounts: [{ namespace: 's3-operator', name: 's3-operator-controller' }],
    statements: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: 'arn:aws:s3:::aws-prod-data/*' }],
  });
  expect(role.roleArn).toBe('arn:aws:iam::123456789012:role/aws-prod-s3-operator');
  await Promise.all([valueOf(role.role.urn), valueOf(role.policy.urn)]);
  const created = registrations.find((r) => r.type === 'aws:iam/role:Role' && r.name === 'aws-prod-s3-operator')!;
  expect(JSON.parse(created.inputs.assumeRolePolicy as string)).toEqual({
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Principal: { Federated: 'arn:aws:iam::123456789012:oidc-provider/hcp-oidc-example.s3.us-east-2.amazonaws.com/aws-prod' },
        Action: 'sts:AssumeRoleWithWebIdentity',
        Condition: {
          StringEquals: {
            'hcp-oidc-example.s3.us-east-2.amazonaws.com/aws-prod:sub': 'system:serviceaccount:s3-operator:s3-operator-controller',
            'hcp-oidc-example.s3.us-east-2.amazonaws.com/aws-prod:aud': 'openshift',
          },
        },
      },
    ],
  });
  const policy = registrations.find((r) => r.type === 'aws:iam/rolePolicy:RolePolicy' && r.name === 'aws-prod-s3-operator')!;
  expect(JSON.parse(policy.inputs.policy as string)).toEqual({ Version: '2012-10-17', Statement: [{ Effect: 'Allow', Action: ['s3:GetObject'], Resource: 'arn:aws:s3:::aws-prod-data/*' }] });
  expect(() => new hcpAws.AwsOperatorRole('bad', { roleName: 'x', accountId: '12', issuerURL: 'http://x', oidcProviderArn: 'p', serviceAccounts: [], statements: [] })).toThrow(
    /accountId: "12" is not an AWS account ID[\s\S]*issuerURL: "http:\/\/x" is not an https URL[\s\S]*serviceAccounts: no service account may assume the role[\s\S]*statements: the role would grant nothing/,
  );
});
