/**
 * The props schemas users may check props with themselves (a props file read from YAML or JSON),
 * typed as {@link PropsSchema}: the same valibot schema objects the library checks with, declared
 * without valibot's types so that consumers never type-check them.
 */
import type { CapacityInput } from './capacity/input-props';
import { capacityInputSchema as capacityInput } from './capacity/input';
import type { PropsSchema } from './core/props-schema';
import type { HostedClusterIngressProps } from './day2/ingress-props';
import { hostedClusterIngressPropsSchema as hostedClusterIngress } from './day2/ingress';
import type { ManagementClusterProps } from './management/management-cluster-props';
import { managementClusterPropsSchema as managementCluster } from './management/props';
import type { AgentInfrastructureProps } from './platforms/agent/infrastructure-props';
import { agentInfrastructurePropsSchema as agentInfrastructure } from './platforms/agent/infrastructure';
import type { HostedClusterProps } from './platforms/props';
import { hostedClusterPropsSchema as hostedCluster } from './platforms';
import type { AwsIamOutput, AwsInfraOutput } from './platforms/aws/cli-output-props';
import { awsIamOutputSchema as awsIamOutput, awsInfraOutputSchema as awsInfraOutput } from './platforms/aws/interop';

export type { PropsSchema, PropsSchemaResult } from './core/props-schema';

/** Everything that describes one hosted cluster ({@link HostedClusterProps}). */
export const hostedClusterPropsSchema: PropsSchema<HostedClusterProps> = hostedCluster;

/** The hosts under an agent cluster ({@link AgentInfrastructureProps}). */
export const agentInfrastructurePropsSchema: PropsSchema<AgentInfrastructureProps> = agentInfrastructure;

/** A management cluster ({@link ManagementClusterProps}; its `capacity` as the schema gives it, a list of worker groups). */
export const managementClusterPropsSchema: PropsSchema<ManagementClusterProps> = managementCluster;

/** A hosted cluster's day-2 ingress ({@link HostedClusterIngressProps}). */
export const hostedClusterIngressPropsSchema: PropsSchema<HostedClusterIngressProps> = hostedClusterIngress;

/** The capacity planner's input; the schema's output has `workers` as a list ({@link CapacityInput}). */
export const capacityInputSchema: PropsSchema<CapacityInput> = capacityInput;

/** The JSON of `hcp create infra aws --output-file` ({@link AwsInfraOutput}). */
export const awsInfraOutputSchema: PropsSchema<AwsInfraOutput> = awsInfraOutput;

/** The JSON of `hcp create iam aws --output-file` ({@link AwsIamOutput}). */
export const awsIamOutputSchema: PropsSchema<AwsIamOutput> = awsIamOutput;
