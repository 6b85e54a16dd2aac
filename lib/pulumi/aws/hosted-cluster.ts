/**
 * An AWS hosted cluster end to end: network, IAM and OIDC, Secrets, HostedCluster and NodePools,
 * waited on until Available and Ready, with the admin kubeconfig as a secret output.
 */
import * as aws from '@pulumi/aws';
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import * as random from '@pulumi/random';
import { IssueCollector, ValidationIssue } from '../../core/errors';
import { infraIdFor, secretNames } from '../../core/names';
import { applySecretValues } from '../../core/secret-values';
import type { HostedClusterProps } from '../../platforms';
import { checkHostedCluster } from '../../platforms';
import {
  AWS_NETWORK_DEFAULTS,
  AwsClusterExtras,
  AwsIamOutput,
  AwsInfraOutput,
  AwsPartition,
  AwsRoleKey,
  AWS_OPERATOR_ROLES,
  awsIamNames,
  awsIssuerURL,
  awsPropsFromCheckedCliOutput,
  checkAwsIamNames,
  checkAwsNetworkInput,
} from '../../platforms/aws';
import { HcpResourceError } from '../errors';
import { HostedClusterBundle, HostedClusterBundleArgs } from '../hosted-cluster';
import { AwsIam } from './iam';
import { AwsNetwork, ExistingAwsVpc, ExistingAwsZones } from './network';

/** Type token of {@link AwsHostedCluster}. */
export const AWS_HOSTED_CLUSTER_TYPE = 'hcp:aws:HostedCluster';

/** Where the cluster's OIDC issuer is: the management cluster's OIDC bucket (`hypershift install`), or a URL. */
export type AwsOidcArgs =
  | {
      /** The bucket `hypershift install --oidc-storage-provider-s3-bucket-name` was given. */
      readonly bucketName: string;
      readonly bucketRegion: string;
    }
  | {
      readonly issuerURL: string;
      /** An IAM OIDC provider that exists for this issuer. @default one is created */
      readonly existingProviderArn?: pulumi.Input<string>;
    };

/** The AWS side of the cluster. Values that decide how many resources exist are plain. */
export interface AwsHostedClusterInfraArgs extends AwsClusterExtras {
  /** Region of the cluster; it must be the AWS provider's region. */
  readonly region: string;
  /** Availability zones of `region`; one NodePool and (by default) one NAT gateway each. */
  readonly zones: readonly string[];
  /** A /16. @default '10.0.0.0/16' */
  readonly vpcCidr?: string;
  /** One NAT gateway for all zones, in the first one: cheaper, but that zone's outage cuts egress for all. @default false */
  readonly singleNatGateway?: boolean;
  readonly oidc: AwsOidcArgs;
  /** Encrypt etcd with a KMS key: `true` creates one. @default an aescbc key generated once and kept in the state */
  readonly kms?: boolean | { readonly keyArn: pulumi.Input<string> };
  /** Bring your own VPC and subnets. @default created */
  readonly existingVpc?: ExistingAwsVpc;
  /** Bring your own hosted zones. @default the public zone looked up, the private ones created */
  readonly existingZones?: ExistingAwsZones;
  /** @default 'aws' */
  readonly partition?: AwsPartition;
  /** Tags on every AWS resource (the library's, then these) and `spec.platform.aws.resourceTags`. @default none */
  readonly resourceTags?: Readonly<Record<string, string>>;
}

export interface AwsHostedClusterArgs extends Omit<HostedClusterBundleArgs, 'platform' | 'deployTimeValues' | 'baseDomain'> {
  /** The public Route 53 zone `<baseDomain>` must exist. */
  readonly baseDomain: string;
  readonly aws: AwsHostedClusterInfraArgs;
  /** Kubeconfig of the management cluster. @default the ambient Kubernetes provider (your current kubeconfig) */
  readonly managementKubeconfig?: pulumi.Input<string>;
}

/**
 * One AWS hosted cluster: {@link AwsNetwork}, {@link AwsIam}, then a {@link HostedClusterBundle}
 * (Secrets, HostedCluster, one NodePool per zone unless `nodePools` says otherwise) on the
 * management cluster, waited on until the HostedCluster is Available and NodePools with machines
 * are Ready; `kubeconfig` is the admin kubeconfig, a secret.
 *
 * Everything is checked in the constructor before anything is registered (region and zones, base
 * domain, names against AWS limits, VPC CIDR, endpoint access, secrets, and the whole
 * HostedCluster): a problem fails `pulumi preview` with an {@link HcpResourceError}.
 *
 * The Kubernetes resources depend on every AWS resource, so `pulumi destroy` deletes the
 * NodePools and the HostedCluster (whose operator removes its load balancers, endpoints and
 * instances) and waits until they are gone before it destroys subnets, NAT gateways, zones and IAM.
 */
export class AwsHostedCluster extends pulumi.ComponentResource {
  readonly network: AwsNetwork;
  readonly iam: AwsIam;
  readonly bundle: HostedClusterBundle;
  readonly infraID: string;
  /** The admin kubeconfig (Secret `<name>-admin-kubeconfig`, key `kubeconfig`), once the HostedCluster is Available. A secret. */
  readonly kubeconfig: pulumi.Output<string>;
  /** The network as `hcp create infra aws --output-file` writes it: for `awsPropsFromCliOutput` (cdk8s, GitOps). */
  readonly infra: pulumi.Output<AwsInfraOutput>;
  /** The IAM as `hcp create iam aws --output-file` writes it. */
  readonly iamOutput: pulumi.Output<AwsIamOutput>;
  readonly hostedClusterName: pulumi.Output<string>;
  readonly namespace: pulumi.Output<string>;

  constructor(name: string, args: AwsHostedClusterArgs, opts?: pulumi.ComponentResourceOptions) {
    // Validate everything first: nothing, not even this component, is registered when the args are invalid.
    const prepared = prepare(args, opts);
    super(AWS_HOSTED_CLUSTER_TYPE, name, {}, opts);
    const parent = { parent: this };
    const { infraID, issuerURL, placeholders, bundleArgs } = prepared;
    const infraArgs = args.aws;
    this.infraID = infraID;

    const provider = args.managementKubeconfig
      ? new k8s.Provider(`${name}-management`, { kubeconfig: pulumi.secret(args.managementKubeconfig) }, parent)
      : undefined;
    this.network = new AwsNetwork(
      `${name}-network`,
      {
        infraID,
        clusterName: args.name,
        region: infraArgs.region,
        zones: infraArgs.zones,
        vpcCidr: infraArgs.vpcCidr,
        singleNatGateway: infraArgs.singleNatGateway,
        baseDomain: args.baseDomain,
        baseDomainPrefix: args.baseDomainPrefix,
        tags: infraArgs.resourceTags,
        existingVpc: infraArgs.existingVpc,
        existingZones: infraArgs.existingZones,
      },
      parent,
    );
    this.iam = new AwsIam(
      `${name}-iam`,
      {
        infraID,
        clusterName: args.name,
        issuerURL,
        existingOidcProviderArn: 'existingProviderArn' in infraArgs.oidc ? infraArgs.oidc.existingProviderArn : undefined,
        publicZoneId: this.network.publicZoneId,
        privateZoneId: this.network.privateZoneId,
        localZoneId: this.network.localZoneId,
        kms: infraArgs.kms,
        partition: infraArgs.partition,
        tags: infraArgs.resourceTags,
      },
      parent,
    );

    const infra = infraOutput(args, infraID, this.network);
    const iam = iamOutput(infraArgs.region, infraID, issuerURL, this.iam);
    this.infra = pulumi.output(infra) as pulumi.Output<AwsInfraOutput>;
    this.iamOutput = pulumi.output(iam) as pulumi.Output<AwsIamOutput>;
    // Each stand-in of the plan gets the value it stands for.
    const deployTimeValues: Record<string, pulumi.Input<string>> = {
      [placeholders.infra.vpcID]: infra.vpcID,
      [placeholders.infra.publicZoneID]: infra.publicZoneID,
      [placeholders.infra.privateZoneID]: infra.privateZoneID,
      ...Object.fromEntries(placeholders.infra.zones.map((zone, i) => [zone.subnetID, infra.zones[i].subnetID])),
      ...Object.fromEntries((Object.keys(AWS_OPERATOR_ROLES) as AwsRoleKey[]).map((key) => [placeholders.iam.roles[key], iam.roles[key]])),
      ...(placeholders.iam.kmsKeyARN && iam.kmsKeyARN ? { [placeholders.iam.kmsKeyARN]: iam.kmsKeyARN } : {}),
      ...(placeholders.iam.kmsProviderRoleARN && iam.kmsProviderRoleARN ? { [placeholders.iam.kmsProviderRoleARN]: iam.kmsProviderRoleARN } : {}),
    };

    // Generated once, then kept in the state: the same key on every later `pulumi up`.
    const etcdEncryptionKey = prepared.generateEtcdKey
      ? pulumi.secret(new random.RandomBytes(`${name}-etcd-encryption-key`, { length: 32 }, parent).base64)
      : undefined;

    this.bundle = new HostedClusterBundle(
      name,
      {
        ...bundleArgs,
        secretValues: { ...bundleArgs.secretValues, ...(etcdEncryptionKey ? { etcdEncryptionKey } : {}) },
        deployTimeValues,
      },
      // The Kubernetes resources depend on every AWS resource: created after them, deleted before them.
      { parent: this, ...(provider ? { provider } : {}), dependsOn: [this.network, this.iam] },
    );
    const plan = this.bundle.plan;

    // Read once the HostedCluster is Available (its waitFor); the id is unknown until then, so a
    // preview reads nothing.
    const secretId = this.bundle.hostedCluster.metadata.apply(() => `${plan.namespace}/${secretNames.adminKubeconfig(plan.name)}`);
    const kubeconfigSecret = k8s.core.v1.Secret.get(`${name}-admin-kubeconfig`, secretId, {
      parent: this,
      ...(provider ? { provider } : {}),
      dependsOn: [this.bundle.hostedCluster],
    });
    this.kubeconfig = pulumi.secret(kubeconfigSecret.data.apply((data) => Buffer.from(data?.kubeconfig ?? '', 'base64').toString('utf8')));
    this.hostedClusterName = this.bundle.hostedClusterName;
    this.namespace = this.bundle.namespace;

    this.registerOutputs({
      infraID,
      kubeconfig: this.kubeconfig,
      infra: this.infra,
      iam: this.iamOutput,
      hostedClusterName: this.hostedClusterName,
      namespace: this.namespace,
    });
  }
}

/** The JSON of `create infra aws` for the network's values (strings or Outputs). */
function infraOutput(args: AwsHostedClusterArgs, infraID: string, values: {
  readonly vpcId: pulumi.Input<string>;
  readonly privateSubnetIds: readonly pulumi.Input<string>[];
  readonly publicZoneId: pulumi.Input<string>;
  readonly privateZoneId: pulumi.Input<string>;
  readonly localZoneId: pulumi.Input<string>;
}) {
  return {
    region: args.aws.region,
    zone: '',
    infraID,
    machineCIDR: args.aws.vpcCidr ?? AWS_NETWORK_DEFAULTS.vpcCidr,
    vpcID: values.vpcId,
    zones: args.aws.zones.map((zone, i) => ({ name: zone, subnetID: values.privateSubnetIds[i] })),
    Name: args.name,
    baseDomain: args.baseDomain,
    // The CLI writes its flag as given: "" when unset (the cluster name is used), "none" for no prefix.
    baseDomainPrefix: args.baseDomainPrefix === undefined ? '' : args.baseDomainPrefix === '' ? 'none' : args.baseDomainPrefix,
    publicZoneID: values.publicZoneId,
    privateZoneID: values.privateZoneId,
    localZoneID: values.localZoneId,
    publicOnly: false,
  };
}

/** The JSON of `create iam aws` for the IAM's values (strings or Outputs). */
function iamOutput(region: string, infraID: string, issuerURL: string, values: {
  readonly rolesRef: pulumi.Input<Record<AwsRoleKey, string>> | Record<AwsRoleKey, pulumi.Input<string>>;
  readonly instanceProfileName: pulumi.Input<string>;
  readonly kmsKeyArn?: pulumi.Input<string>;
  readonly kmsProviderRoleArn?: pulumi.Input<string>;
}) {
  const rolesRef = values.rolesRef as Record<AwsRoleKey, pulumi.Input<string>> | pulumi.Output<Record<AwsRoleKey, string>>;
  const roles = Object.fromEntries(
    (Object.keys(AWS_OPERATOR_ROLES) as AwsRoleKey[]).map((key) => [
      key,
      pulumi.Output.isInstance(rolesRef) ? rolesRef.apply((r) => r[key]) : rolesRef[key],
    ]),
  ) as Record<AwsRoleKey, pulumi.Input<string>>;
  return {
    region,
    profileName: values.instanceProfileName,
    infraID,
    issuerURL,
    roles,
    ...(values.kmsKeyArn ? { kmsKeyARN: values.kmsKeyArn, kmsProviderRoleARN: values.kmsProviderRoleArn } : {}),
  };
}

/** Stand-ins that pass validation where they stand (`vpc-`, `subnet-`, role ARNs with the real role names). */
function placeholderOutputs(args: AwsHostedClusterArgs, infraID: string, issuerURL: string): { infra: AwsInfraOutput; iam: AwsIamOutput } {
  const partition = args.aws.partition ?? 'aws';
  const names = awsIamNames(infraID);
  const hex = (n: number) => n.toString(16).padStart(17, '0');
  const roleArn = (roleName: string) => `arn:${partition}:iam::000000000000:role/${roleName}`;
  const kms = args.aws.kms
    ? { kmsKeyArn: `arn:${partition}:kms:${args.aws.region}:000000000000:key/00000000-0000-4000-8000-000000000000`, kmsProviderRoleArn: roleArn(names.kmsProviderRole) }
    : {};
  return {
    infra: infraOutput(args, infraID, {
      vpcId: `vpc-${hex(0)}`,
      privateSubnetIds: args.aws.zones.map((_, i) => `subnet-${hex(i + 1)}`),
      publicZoneId: 'Z0HCPDEPLOYTIMEPUBLICZONE',
      privateZoneId: 'Z0HCPDEPLOYTIMEPRIVATEZONE',
      localZoneId: 'Z0HCPDEPLOYTIMELOCALZONE',
    }) as AwsInfraOutput,
    iam: iamOutput(args.aws.region, infraID, issuerURL, {
      rolesRef: Object.fromEntries(Object.entries(names.roles).map(([key, roleName]) => [key, roleArn(roleName)])) as Record<AwsRoleKey, string>,
      instanceProfileName: names.instanceProfile,
      ...kms,
    }) as AwsIamOutput,
  };
}

/**
 * Everything checked at once, before any registration: the network input, IAM names, the AWS
 * provider's region, and the hosted cluster as it will be (stand-ins for the IDs AWS assigns).
 */
function prepare(args: AwsHostedClusterArgs, opts: pulumi.ComponentResourceOptions | undefined) {
  const infraID = args.infraID ?? infraIdFor(args.name);
  const oidc = args.aws.oidc;
  const issuerURL = 'issuerURL' in oidc ? oidc.issuerURL : awsIssuerURL(oidc.bucketName, oidc.bucketRegion, infraID);
  const label = `HostedCluster ${args.namespace ?? 'clusters'}/${args.name}`;
  const issues = new IssueCollector(label);
  checkAwsNetworkInput({ ...args.aws, clusterName: args.name, baseDomain: args.baseDomain, baseDomainPrefix: args.baseDomainPrefix, tags: args.aws.resourceTags }, issues, 'aws', args.networking?.machineNetwork);
  checkAwsIamNames(infraID, issues, 'infraID');
  if (args.aws.existingVpc && args.aws.existingVpc.privateSubnetIds.length !== args.aws.zones.length) {
    issues.error('aws.existingVpc.privateSubnetIds', `${args.aws.existingVpc.privateSubnetIds.length} subnets for ${args.aws.zones.length} zones.`, 'Give one private subnet per zone, in the order of zones.');
  }
  // The resources are created in the AWS provider's region; the HostedCluster must say the same.
  const providerRegion = opts?.provider || opts?.providers ? undefined : aws.config.region;
  if (providerRegion && providerRegion !== args.aws.region) {
    issues.error('aws.region', `${args.aws.region} differs from the AWS provider's region ${providerRegion} (aws:region).`, 'Use one region for both.');
  }
  if (args.aws.kms && (args.secretEncryption || args.secretValues?.etcdEncryptionKey !== undefined)) {
    issues.error('aws.kms', 'KMS encryption and an aescbc key (secretEncryption or secretValues.etcdEncryptionKey) are both given.', 'Keep one of them.');
  }

  const placeholders = placeholderOutputs(args, infraID, issuerURL);
  const { aws: infraArgs, managementKubeconfig: _kubeconfig, ...cluster } = args;
  const fromCli = awsPropsFromCheckedCliOutput(placeholders.infra, placeholders.iam, {
    ...(infraArgs.endpointAccess ? { endpointAccess: infraArgs.endpointAccess } : {}),
    ...(infraArgs.externalDnsDomain ? { externalDnsDomain: infraArgs.externalDnsDomain } : {}),
    ...(infraArgs.resourceTags ? { resourceTags: infraArgs.resourceTags } : {}),
    ...(infraArgs.multiArch !== undefined ? { multiArch: infraArgs.multiArch } : {}),
  });
  const generateEtcdKey = !args.aws.kms && !args.secretEncryption && args.secretValues?.etcdEncryptionKey === undefined;
  const bundleArgs: HostedClusterBundleArgs = {
    ...cluster,
    infraID,
    // The CLI's prefix rule (the cluster name when unset) is the operator's too, so it is passed as given.
    platform: fromCli.platform,
    ...(fromCli.secretEncryption ? { secretEncryption: fromCli.secretEncryption } : {}),
  };

  // The hosted cluster as the bundle will plan it; a stand-in key where one will be generated.
  const isKnown = (value: pulumi.Input<string>): value is string => typeof value === 'string';
  const values = { ...args.secretValues, ...(generateEtcdKey ? { etcdEncryptionKey: Buffer.alloc(32).toString('base64') } : {}) };
  const { options, secretValues: _values, deployTimeValues: _deploy, ...props } = bundleArgs as HostedClusterBundleArgs;
  const withValues = applySecretValues(props, values, isKnown);
  const checked = checkHostedCluster(withValues.props as HostedClusterProps, options);
  const all: ValidationIssue[] = [...issues.issues, ...withValues.issues, ...checked.issues];
  if (all.some((i) => i.severity === 'error')) throw new HcpResourceError(all);
  return { infraID, issuerURL, placeholders, bundleArgs, generateEtcdKey };
}
