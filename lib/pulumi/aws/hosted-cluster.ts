/**
 * An AWS hosted cluster end to end: network, IAM and OIDC, Secrets, HostedCluster and NodePools,
 * waited on until Available and Ready, with the admin kubeconfig as a secret output.
 */
import * as aws from '@pulumi/aws';
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import * as random from '@pulumi/random';
import { IssueCollector } from '../../core/errors';
import { infraIdFor, secretNames } from '../../core/names';
import { givenCidrs } from '../../core/networking';
import {
  AWS_OPERATOR_ROLES,
  AwsAssignedIds,
  AwsClusterProps,
  AwsPartition,
  AwsRoleKey,
  awsAssignedIdFields,
  awsIamNames,
  awsIssuerURL,
  awsKmsSecretEncryption,
  awsPlatform,
  awsStandInIds,
  checkAwsIamNames,
} from '../../platforms/aws';
import type { AwsClusterExtras, AwsIamOutput, AwsInfraOutput } from '../../platforms/aws/interop';
import { HostedClusterBundle, HostedClusterBundleArgs, PlannedBundle } from '../hosted-cluster';
import { AwsBastion, AwsBastionOptions, checkAwsBastionArgs } from './bastion';
import { AwsIam } from './iam';
import { AwsNetwork, AwsNetworkArgs, ExistingAwsVpc, ExistingAwsZones, checkAwsNetworkArgs } from './network';

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
  /** Where the cluster's OIDC issuer is published; every IAM role of the cluster trusts that issuer. */
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
  /** A bastion in the VPC to reach the nodes of a Private cluster by SSH ({@link AwsBastion}). @default none */
  readonly bastion?: AwsBastionOptions;
}

/** Args of {@link AwsHostedCluster}: the hosted cluster's args, its platform built from `aws` instead, and a base domain that is required. */
export interface AwsHostedClusterArgs extends Omit<HostedClusterBundleArgs, 'platform' | 'baseDomain'> {
  /** The public Route 53 zone `<baseDomain>` must exist. */
  readonly baseDomain: string;
  /** The AWS side: region and zones, VPC, OIDC issuer, encryption and tags. */
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
 * HostedCluster): a problem fails `pulumi preview` with an {@link "hcp-constructs/pulumi"!HcpResourceError}.
 *
 * The Kubernetes resources depend on every AWS resource, so `pulumi destroy` deletes the
 * NodePools and the HostedCluster (whose operator removes its load balancers, endpoints and
 * instances) and waits until they are gone before it destroys subnets, NAT gateways, zones and IAM.
 */
export class AwsHostedCluster extends pulumi.ComponentResource {
  /** The VPC, subnets, NAT gateways and hosted zones (created, or the existing ones given). */
  readonly network: AwsNetwork;
  /** The OIDC provider, operator roles, worker instance profile and optional KMS key. */
  readonly iam: AwsIam;
  /** The bastion, when `aws.bastion` is given. */
  readonly bastion?: AwsBastion;
  /** The cluster's objects on the management cluster (Secrets, HostedCluster, NodePools), registered after every AWS resource. */
  readonly bundle: HostedClusterBundle;
  /** The ID the AWS resources are named and tagged after: the args' `infraID`, else the cluster name in lower case with other characters as `-`. */
  readonly infraID: string;
  /** The admin kubeconfig (Secret `<name>-admin-kubeconfig`, key `kubeconfig`), once the HostedCluster is Available. A secret. */
  readonly kubeconfig: pulumi.Output<string>;
  /** The network as `hcp create infra aws --output-file` writes it: for `awsPropsFromCliOutput` (cdk8s, GitOps). */
  readonly infra: pulumi.Output<AwsInfraOutput>;
  /** The IAM as `hcp create iam aws --output-file` writes it. */
  readonly iamOutput: pulumi.Output<AwsIamOutput>;
  /** The bundle's {@link HostedClusterBundle.hostedClusterName}. */
  readonly hostedClusterName: pulumi.Output<string>;
  /** The bundle's {@link HostedClusterBundle.namespace}. */
  readonly namespace: pulumi.Output<string>;

  constructor(name: string, args: AwsHostedClusterArgs, opts?: pulumi.ComponentResourceOptions) {
    // Validate and plan first: nothing, not even this component, is registered when the args are invalid.
    const { infraID, issuerURL, networkArgs, standIns, planned, generateEtcdKey } = prepare(args, opts);
    super(AWS_HOSTED_CLUSTER_TYPE, name, {}, opts);
    const parent = { parent: this };
    const infraArgs = args.aws;
    this.infraID = infraID;

    const provider = args.managementKubeconfig
      ? new k8s.Provider(`${name}-management`, { kubeconfig: pulumi.secret(args.managementKubeconfig) }, parent)
      : undefined;
    this.network = new AwsNetwork(`${name}-network`, networkArgs, parent);
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
    this.bastion = infraArgs.bastion && bastionOf(`${name}-bastion`, { ...infraArgs, bastion: infraArgs.bastion }, { infraID, clusterName: args.name }, this.network, parent);
    this.infra = infraOutput(args, infraID, this.network);
    this.iamOutput = iamOutput(infraArgs.region, infraID, issuerURL, this.iam);

    // Generated once, then kept in the state: the same key on every later `pulumi up`.
    const etcdEncryptionKey = generateEtcdKey ? pulumi.secret(new random.RandomBytes(`${name}-etcd-encryption-key`, { length: 32 }, parent).base64) : undefined;

    this.bundle = new HostedClusterBundle(
      name,
      planned.withDeployTimeValues({
        secretValues: etcdEncryptionKey ? { etcdEncryptionKey } : {},
        // The IDs AWS assigns, each into the fields the plan holds its stand-in in.
        fields: awsAssignedIdFields(planned.plan, standIns, assignedIds(this.network, this.iam)),
      }),
      // The Kubernetes resources depend on every AWS resource: created after them, deleted before them.
      { parent: this, ...(provider ? { provider } : {}), dependsOn: [this.network, this.iam] },
    );
    this.kubeconfig = adminKubeconfig(`${name}-admin-kubeconfig`, this.bundle, { parent: this, ...(provider ? { provider } : {}) });
    this.hostedClusterName = this.bundle.hostedClusterName;
    this.namespace = this.bundle.namespace;

    this.registerOutputs({
      infraID,
      ...(this.bastion ? { bastionSshCommand: this.bastion.sshCommand } : {}),
      kubeconfig: this.kubeconfig,
      infra: this.infra,
      iam: this.iamOutput,
      hostedClusterName: this.hostedClusterName,
      namespace: this.namespace,
    });
  }
}

/** The bastion in the cluster's VPC: in the first zone's public subnet unless another is given. */
function bastionOf(
  name: string,
  infra: AwsHostedClusterInfraArgs & { readonly bastion: AwsBastionOptions },
  cluster: { readonly infraID: string; readonly clusterName: string },
  network: AwsNetwork,
  opts: pulumi.ComponentResourceOptions,
): AwsBastion {
  const { subnetId, ...bastion } = infra.bastion;
  return new AwsBastion(name, { ...bastion, ...cluster, vpcId: network.vpcId, subnetId: subnetId ?? network.publicSubnetIds[0], tags: infra.resourceTags }, opts);
}

/** The IDs the network and IAM were assigned, as Outputs. */
function assignedIds(network: AwsNetwork, iam: AwsIam): AwsAssignedIds<pulumi.Input<string>> {
  return {
    vpcId: network.vpcId,
    privateSubnetIds: network.privateSubnetIds,
    publicZoneId: network.publicZoneId,
    privateZoneId: network.privateZoneId,
    roles: Object.fromEntries((Object.keys(AWS_OPERATOR_ROLES) as AwsRoleKey[]).map((key) => [key, iam.roles[key].arn])) as Record<AwsRoleKey, pulumi.Output<string>>,
    ...(iam.kmsKeyArn && iam.kmsProviderRoleArn ? { kms: { keyArn: iam.kmsKeyArn, providerRoleArn: iam.kmsProviderRoleArn } } : {}),
  };
}

/**
 * The admin kubeconfig the operator writes, read once the HostedCluster is Available (its
 * waitFor); the id is unknown until then, so a preview reads nothing. A secret.
 */
function adminKubeconfig(resourceName: string, bundle: HostedClusterBundle, opts: pulumi.CustomResourceOptions): pulumi.Output<string> {
  const plan = bundle.plan;
  const secretId = bundle.hostedCluster.metadata.apply(() => `${plan.namespace}/${secretNames.adminKubeconfig(plan.name)}`);
  const secret = k8s.core.v1.Secret.get(resourceName, secretId, { ...opts, dependsOn: [bundle.hostedCluster] });
  return pulumi.secret(secret.data.apply((data) => Buffer.from(data?.kubeconfig ?? '', 'base64').toString('utf8')));
}

/** The network as the JSON of `create infra aws`. */
function infraOutput(args: AwsHostedClusterArgs, infraID: string, network: AwsNetwork): pulumi.Output<AwsInfraOutput> {
  return pulumi.output({
    region: args.aws.region,
    zone: '',
    infraID,
    machineCIDR: network.machineCidr,
    vpcID: network.vpcId,
    zones: network.zones.map((zone, i) => ({ name: zone, subnetID: network.privateSubnetIds[i] })),
    Name: args.name,
    baseDomain: args.baseDomain,
    // The CLI writes its flag as given: "" when unset (the cluster name is used), "none" for no prefix.
    baseDomainPrefix: args.baseDomainPrefix === undefined ? '' : args.baseDomainPrefix === '' ? 'none' : args.baseDomainPrefix,
    publicZoneID: network.publicZoneId,
    privateZoneID: network.privateZoneId,
    localZoneID: network.localZoneId,
    publicOnly: false,
    // The schema's type allows keys newer CLIs add (an index signature), which an Output's type lacks.
  }) as unknown as pulumi.Output<AwsInfraOutput>;
}

/** The IAM as the JSON of `create iam aws`. */
function iamOutput(region: string, infraID: string, issuerURL: string, iam: AwsIam): pulumi.Output<AwsIamOutput> {
  return pulumi.output({
    region,
    profileName: iam.instanceProfileName,
    infraID,
    issuerURL,
    roles: iam.rolesRef,
    ...(iam.kmsKeyArn ? { kmsKeyARN: iam.kmsKeyArn, kmsProviderRoleARN: iam.kmsProviderRoleArn } : {}),
  }) as unknown as pulumi.Output<AwsIamOutput>;
}

/**
 * The arg of the component each `platform.aws` prop it writes comes from, for findings: the
 * user wrote `aws.zones[0]`, not `platform.aws.zones[0].name`; the role and instance-profile
 * names are derived from the infraID.
 */
const AWS_ARGS_PATHS: readonly (readonly [RegExp, string])[] = [
  [/^platform\.aws\.zones\[(\d+)\](\.name)?$/, 'aws.zones[$1]'],
  [/^platform\.aws\.machineCIDR$/, 'aws.vpcCidr'],
  [/^platform\.aws\.(rolesRef|instanceProfile)\b.*$/, 'infraID'],
  [/^platform\.aws\.issuerURL$/, 'aws.oidc'],
  [/^platform\.aws\.(region|endpointAccess|externalDnsDomain|resourceTags|multiArch)\b/, 'aws.$1'],
];

function awsArgsPath(path: string): string {
  const rule = AWS_ARGS_PATHS.find(([pattern]) => pattern.test(path));
  return rule ? path.replace(rule[0], rule[1]) : path;
}

/**
 * The `platform.aws` props of the cluster from its typed args, with the assigned IDs given
 * (stand-ins while planning); the settings the args leave out get the platform's defaults.
 */
function awsClusterProps(infra: AwsHostedClusterInfraArgs, infraID: string, issuerURL: string, ids: AwsAssignedIds<string>): AwsClusterProps {
  const extras: AwsClusterExtras = {
    ...(infra.endpointAccess !== undefined ? { endpointAccess: infra.endpointAccess } : {}),
    ...(infra.externalDnsDomain !== undefined ? { externalDnsDomain: infra.externalDnsDomain } : {}),
    ...(infra.resourceTags !== undefined ? { resourceTags: infra.resourceTags } : {}),
    ...(infra.multiArch !== undefined ? { multiArch: infra.multiArch } : {}),
  };
  return {
    region: infra.region,
    vpcId: ids.vpcId,
    ...(infra.vpcCidr !== undefined ? { machineCIDR: infra.vpcCidr } : {}),
    zones: infra.zones.map((name, i) => ({ name, privateSubnetId: ids.privateSubnetIds[i] })),
    rolesRef: ids.roles,
    issuerURL,
    publicZoneID: ids.publicZoneId,
    privateZoneID: ids.privateZoneId,
    instanceProfile: awsIamNames(infraID).instanceProfile,
    ...extras,
  };
}

/**
 * Everything checked and the cluster planned, once, before any registration: the network's args,
 * the IAM names, the AWS provider's region, and the hosted cluster with stand-ins for the IDs
 * AWS assigns (and for an etcd key to be generated).
 */
function prepare(args: AwsHostedClusterArgs, opts: pulumi.ComponentResourceOptions | undefined) {
  const infraID = args.infraID ?? infraIdFor(args.name);
  const { aws: infra, managementKubeconfig: _kubeconfig, ...cluster } = args;
  const issuerURL = 'issuerURL' in infra.oidc ? infra.oidc.issuerURL : awsIssuerURL(infra.oidc.bucketName, infra.oidc.bucketRegion, infraID);
  const issues = new IssueCollector(`HostedCluster ${args.namespace ?? 'clusters'}/${args.name}`);
  const networkArgs: AwsNetworkArgs = {
    infraID,
    clusterName: args.name,
    region: infra.region,
    zones: infra.zones,
    vpcCidr: infra.vpcCidr,
    singleNatGateway: infra.singleNatGateway,
    baseDomain: args.baseDomain,
    baseDomainPrefix: args.baseDomainPrefix,
    tags: infra.resourceTags,
    existingVpc: infra.existingVpc,
    existingZones: infra.existingZones,
  };
  checkAwsNetworkArgs(networkArgs, issues, 'aws', givenCidrs(args.networking?.machineNetwork));
  checkAwsIamNames(infraID, issues, 'infraID');
  if (infra.bastion) {
    checkAwsBastionArgs(infra.bastion, issues, 'aws.bastion');
    // An existing VPC's public subnets are not known here.
    if (infra.existingVpc && infra.bastion.subnetId === undefined) issues.error('aws.bastion.subnetId', 'with an existing VPC, the bastion\'s public subnet is not known.', 'Give a public subnet of that VPC as bastion.subnetId.');
  }
  // The resources are created in the AWS provider's region; the HostedCluster must say the same.
  const providerRegion = opts?.provider || opts?.providers ? undefined : aws.config.region;
  if (providerRegion && providerRegion !== infra.region) {
    issues.error('aws.region', `${infra.region} differs from the AWS provider's region ${providerRegion} (aws:region).`, 'Use one region for both.');
  }
  if (infra.kms && (args.secretEncryption || args.secretValues?.etcdEncryptionKey !== undefined)) {
    issues.error('aws.kms', 'KMS encryption and an aescbc key (secretEncryption or secretValues.etcdEncryptionKey) are both given.', 'Keep one of them.');
  }

  const partition: AwsPartition = infra.partition ?? 'aws';
  const standIns = awsStandInIds({ infraID, region: infra.region, zoneCount: infra.zones.length, partition, kms: Boolean(infra.kms) });
  const generateEtcdKey = !infra.kms && !args.secretEncryption && args.secretValues?.etcdEncryptionKey === undefined;
  checkRestoredKey(args, generateEtcdKey, issues);
  const planned = PlannedBundle.of(
    {
      ...cluster,
      infraID,
      // The CLI's prefix rule (the cluster name when unset) is the operator's too, so it is passed as given.
      platform: { type: awsPlatform.type, aws: awsClusterProps(infra, infraID, issuerURL, standIns) },
      ...(standIns.kms ? { secretEncryption: awsKmsSecretEncryption(infra.region, standIns.kms.keyArn, standIns.kms.providerRoleArn) } : {}),
      // A well-formed stand-in where a key will be generated; the generated one replaces it.
      secretValues: { ...args.secretValues, ...(generateEtcdKey ? { etcdEncryptionKey: Buffer.alloc(32).toString('base64') } : {}) },
    },
    issues.issues,
    awsArgsPath,
  );
  return { infraID, issuerURL, networkArgs, standIns, planned, generateEtcdKey };
}

/** A restored etcd snapshot is encrypted with the key of the cluster it came from: a key created here cannot read it. */
function checkRestoredKey(args: AwsHostedClusterArgs, generateEtcdKey: boolean, issues: IssueCollector): void {
  if (args.etcd?.restoreSnapshotURL === undefined) return;
  if (generateEtcdKey) {
    issues.error(
      'secretEncryption',
      'the snapshot of etcd.restoreSnapshotURL is encrypted with the etcd encryption key of the cluster it was taken from, but no key is given, so a new random key would be generated, which cannot read it.',
      'Give that cluster\'s aescbc key: secretValues.etcdEncryptionKey (the value) or secretEncryption.aescbc (its Secret).',
    );
  }
  if (args.aws.kms === true) {
    issues.error(
      'aws.kms',
      'aws.kms: true creates a new KMS key, which cannot read the snapshot of etcd.restoreSnapshotURL: it is encrypted through the KMS key of the cluster it was taken from.',
      'Give that cluster\'s key as aws.kms: { keyArn }.',
    );
  }
}
