/**
 * Pulumi components for hosted clusters on AWS: `hcp-constructs/pulumi/aws`. Loads @pulumi/aws and
 * @pulumi/random; `hcp-constructs/pulumi` never does. Every name users need is listed here; the
 * modules behind it are internal. api/pulumi-aws.api.md records this surface.
 *
 * @module hcp-constructs/pulumi/aws
 */

// The whole AWS hosted cluster: network, IAM, OIDC, then the cluster.
export { AwsHostedCluster } from './hosted-cluster';
export type { AwsHostedClusterArgs, AwsHostedClusterInfraArgs, AwsOidcArgs } from './hosted-cluster';

// Its parts, usable alone.
export { AwsNetwork } from './network';
export type { AwsNetworkArgs, ExistingAwsVpc, ExistingAwsZones } from './network';
export { AwsIam } from './iam';
export type { AwsIamArgs } from './iam';
// Around the cluster: the bastion of a private cluster, the public zone external-dns writes into.
export { AwsBastion } from './bastion';
export type { AwsBastionArgs, AwsBastionOptions } from './bastion';
export { ExternalDnsZone } from './external-dns-zone';
export type { ExternalDnsZoneArgs } from './external-dns-zone';

// The management cluster's side: the bucket the HyperShift operator publishes OIDC documents to.
export { OidcBucket } from '../management/oidc-bucket';
export type { OidcBucketArgs } from '../management/oidc-bucket';

// Inside the hosted cluster: the role an OLM operator assumes through STS (CCO manual mode).
export { AwsOperatorRole } from './operator-role';
export type { AwsOperatorRoleArgs } from './operator-role';

// The SDK's promise bookkeeping stacks, read only when debugging leaks, are not source-mapped (see ../sdk-promise-stacks.ts).
import { skipSdkPromiseStacks } from '../sdk-promise-stacks';
skipSdkPromiseStacks();
