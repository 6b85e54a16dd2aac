/**
 * The IAM of a hosted cluster as `hypershift create iam aws` creates it, as data: the OIDC
 * provider, the control-plane roles with their service accounts and permissions, the worker role
 * and instance profile, and the optional KMS provider role (cmd/infra/aws/iam.go).
 */
import { AWS_IAM_ROLE_NAME_MAX, AWS_INSTANCE_PROFILE_NAME_MAX } from './limits';
import type { IssueCollector } from '../../core/errors';
import type { SecretEncryptionProps } from '../../core/hosted-cluster';
import { quote } from '../../core/schema';

/** The keys of `spec.platform.aws.rolesRef`, one per control-plane role. */
export type AwsRoleKey =
  | 'ingressARN'
  | 'imageRegistryARN'
  | 'storageARN'
  | 'networkARN'
  | 'kubeCloudControllerARN'
  | 'nodePoolManagementARN'
  | 'controlPlaneOperatorARN';

export type AwsPartition = 'aws' | 'aws-cn' | 'aws-us-gov';

/** An IAM policy statement. */
export interface AwsPolicyStatement {
  readonly Effect: 'Allow';
  readonly Action: string | readonly string[];
  readonly Resource: string | readonly string[];
  readonly Condition?: Readonly<Record<string, Readonly<Record<string, unknown>>>>;
}

/** An IAM policy document. */
export interface AwsPolicyDocument {
  readonly Version: '2012-10-17';
  readonly Statement: readonly AwsPolicyStatement[];
}

/** What a role's permissions refer to: the cluster's hosted zones and KMS key. */
export interface AwsPolicyRefs {
  readonly publicZoneId: string;
  readonly privateZoneId: string;
  /** The `<name>.hypershift.local` zone. */
  readonly localZoneId: string;
  /** @default 'aws' */
  readonly partition?: AwsPartition;
}

/** One role of the table. */
export interface AwsOperatorRole {
  /** Role name suffix: the role is `<infraID>-<suffix>`, its inline policy has the same name. */
  readonly suffix: string;
  /** `system:serviceaccount:<namespace>:<name>` allowed to assume it (the `sub` claim). */
  readonly serviceAccounts: readonly string[];
  readonly statements: (refs: AwsPolicyRefs) => readonly AwsPolicyStatement[];
}

const allow = (Action: readonly string[], Resource: string | readonly string[] = '*', Condition?: AwsPolicyStatement['Condition']): AwsPolicyStatement => ({
  Effect: 'Allow',
  Action,
  Resource,
  ...(Condition ? { Condition } : {}),
});
const prefixed = (service: string, actions: string) => actions.split(/\s+/).filter(Boolean).map((a) => `${service}:${a}`);
const hostedZoneArn = (refs: AwsPolicyRefs, id: string) => `arn:${refs.partition ?? 'aws'}:route53:::hostedzone/${id.replace(/^\/?hostedzone\//, '')}`;
const grantForAwsResource = { Bool: { 'kms:GrantIsForAWSResource': true } };
/** The `sub` claim of a service account's token: `system:serviceaccount:<namespace>:<name>`. */
export const serviceAccountSubject = (namespace: string, name: string) => `system:serviceaccount:${namespace}:${name}`;
const sa = serviceAccountSubject;

/**
 * The seven control-plane roles: suffix, service accounts and permissions, with the actions of
 * upstream's inline policies (cmd/infra/aws/iam.go: ingressPermPolicy, imageRegistryPermPolicy,
 * awsEBSCSIPermPolicy, cloudNetworkConfigControllerPolicy, kubeControllerPolicy, nodePoolPolicy,
 * controlPlaneOperatorPolicy). Route 53 ARNs follow the partition instead of upstream's fixed `aws`.
 */
export const AWS_OPERATOR_ROLES: Readonly<Record<AwsRoleKey, AwsOperatorRole>> = {
  ingressARN: {
    suffix: 'openshift-ingress',
    serviceAccounts: [sa('openshift-ingress-operator', 'ingress-operator')],
    statements: (refs) => [
      allow(['elasticloadbalancing:DescribeLoadBalancers', 'tag:GetResources', 'route53:ListHostedZones']),
      allow(['route53:ChangeResourceRecordSets'], [hostedZoneArn(refs, refs.publicZoneId), hostedZoneArn(refs, refs.privateZoneId)]),
    ],
  },
  imageRegistryARN: {
    suffix: 'openshift-image-registry',
    serviceAccounts: [sa('openshift-image-registry', 'cluster-image-registry-operator'), sa('openshift-image-registry', 'registry')],
    statements: () => [
      allow(
        prefixed(
          's3',
          `CreateBucket DeleteBucket PutBucketTagging GetBucketTagging PutBucketPublicAccessBlock GetBucketPublicAccessBlock
           PutEncryptionConfiguration GetEncryptionConfiguration PutLifecycleConfiguration GetLifecycleConfiguration
           GetBucketLocation ListBucket GetObject PutObject DeleteObject ListBucketMultipartUploads AbortMultipartUpload
           ListMultipartUploadParts`,
        ),
      ),
    ],
  },
  storageARN: {
    suffix: 'aws-ebs-csi-driver-controller',
    serviceAccounts: [sa('openshift-cluster-csi-drivers', 'aws-ebs-csi-driver-controller-sa')],
    statements: () => [
      allow(
        prefixed(
          'ec2',
          `AttachVolume CreateSnapshot CreateTags CreateVolume DeleteSnapshot DeleteTags DeleteVolume DescribeInstances
           DescribeSnapshots DescribeTags DescribeVolumes DescribeVolumesModifications DetachVolume ModifyVolume
           DescribeAvailabilityZones EnableFastSnapshotRestores DescribeInstanceTypes DescribeVolumeStatus CopyVolumes LockSnapshot`,
        ),
      ),
      allow(prefixed('kms', 'Decrypt Encrypt GenerateDataKey GenerateDataKeyWithoutPlainText DescribeKey')),
      allow(prefixed('kms', 'RevokeGrant CreateGrant ListGrants'), '*', grantForAwsResource),
    ],
  },
  networkARN: {
    suffix: 'cloud-network-config-controller',
    serviceAccounts: [sa('openshift-cloud-network-config-controller', 'cloud-network-config-controller')],
    statements: () => [
      allow(
        prefixed(
          'ec2',
          `DescribeInstances DescribeInstanceStatus DescribeInstanceTypes UnassignPrivateIpAddresses AssignPrivateIpAddresses
           UnassignIpv6Addresses AssignIpv6Addresses DescribeSubnets DescribeNetworkInterfaces`,
        ),
      ),
    ],
  },
  kubeCloudControllerARN: {
    suffix: 'cloud-controller',
    serviceAccounts: [sa('kube-system', 'kube-controller-manager')],
    statements: () => [
      allow([
        ...prefixed('autoscaling', 'DescribeAutoScalingGroups DescribeLaunchConfigurations DescribeTags'),
        ...prefixed(
          'ec2',
          `DescribeAvailabilityZones DescribeInstances DescribeImages DescribeRegions DescribeRouteTables DescribeSecurityGroups
           DescribeSubnets DescribeVolumes CreateSecurityGroup CreateTags CreateVolume ModifyInstanceAttribute ModifyVolume
           AttachVolume AuthorizeSecurityGroupIngress CreateRoute DeleteRoute DeleteSecurityGroup DeleteVolume DetachVolume
           RevokeSecurityGroupIngress DescribeVpcs`,
        ),
        // Upstream lists AddTags twice; once is the same permission.
        ...prefixed(
          'elasticloadbalancing',
          `AddTags AttachLoadBalancerToSubnets ApplySecurityGroupsToLoadBalancer CreateLoadBalancer CreateLoadBalancerPolicy
           CreateLoadBalancerListeners ConfigureHealthCheck DeleteLoadBalancer DeleteLoadBalancerListeners DescribeLoadBalancers
           DescribeLoadBalancerAttributes DetachLoadBalancerFromSubnets DeregisterInstancesFromLoadBalancer
           ModifyLoadBalancerAttributes ModifyTargetGroupAttributes RegisterInstancesWithLoadBalancer
           SetLoadBalancerPoliciesForBackendServer CreateListener CreateTargetGroup DeleteListener DeleteTargetGroup
           DeregisterTargets DescribeListeners DescribeLoadBalancerPolicies DescribeTargetGroups DescribeTargetGroupAttributes
           DescribeTargetHealth ModifyListener ModifyTargetGroup RegisterTargets SetLoadBalancerPoliciesOfListener SetSecurityGroups`,
        ),
        'iam:CreateServiceLinkedRole',
        'kms:DescribeKey',
      ]),
    ],
  },
  nodePoolManagementARN: {
    suffix: 'node-pool',
    serviceAccounts: [sa('kube-system', 'capa-controller-manager')],
    statements: () => [
      allow([
        ...prefixed(
          'ec2',
          `AssociateRouteTable AttachInternetGateway AuthorizeSecurityGroupIngress CreateInternetGateway CreateNatGateway
           CreateRoute CreateRouteTable CreateSecurityGroup CreateSubnet CreateTags DeleteInternetGateway DeleteNatGateway
           DeleteRouteTable DeleteSecurityGroup DeleteSubnet DeleteTags DescribeAccountAttributes DescribeAddresses
           DescribeAvailabilityZones DescribeImages DescribeInstances DescribeInstanceTypes DescribeInternetGateways
           DescribeNatGateways DescribeNetworkInterfaces DescribeNetworkInterfaceAttribute DescribeRouteTables
           DescribeSecurityGroups DescribeSubnets DescribeVpcs DescribeDhcpOptions DescribeVpcAttribute DescribeVolumes
           DetachInternetGateway DisassociateRouteTable DisassociateAddress ModifyInstanceAttribute
           ModifyNetworkInterfaceAttribute ModifySubnetAttribute RevokeSecurityGroupIngress RunInstances TerminateInstances`,
        ),
        'tag:GetResources',
        ...prefixed(
          'ec2',
          'CreateLaunchTemplate CreateLaunchTemplateVersion DescribeLaunchTemplates DescribeLaunchTemplateVersions DeleteLaunchTemplate DeleteLaunchTemplateVersions',
        ),
        ...prefixed('sqs', 'DeleteMessage ReceiveMessage'),
      ]),
      allow(
        ['iam:CreateServiceLinkedRole'],
        ['arn:*:iam::*:role/aws-service-role/elasticloadbalancing.amazonaws.com/AWSServiceRoleForElasticLoadBalancing'],
        { StringLike: { 'iam:AWSServiceName': 'elasticloadbalancing.amazonaws.com' } },
      ),
      // Workers' role must keep the `-worker-role` suffix for this (iam.go; see AWS_WORKER).
      allow(['iam:PassRole'], ['arn:*:iam::*:role/*-worker-role']),
      allow(prefixed('kms', 'Decrypt ReEncrypt GenerateDataKeyWithoutPlainText DescribeKey')),
      allow(['kms:CreateGrant'], '*', grantForAwsResource),
    ],
  },
  controlPlaneOperatorARN: {
    suffix: 'control-plane-operator',
    serviceAccounts: [sa('kube-system', 'control-plane-operator')],
    statements: (refs) => [
      allow([
        ...prefixed('ec2', 'CreateVpcEndpoint DescribeVpcEndpoints ModifyVpcEndpoint DeleteVpcEndpoints CreateTags'),
        'route53:ListHostedZones',
        ...prefixed(
          'ec2',
          `CreateSecurityGroup AuthorizeSecurityGroupIngress AuthorizeSecurityGroupEgress DeleteSecurityGroup
           RevokeSecurityGroupIngress RevokeSecurityGroupEgress DescribeSecurityGroups DescribeVpcs DescribeSubnets`,
        ),
      ]),
      // The PrivateLink records go into the local zone (iam.go: controlPlaneOperatorPolicy(o.LocalZoneID)).
      allow(prefixed('route53', 'ChangeResourceRecordSets ListResourceRecordSets'), hostedZoneArn(refs, refs.localZoneId)),
    ],
  },
};

/** The KMS provider role for etcd encryption with a KMS key (iam.go `kmsProviderPolicy`). */
export const AWS_KMS_PROVIDER_ROLE = {
  suffix: 'kms-provider',
  serviceAccounts: [sa('kube-system', 'kms-provider')],
  statements: (keyArn: string): readonly AwsPolicyStatement[] => [allow(prefixed('kms', 'Encrypt Decrypt ReEncrypt* GenerateDataKey* DescribeKey'), keyArn)],
} as const;

/** The workers' role, policy and instance profile (iam.go `CreateWorkerInstanceProfile`, `DefaultProfileName`). */
export const AWS_WORKER = {
  profile: (infraID: string) => `${infraID}-worker`,
  role: (infraID: string) => `${infraID}-worker-role`,
  policy: (infraID: string) => `${infraID}-worker-policy`,
  trustPolicy: {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Principal: { Service: 'ec2.amazonaws.com' }, Action: 'sts:AssumeRole' }],
  },
  policyDocument: { Version: '2012-10-17', Statement: [allow(['ec2:DescribeInstances', 'ec2:DescribeRegions'])] } satisfies AwsPolicyDocument,
} as const;

/** The OIDC provider of the cluster's issuer (iam.go `CreateOIDCProvider`). */
export const AWS_OIDC = {
  clientIds: ['openshift', 'sts.amazonaws.com'],
  /** `oidcS3ThumbprintDigiCert`: AWS requires one, and ignores it for S3-hosted issuers. */
  thumbprint: 'a9d53002e97e00e043244f3d170d6f4c414104fd',
  /**
   * The audience of the tokens the hosted cluster's components present: the control-plane token
   * minter uses `openshift` for cloud tokens (support/controlplane-component/token-minter-container.go),
   * as do the cluster's operators. Upstream's trust policies check only `sub`; the library also
   * checks `aud`, so a token minted for another audience cannot assume a role.
   */
  audience: 'openshift',
} as const;

/** A role's ARN: `arn:<partition>:iam::<account>:role/<name>`. */
export function awsRoleArn(partition: AwsPartition, accountId: string, roleName: string): string {
  return `arn:${partition}:iam::${accountId}:role/${roleName}`;
}

/** An OIDC issuer IAM accepts: an https URL with a host (and a path, for the S3 bucket's). */
export function isAwsIssuerURL(url: string): boolean {
  return /^https:\/\/[^\s/]+(\/\S*)?$/.test(url);
}

/** etcd encrypted with a KMS key that the kms-provider role may use (create.go, `--kms-key-arn`). */
export function awsKmsSecretEncryption(region: string, keyArn: string, providerRoleArn: string): SecretEncryptionProps {
  return { kms: { provider: 'AWS', aws: { region, activeKey: { arn: keyArn }, auth: { awsKms: providerRoleArn } } } };
}

/** The issuer `hypershift install` serves from its S3 bucket: `https://<bucket>.s3.<region>.amazonaws.com/<infraID>` (create_iam.go `oidcDiscoveryURL`). */
export function awsIssuerURL(bucketName: string, bucketRegion: string, infraID: string): string {
  return `https://${bucketName}.s3.${bucketRegion}.amazonaws.com/${infraID}`;
}

/**
 * Web-identity trust for a component role: the cluster's OIDC provider, the service account(s)
 * as `sub` (a string for one, a list for several, as upstream), and the audience as `aud`.
 */
export function awsWebIdentityTrustPolicy(providerArn: string, issuerURL: string, serviceAccounts: readonly string[]) {
  const issuer = issuerURL.replace(/^https:\/\//, '');
  return {
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Principal: { Federated: providerArn },
        Action: 'sts:AssumeRoleWithWebIdentity',
        Condition: {
          StringEquals: {
            [`${issuer}:sub`]: serviceAccounts.length === 1 ? serviceAccounts[0] : [...serviceAccounts],
            [`${issuer}:aud`]: AWS_OIDC.audience,
          },
        },
      },
    ],
  } as const;
}

/** A role's permission policy for the cluster's zones. */
export function awsRolePolicy(role: AwsOperatorRole, refs: AwsPolicyRefs): AwsPolicyDocument {
  return { Version: '2012-10-17', Statement: role.statements(refs) };
}

/** Every IAM name of a cluster: `<infraID>-<suffix>` roles (and their same-named policies), the worker's. */
export function awsIamNames(infraID: string) {
  const roles = Object.fromEntries(Object.entries(AWS_OPERATOR_ROLES).map(([key, role]) => [key, `${infraID}-${role.suffix}`])) as Record<AwsRoleKey, string>;
  return {
    roles,
    kmsProviderRole: `${infraID}-${AWS_KMS_PROVIDER_ROLE.suffix}`,
    workerRole: AWS_WORKER.role(infraID),
    workerPolicy: AWS_WORKER.policy(infraID),
    instanceProfile: AWS_WORKER.profile(infraID),
  };
}

/** The role names that grow with the infraID: the control-plane roles, the kms-provider's and the worker's. */
function roleNamesOf(names: ReturnType<typeof awsIamNames>): string[] {
  return [...Object.values(names.roles), names.kmsProviderRole, names.workerRole];
}

/**
 * The longest infraID whose derived IAM names fit AWS's 64-character role names: the longest
 * name is `<infraID>-cloud-network-config-controller` (cmd/infra/aws/iam.go). The CLI generates at
 * most 27 characters (support/infraid/infraid.go: 21 of the name, "-", 5 random); the library keeps
 * the deterministic name, so it allows up to this and refuses (never truncates) longer ones.
 */
export const AWS_MAX_INFRA_ID_LENGTH = AWS_IAM_ROLE_NAME_MAX - Math.max(...roleNamesOf(awsIamNames('')).map((name) => name.length));

/** Refuses (never truncates) names past IAM's limits: 64 characters for roles, 128 for instance profiles. */
export function checkAwsIamNames(infraID: string, issues: IssueCollector, path: string): void {
  const names = awsIamNames(infraID);
  const tooLong = roleNamesOf(names).filter((name) => name.length > AWS_IAM_ROLE_NAME_MAX);
  if (tooLong.length > 0) {
    const longest = tooLong.reduce((a, b) => (b.length > a.length ? b : a));
    issues.error(
      path,
      `IAM role ${quote(longest)} would be ${longest.length} characters (${tooLong.length} role name(s) too long); AWS allows ${AWS_IAM_ROLE_NAME_MAX}.`,
      `Use an infraID of at most ${infraID.length - (longest.length - AWS_IAM_ROLE_NAME_MAX)} characters.`,
    );
  }
  if (names.instanceProfile.length > AWS_INSTANCE_PROFILE_NAME_MAX) {
    issues.error(path, `instance profile ${quote(names.instanceProfile)} is longer than ${AWS_INSTANCE_PROFILE_NAME_MAX} characters.`, 'Use a shorter infraID.');
  }
}
