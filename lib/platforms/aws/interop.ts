/**
 * Infrastructure made elsewhere, as the `platform.aws` props of a hosted cluster: the JSON that
 * `hcp create infra aws --output-file` and `hcp create iam aws --output-file` write
 * (cmd/infra/aws/create.go `CreateInfraOutput`, create_iam.go `CreateIAMOutput`), or the same
 * shape exported by the Pulumi `AwsHostedCluster` (`infra`, `iam` outputs). The mapping is the
 * CLI's (cmd/cluster/aws/create.go `ApplyPlatformSpecifics`).
 */
import { v } from '../../core/valibot';
import { HcpValidationError, IssueCollector, ValidationIssue } from '../../core/errors';
import { bool, list, quote, schemaFindings, text } from '../../core/schema';
import { cliObject } from '../cli-output';
import type { SecretEncryptionProps } from '../../core/hosted-cluster';
import type { AwsClusterProps } from './props';
import { AWS_OPERATOR_ROLES, AwsRoleKey, awsKmsSecretEncryption } from './iam';
import type { AwsIamOutput, AwsInfraOutput } from './cli-output-props';

export type { AwsIamOutput, AwsInfraOutput } from './cli-output-props';

/** `hcp create infra aws --output-file` (CreateInfraOutput). The cluster name's key is `Name`, as the CLI writes it. @internal */
export const awsInfraOutputSchema = cliObject(
  {
    region: text({ max: 64 }),
    infraID: text({ max: 253 }),
    machineCIDR: text({ max: 64 }),
    vpcID: text({ max: 64 }),
    zones: list(cliObject({ name: text({ max: 64 }), subnetID: text({ max: 64 }) }, 'a zone ({ name, subnetID })')),
    Name: text({ max: 63 }),
    baseDomain: text({ max: 253 }),
    baseDomainPrefix: v.optional(text({ max: 63 })),
    publicZoneID: text({ max: 64 }),
    privateZoneID: text({ max: 64 }),
    localZoneID: v.optional(text({ max: 64 })),
    proxyAddr: v.optional(text()),
    secureProxyAddr: v.optional(text()),
    publicOnly: v.optional(bool()),
    vpcCreatorAccountID: v.optional(text()),
    clusterAccountID: v.optional(text()),
  },
  'the JSON of hcp create infra aws',
);

const rolesSchema = cliObject(
  Object.fromEntries(Object.keys(AWS_OPERATOR_ROLES).map((key) => [key, text({ max: 2048 })])) as Record<AwsRoleKey, ReturnType<typeof text>>,
  'the seven role ARNs',
);

/** `hcp create iam aws --output-file` (CreateIAMOutput). @internal */
export const awsIamOutputSchema = cliObject(
  {
    region: text({ max: 64 }),
    profileName: text({ max: 128 }),
    infraID: text({ max: 253 }),
    issuerURL: text({ max: 2048 }),
    roles: rolesSchema,
    kmsKeyARN: v.optional(text({ max: 2048 })),
    kmsProviderRoleARN: v.optional(text({ max: 2048 })),
    sharedIngressRoleARN: v.optional(text()),
    sharedControlPlaneRoleARN: v.optional(text()),
    karpenterRoleARN: v.optional(text()),
  },
  'the JSON of hcp create iam aws',
);

/** Settings of `platform.aws` the CLI's JSON does not carry (flags of `hcp create cluster aws`). */
export type AwsClusterExtras = Pick<AwsClusterProps, 'endpointAccess' | 'externalDnsDomain' | 'resourceTags' | 'multiArch'>;

/** What the JSON decides of a hosted cluster: spread it into HostedClusterProps and add the rest. */
export interface AwsPropsFromCli {
  /** {@link HostedClusterProps.name}: `Name` in the infra JSON. */
  readonly name: string;
  /** {@link HostedClusterProps.infraID}: `infraID`, the same in both files. */
  readonly infraID: string;
  /** {@link HostedClusterProps.baseDomain}: `baseDomain` in the infra JSON. */
  readonly baseDomain: string;
  /** {@link HostedClusterProps.baseDomainPrefix}: the infra JSON's, its `none` (no prefix) as `''`; absent when the JSON has none. */
  readonly baseDomainPrefix?: string;
  /** {@link HostedClusterProps.platform}: the AWS block, from both files (region, VPC, zones, DNS zones, operator roles, OIDC issuer). */
  readonly platform: { readonly type: 'AWS'; readonly aws: AwsClusterProps };
  /** KMS encryption of etcd, when `create iam aws` was given `--kms-key-arn`. */
  readonly secretEncryption?: SecretEncryptionProps;
  /** `hypershift.openshift.io/aws-machine-public-ips` for a public-only network. */
  readonly annotations?: Readonly<Record<string, string>>;
}

/** The mapping alone, for JSON already checked. */
function propsFromCheckedCliOutput(infra: AwsInfraOutput, iam: AwsIamOutput, extras: AwsClusterExtras = {}): AwsPropsFromCli {
  return {
    name: infra.Name,
    infraID: infra.infraID,
    baseDomain: infra.baseDomain,
    // The CLI writes "none" for an empty prefix (create.go ApplyPlatformSpecifics).
    ...(infra.baseDomainPrefix ? { baseDomainPrefix: infra.baseDomainPrefix === 'none' ? '' : infra.baseDomainPrefix } : {}),
    platform: {
      type: 'AWS',
      aws: {
        region: infra.region,
        vpcId: infra.vpcID,
        machineCIDR: infra.machineCIDR,
        zones: infra.zones.map((zone) => ({ name: zone.name, privateSubnetId: zone.subnetID })),
        rolesRef: Object.fromEntries(Object.keys(AWS_OPERATOR_ROLES).map((key) => [key, iam.roles[key as AwsRoleKey]])) as unknown as AwsClusterProps['rolesRef'],
        issuerURL: iam.issuerURL,
        publicZoneID: infra.publicZoneID,
        privateZoneID: infra.privateZoneID,
        instanceProfile: iam.profileName,
        ...extras,
      },
    },
    ...(iam.kmsKeyARN && iam.kmsProviderRoleARN ? { secretEncryption: awsKmsSecretEncryption(iam.region, iam.kmsKeyARN, iam.kmsProviderRoleARN) } : {}),
    ...(infra.publicOnly ? { annotations: { 'hypershift.openshift.io/aws-machine-public-ips': 'true' } } : {}),
  };
}

/**
 * Checks both JSON documents (any value: findings, never an exception) and maps them to props.
 * Findings have paths such as `infra.zones[0].subnetID`; what the library cannot carry over
 * (a proxy, a shared VPC) is an error, not silently dropped.
 */
export function checkAwsCliOutput(infra: unknown, iam: unknown, extras: AwsClusterExtras = {}): { props?: AwsPropsFromCli; issues: readonly ValidationIssue[] } {
  const object = 'hcp create infra/iam aws output';
  const parsedInfra = v.safeParse(awsInfraOutputSchema, infra);
  const parsedIam = v.safeParse(awsIamOutputSchema, iam);
  const prefix = (root: string, found: ValidationIssue[]) => found.map((i) => ({ ...i, path: i.path === '(props)' ? root : `${root}.${i.path}` }));
  const shape = [
    ...(parsedInfra.success ? [] : prefix('infra', schemaFindings(parsedInfra.issues, object))),
    ...(parsedIam.success ? [] : prefix('iam', schemaFindings(parsedIam.issues, object))),
  ];
  if (!parsedInfra.success || !parsedIam.success) return { issues: shape };
  const i = parsedInfra.output;
  const m = parsedIam.output;
  const issues = new IssueCollector(object);
  if (i.infraID !== m.infraID) issues.error('iam.infraID', `${quote(m.infraID)} differs from infra.infraID ${quote(i.infraID)}.`, 'Use the two files of one cluster.');
  if (i.region !== m.region) issues.error('iam.region', `${quote(m.region)} differs from infra.region ${quote(i.region)}.`, 'Use the two files of one cluster.');
  if (i.zones.length === 0) issues.error('infra.zones', 'no zones are listed.', 'Use the output of a create infra aws run that created zones.');
  if (i.proxyAddr || i.secureProxyAddr) {
    issues.error('infra.proxyAddr', 'the network was created with a proxy, which these props do not carry over.', 'Set configuration.proxy yourself and drop the proxy fields, or create the network without a proxy.');
  }
  if (i.vpcCreatorAccountID || m.sharedIngressRoleARN || m.sharedControlPlaneRoleARN) {
    issues.error('infra.vpcCreatorAccountID', 'the network is a shared VPC, which the library does not support yet.', 'Create the cluster with hcp create cluster aws, or use a VPC of the cluster account.');
  }
  if (Boolean(m.kmsKeyARN) !== Boolean(m.kmsProviderRoleARN)) {
    issues.error('iam.kmsProviderRoleARN', 'kmsKeyARN and kmsProviderRoleARN must be given together.', 'Give both, or neither.');
  }
  if (issues.issues.length > 0) return { issues: issues.issues };
  return { props: propsFromCheckedCliOutput(i, m, extras), issues: [] };
}

/** Like {@link checkAwsCliOutput}, but throws {@link HcpValidationError} listing every problem. */
export function awsPropsFromCliOutput(infra: unknown, iam: unknown, extras: AwsClusterExtras = {}): AwsPropsFromCli {
  const { props, issues } = checkAwsCliOutput(infra, iam, extras);
  if (!props) throw new HcpValidationError(issues);
  return props;
}
