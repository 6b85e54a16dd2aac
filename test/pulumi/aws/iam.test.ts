/**
 * AwsIam under strict mocks: each role's permissions against upstream's policies, written out
 * here as facts (cmd/infra/aws/iam.go), the trust of each role, the worker profile, KMS.
 */
import * as pulumi from '@pulumi/pulumi';
import { MockRecord, settle, valueOf } from './mocks';

const record = new MockRecord();
let hcp: typeof import('../../../lib/pulumi/aws');
beforeAll(async () => {
  await record.newProgram();
  hcp = await import('../../../lib/pulumi/aws');
});
beforeEach(() => record.newProgram());

const issuer = 'https://oidc-bucket.s3.us-east-2.amazonaws.com/demo';
const zones = { publicZoneId: 'ZPUBLIC', privateZoneId: 'ZPRIVATE', localZoneId: 'ZLOCAL' };
const words = (text: string) => text.split(/\s+/).filter(Boolean);

/** Upstream's facts (cmd/infra/aws/iam.go): role name suffix, service accounts, and every action of its inline policy. */
const UPSTREAM: Record<string, { suffix: string; serviceAccounts: string[]; actions: string[] }> = {
  ingressARN: {
    suffix: 'openshift-ingress',
    serviceAccounts: ['system:serviceaccount:openshift-ingress-operator:ingress-operator'],
    actions: words('elasticloadbalancing:DescribeLoadBalancers tag:GetResources route53:ListHostedZones route53:ChangeResourceRecordSets'),
  },
  imageRegistryARN: {
    suffix: 'openshift-image-registry',
    serviceAccounts: ['system:serviceaccount:openshift-image-registry:cluster-image-registry-operator', 'system:serviceaccount:openshift-image-registry:registry'],
    actions: words(`s3:CreateBucket s3:DeleteBucket s3:PutBucketTagging s3:GetBucketTagging s3:PutBucketPublicAccessBlock s3:GetBucketPublicAccessBlock
      s3:PutEncryptionConfiguration s3:GetEncryptionConfiguration s3:PutLifecycleConfiguration s3:GetLifecycleConfiguration s3:GetBucketLocation
      s3:ListBucket s3:GetObject s3:PutObject s3:DeleteObject s3:ListBucketMultipartUploads s3:AbortMultipartUpload s3:ListMultipartUploadParts`),
  },
  storageARN: {
    suffix: 'aws-ebs-csi-driver-controller',
    serviceAccounts: ['system:serviceaccount:openshift-cluster-csi-drivers:aws-ebs-csi-driver-controller-sa'],
    actions: words(`ec2:AttachVolume ec2:CreateSnapshot ec2:CreateTags ec2:CreateVolume ec2:DeleteSnapshot ec2:DeleteTags ec2:DeleteVolume
      ec2:DescribeInstances ec2:DescribeSnapshots ec2:DescribeTags ec2:DescribeVolumes ec2:DescribeVolumesModifications ec2:DetachVolume
      ec2:ModifyVolume ec2:DescribeAvailabilityZones ec2:EnableFastSnapshotRestores ec2:DescribeInstanceTypes ec2:DescribeVolumeStatus
      ec2:CopyVolumes ec2:LockSnapshot kms:Decrypt kms:Encrypt kms:GenerateDataKey kms:GenerateDataKeyWithoutPlainText kms:DescribeKey
      kms:RevokeGrant kms:CreateGrant kms:ListGrants`),
  },
  networkARN: {
    suffix: 'cloud-network-config-controller',
    serviceAccounts: ['system:serviceaccount:openshift-cloud-network-config-controller:cloud-network-config-controller'],
    actions: words(`ec2:DescribeInstances ec2:DescribeInstanceStatus ec2:DescribeInstanceTypes ec2:UnassignPrivateIpAddresses
      ec2:AssignPrivateIpAddresses ec2:UnassignIpv6Addresses ec2:AssignIpv6Addresses ec2:DescribeSubnets ec2:DescribeNetworkInterfaces`),
  },
  kubeCloudControllerARN: {
    suffix: 'cloud-controller',
    serviceAccounts: ['system:serviceaccount:kube-system:kube-controller-manager'],
    actions: words(`autoscaling:DescribeAutoScalingGroups autoscaling:DescribeLaunchConfigurations autoscaling:DescribeTags
      ec2:DescribeAvailabilityZones ec2:DescribeInstances ec2:DescribeImages ec2:DescribeRegions ec2:DescribeRouteTables ec2:DescribeSecurityGroups
      ec2:DescribeSubnets ec2:DescribeVolumes ec2:CreateSecurityGroup ec2:CreateTags ec2:CreateVolume ec2:ModifyInstanceAttribute ec2:ModifyVolume
      ec2:AttachVolume ec2:AuthorizeSecurityGroupIngress ec2:CreateRoute ec2:DeleteRoute ec2:DeleteSecurityGroup ec2:DeleteVolume ec2:DetachVolume
      ec2:RevokeSecurityGroupIngress ec2:DescribeVpcs elasticloadbalancing:AddTags elasticloadbalancing:AttachLoadBalancerToSubnets
      elasticloadbalancing:ApplySecurityGroupsToLoadBalancer elasticloadbalancing:CreateLoadBalancer elasticloadbalancing:CreateLoadBalancerPolicy
      elasticloadbalancing:CreateLoadBalancerListeners elasticloadbalancing:ConfigureHealthCheck elasticloadbalancing:DeleteLoadBalancer
      elasticloadbalancing:DeleteLoadBalancerListeners elasticloadbalancing:DescribeLoadBalancers elasticloadbalancing:DescribeLoadBalancerAttributes
      elasticloadbalancing:DetachLoadBalancerFromSubnets elasticloadbalancing:DeregisterInstancesFromLoadBalancer
      elasticloadbalancing:ModifyLoadBalancerAttributes elasticloadbalancing:ModifyTargetGroupAttributes
      elasticloadbalancing:RegisterInstancesWithLoadBalancer elasticloadbalancing:SetLoadBalancerPoliciesForBackendServer
      elasticloadbalancing:CreateListener elasticloadbalancing:CreateTargetGroup elasticloadbalancing:DeleteListener
      elasticloadbalancing:DeleteTargetGroup elasticloadbalancing:DeregisterTargets elasticloadbalancing:DescribeListeners
      elasticloadbalancing:DescribeLoadBalancerPolicies elasticloadbalancing:DescribeTargetGroups elasticloadbalancing:DescribeTargetGroupAttributes
      elasticloadbalancing:DescribeTargetHealth elasticloadbalancing:ModifyListener elasticloadbalancing:ModifyTargetGroup
      elasticloadbalancing:RegisterTargets elasticloadbalancing:SetLoadBalancerPoliciesOfListener elasticloadbalancing:SetSecurityGroups
      iam:CreateServiceLinkedRole kms:DescribeKey`),
  },
  nodePoolManagementARN: {
    suffix: 'node-pool',
    serviceAccounts: ['system:serviceaccount:kube-system:capa-controller-manager'],
    actions: words(`ec2:AssociateRouteTable ec2:AttachInternetGateway ec2:AuthorizeSecurityGroupIngress ec2:CreateInternetGateway
      ec2:CreateNatGateway ec2:CreateRoute ec2:CreateRouteTable ec2:CreateSecurityGroup ec2:CreateSubnet ec2:CreateTags
      ec2:DeleteInternetGateway ec2:DeleteNatGateway ec2:DeleteRouteTable ec2:DeleteSecurityGroup ec2:DeleteSubnet ec2:DeleteTags
      ec2:DescribeAccountAttributes ec2:DescribeAddresses ec2:DescribeAvailabilityZones ec2:DescribeImages ec2:DescribeInstances
      ec2:DescribeInstanceTypes ec2:DescribeInternetGateways ec2:DescribeNatGateways ec2:DescribeNetworkInterfaces
      ec2:DescribeNetworkInterfaceAttribute ec2:DescribeRouteTables ec2:DescribeSecurityGroups ec2:DescribeSubnets ec2:DescribeVpcs
      ec2:DescribeDhcpOptions ec2:DescribeVpcAttribute ec2:DescribeVolumes ec2:DetachInternetGateway ec2:DisassociateRouteTable
      ec2:DisassociateAddress ec2:ModifyInstanceAttribute ec2:ModifyNetworkInterfaceAttribute ec2:ModifySubnetAttribute
      ec2:RevokeSecurityGroupIngress ec2:RunInstances ec2:TerminateInstances tag:GetResources ec2:CreateLaunchTemplate
      ec2:CreateLaunchTemplateVersion ec2:DescribeLaunchTemplates ec2:DescribeLaunchTemplateVersions ec2:DeleteLaunchTemplate
      ec2:DeleteLaunchTemplateVersions sqs:DeleteMessage sqs:ReceiveMessage iam:CreateServiceLinkedRole iam:PassRole kms:Decrypt kms:ReEncrypt
      kms:GenerateDataKeyWithoutPlainText kms:DescribeKey kms:CreateGrant`),
  },
  controlPlaneOperatorARN: {
    suffix: 'control-plane-operator',
    serviceAccounts: ['system:serviceaccount:kube-system:control-plane-operator'],
    actions: words(`ec2:CreateVpcEndpoint ec2:DescribeVpcEndpoints ec2:ModifyVpcEndpoint ec2:DeleteVpcEndpoints ec2:CreateTags
      route53:ListHostedZones ec2:CreateSecurityGroup ec2:AuthorizeSecurityGroupIngress ec2:AuthorizeSecurityGroupEgress
      ec2:DeleteSecurityGroup ec2:RevokeSecurityGroupIngress ec2:RevokeSecurityGroupEgress ec2:DescribeSecurityGroups ec2:DescribeVpcs
      ec2:DescribeSubnets route53:ChangeResourceRecordSets route53:ListResourceRecordSets`),
  },
};

type Statement = { Action: string | string[]; Resource: string | string[]; Condition?: Record<string, Record<string, unknown>> };
const policyOf = (roleName: string) => JSON.parse(record.one('aws:iam/rolePolicy:RolePolicy', roleName).inputs.policy as string) as { Statement: Statement[] };
const actionsOf = (roleName: string) => [...new Set(policyOf(roleName).Statement.flatMap((s) => [s.Action].flat()))].sort();

async function build(args: Partial<ConstructorParameters<typeof hcp.AwsIam>[1]> = {}) {
  const iam = new hcp.AwsIam('demo-iam', { infraID: 'demo', clusterName: 'demo', issuerURL: issuer, ...zones, ...args });
  await settle(iam.urn, iam.rolesRef as pulumi.Output<unknown>, iam.instanceProfileName);
  return iam;
}

test.each(Object.entries(UPSTREAM))("%s: upstream's name, actions and service accounts, trusted for sub and aud", async (key, facts) => {
  const iam = await build();
  const roleName = `demo-${facts.suffix}`;
  expect(actionsOf(roleName)).toEqual([...new Set(facts.actions)].sort());
  const role = record.one('aws:iam/role:Role', roleName);
  expect(role.inputs.name).toBe(roleName);
  expect(record.one('aws:iam/rolePolicy:RolePolicy', roleName).inputs).toMatchObject({ name: roleName, role: roleName });
  const trust = JSON.parse(role.inputs.assumeRolePolicy as string);
  const host = 'oidc-bucket.s3.us-east-2.amazonaws.com/demo';
  expect(trust.Statement).toEqual([
    {
      Effect: 'Allow',
      Principal: { Federated: `arn:aws:iam::123456789012:oidc-provider/${host}` },
      Action: 'sts:AssumeRoleWithWebIdentity',
      Condition: { StringEquals: { [`${host}:sub`]: facts.serviceAccounts.length === 1 ? facts.serviceAccounts[0] : facts.serviceAccounts, [`${host}:aud`]: 'openshift' } },
    },
  ]);
  expect((await valueOf(iam.rolesRef) as unknown as Record<string, string>)[key]).toBe(`arn:aws:iam::123456789012:role/${roleName}`);
});

test('scoped statements: Route 53 changes only on the cluster zones, PassRole only to *-worker-role, grants only for AWS resources', async () => {
  await build();
  expect(policyOf('demo-openshift-ingress').Statement[1]).toMatchObject({ Action: ['route53:ChangeResourceRecordSets'], Resource: ['arn:aws:route53:::hostedzone/ZPUBLIC', 'arn:aws:route53:::hostedzone/ZPRIVATE'] });
  expect(policyOf('demo-control-plane-operator').Statement[1]).toMatchObject({ Resource: 'arn:aws:route53:::hostedzone/ZLOCAL' });
  const nodePool = policyOf('demo-node-pool').Statement;
  expect(nodePool.find((s) => s.Action.includes('iam:PassRole'))!.Resource).toEqual(['arn:*:iam::*:role/*-worker-role']);
  expect(nodePool.find((s) => s.Action.includes('kms:CreateGrant'))!.Condition).toEqual({ Bool: { 'kms:GrantIsForAWSResource': true } });
});

test('the OIDC provider (client IDs, thumbprint), the worker role, policy and instance profile, and IAM tags', async () => {
  const iam = await build({ tags: { team: 'platform' } });
  const oidc = record.byType('aws:iam/openIdConnectProvider:OpenIdConnectProvider');
  expect(oidc.map((r) => r.inputs)).toEqual([
    {
      url: issuer,
      clientIdLists: ['openshift', 'sts.amazonaws.com'],
      thumbprintLists: ['a9d53002e97e00e043244f3d170d6f4c414104fd'],
      tags: { team: 'platform', 'hypershift.openshift.io/infra-id': 'demo', 'hypershift.openshift.io/cluster-name': 'demo' },
    },
  ]);
  const worker = record.one('aws:iam/role:Role', 'demo-worker-role');
  expect(JSON.parse(worker.inputs.assumeRolePolicy as string).Statement).toEqual([{ Effect: 'Allow', Principal: { Service: 'ec2.amazonaws.com' }, Action: 'sts:AssumeRole' }]);
  expect(actionsOf('demo-worker-policy')).toEqual(['ec2:DescribeInstances', 'ec2:DescribeRegions']);
  expect(record.one('aws:iam/instanceProfile:InstanceProfile', 'demo-worker').inputs).toMatchObject({ name: 'demo-worker', path: '/', role: 'demo-worker-role' });
  expect(await valueOf(iam.instanceProfileName)).toBe('demo-worker');
  expect(record.byType('aws:iam/role:Role')).toHaveLength(8);
  expect(record.byType('aws:kms/key:Key')).toHaveLength(0);
});

test('KMS: a key with rotation and the kms-provider role allowed on that key only; an existing key or provider is used as given', async () => {
  const iam = await build({ kms: true });
  expect(record.one('aws:kms/key:Key', 'demo-etcd').inputs).toMatchObject({ enableKeyRotation: true });
  const keyArn = await valueOf(iam.kmsKeyArn!);
  expect(policyOf('demo-kms-provider').Statement).toEqual([{ Effect: 'Allow', Action: ['kms:Encrypt', 'kms:Decrypt', 'kms:ReEncrypt*', 'kms:GenerateDataKey*', 'kms:DescribeKey'], Resource: keyArn }]);
  const trust = JSON.parse(record.one('aws:iam/role:Role', 'demo-kms-provider').inputs.assumeRolePolicy as string);
  expect(trust.Statement[0].Condition.StringEquals['oidc-bucket.s3.us-east-2.amazonaws.com/demo:sub']).toBe('system:serviceaccount:kube-system:kms-provider');
  expect(await valueOf(iam.kmsProviderRoleArn!)).toBe('arn:aws:iam::123456789012:role/demo-kms-provider');

  await record.newProgram();
  const existing = 'arn:aws:iam::123456789012:oidc-provider/existing';
  const own = await build({ kms: { keyArn: 'arn:aws:kms:us-east-2:123456789012:key/mine' }, existingOidcProviderArn: existing });
  expect(record.byType('aws:kms/key:Key')).toHaveLength(0);
  expect(record.byType('aws:iam/openIdConnectProvider:OpenIdConnectProvider')).toHaveLength(0);
  expect(await valueOf(own.oidcProviderArn)).toBe(existing);
  expect(policyOf('demo-kms-provider').Statement[0].Resource).toBe('arn:aws:kms:us-east-2:123456789012:key/mine');
});

test('a too long infraID or a bad issuer throws HcpResourceError before anything is registered', async () => {
  expect(() => new hcp.AwsIam('long', { infraID: 'x'.repeat(40), issuerURL: 'http://not-https', ...zones })).toThrow(/would be 72 characters[\s\S]*is not an https URL/);
  await settle();
  expect(record.registrations).toEqual([]);
});
