/**
 * One AWS hosted cluster from typed stack config: network, IAM and OIDC, the HostedCluster and
 * one NodePool per zone on a management cluster that runs the HyperShift operator with an OIDC
 * bucket (`hypershift install --oidc-storage-provider-s3-bucket-name ...`). See docs/aws.md.
 */
import * as pulumi from '@pulumi/pulumi';
import { parseSupportedVersions } from '../lib';
import { AwsHostedCluster } from '../lib/pulumi/aws';

/** Stack config this program reads (`pulumi config set <key> ...`), all checked before anything is created. */
export interface AwsProgramConfig {
  readonly region: string;
  readonly zones: readonly string[];
  readonly baseDomain: string;
  readonly releaseImage: string;
  readonly oidcBucketName: string;
  readonly oidcBucketRegion: string;
  readonly name: string;
  readonly nodePoolReplicas: number;
  readonly instanceType?: string;
  readonly singleNatGateway: boolean;
  readonly supportedVersions?: readonly string[];
}

/** Reads and checks the plain config; secrets are read where they are used, as secrets. */
export function readAwsProgramConfig(config = new pulumi.Config(), awsConfig = new pulumi.Config('aws')): AwsProgramConfig {
  const region = awsConfig.require('region');
  const zones = config.requireObject<unknown>('zones');
  if (!Array.isArray(zones) || zones.length === 0 || !zones.every((z) => typeof z === 'string')) {
    throw new Error(`config "zones" must be a list of availability zones, e.g. pulumi config set --path 'zones[0]' ${region}a`);
  }
  const supported = config.getObject<string[]>('supportedVersions');
  return {
    region,
    zones,
    baseDomain: config.require('baseDomain'),
    releaseImage: config.require('releaseImage'),
    oidcBucketName: config.require('oidcBucketName'),
    oidcBucketRegion: config.get('oidcBucketRegion') ?? region,
    name: config.get('name') ?? pulumi.getStack(),
    nodePoolReplicas: config.getNumber('nodePoolReplicas') ?? 2,
    instanceType: config.get('instanceType'),
    singleNatGateway: config.getBoolean('singleNatGateway') ?? false,
    ...(supported ? { supportedVersions: parseSupportedVersions({ 'supported-versions': JSON.stringify({ versions: supported }) }) } : {}),
  };
}

export function awsProgram(): Record<string, pulumi.Output<unknown> | string> {
  const config = new pulumi.Config();
  const c = readAwsProgramConfig(config);
  const cluster = new AwsHostedCluster(c.name, {
    name: c.name,
    baseDomain: c.baseDomain,
    release: { image: c.releaseImage },
    aws: {
      region: c.region,
      zones: c.zones,
      singleNatGateway: c.singleNatGateway,
      oidc: { bucketName: c.oidcBucketName, bucketRegion: c.oidcBucketRegion },
    },
    secretValues: { pullSecret: config.requireSecret('pullSecret'), sshPublicKey: config.getSecret('sshPublicKey') },
    managementKubeconfig: config.getSecret('managementKubeconfig'),
    nodePools: c.zones.map((zone) => ({
      name: `${c.name}-${zone}`,
      replicas: c.nodePoolReplicas,
      platform: { aws: { zone, ...(c.instanceType ? { instanceType: c.instanceType } : {}) } },
    })),
    options: c.supportedVersions ? { supportedVersions: c.supportedVersions } : {},
  });
  return {
    kubeconfig: cluster.kubeconfig,
    hostedClusterName: cluster.hostedClusterName,
    namespace: cluster.namespace,
    infraID: cluster.infraID,
    // The same cluster for GitOps: awsPropsFromCliOutput(infra, iam) in a cdk8s app.
    infra: cluster.infra,
    iam: cluster.iamOutput,
  };
}
