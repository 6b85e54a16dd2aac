/**
 * The IDs AWS assigns when a cluster's network and IAM are created: VPC, subnets, hosted zones,
 * role and KMS ARNs. A cluster planned before they exist (the Pulumi component validates before
 * it creates anything) is planned with stand-ins that pass validation where they stand; the
 * fields the AWS platform writes them to are named here by path, so an adapter puts each real
 * value into exactly its field and nowhere else.
 */
import type { KubernetesObject } from '../../api';
import { FieldPath, FieldValue, valueAt } from '../../core/field-values';
import type { HostedClusterPlan } from '../../core/plan';
import { objectKey } from '../../core/plan-model';
import { AWS_OPERATOR_ROLES, AwsPartition, AwsRoleKey, awsIamNames, awsRoleArn } from './iam';

/** One cluster's assigned IDs: strings once known, or an adapter's deferred values (Pulumi Outputs). */
export interface AwsAssignedIds<V> {
  readonly vpcId: V;
  /** Each zone's private subnet, in the order of the zones. */
  readonly privateSubnetIds: readonly V[];
  readonly publicZoneId: V;
  readonly privateZoneId: V;
  /** The ARNs of the control-plane roles (`spec.platform.aws.rolesRef`). */
  readonly roles: Readonly<Record<AwsRoleKey, V>>;
  /** With etcd encrypted by KMS: the key's ARN and the kms-provider role's. @default none */
  readonly kms?: { readonly keyArn: V; readonly providerRoleArn: V };
}

/** What decides the stand-ins: the real role names come from the infraID. */
export interface AwsStandInInput {
  readonly infraID: string;
  readonly region: string;
  readonly zoneCount: number;
  /** @default 'aws' */
  readonly partition?: AwsPartition;
  /** @default false */
  readonly kms?: boolean;
}

const STAND_IN_ACCOUNT = '000000000000';

/**
 * Stand-ins, each distinct: `vpc-` and `subnet-` IDs of 16 hex digits (AWS assigns 8 or 17, so no
 * real ID is one), hosted zone IDs no zone has, and ARNs in account 000000000000 with the real role
 * names, so IAM's length limits are checked on the names the roles will have.
 */
export function awsStandInIds(input: AwsStandInInput): AwsAssignedIds<string> {
  const partition = input.partition ?? 'aws';
  const names = awsIamNames(input.infraID);
  const hex = (n: number) => n.toString(16).padStart(16, '0');
  const roleArn = (roleName: string) => awsRoleArn(partition, STAND_IN_ACCOUNT, roleName);
  return {
    vpcId: `vpc-${hex(0)}`,
    privateSubnetIds: Array.from({ length: input.zoneCount }, (_, i) => `subnet-${hex(i + 1)}`),
    publicZoneId: 'Z0HCPDEPLOYTIMEPUBLICZONE',
    privateZoneId: 'Z0HCPDEPLOYTIMEPRIVATEZONE',
    roles: Object.fromEntries(Object.entries(names.roles).map(([key, roleName]) => [key, roleArn(roleName)])) as Record<AwsRoleKey, string>,
    ...(input.kms
      ? {
          kms: {
            keyArn: `arn:${partition}:kms:${input.region}:${STAND_IN_ACCOUNT}:key/00000000-0000-4000-8000-000000000000`,
            providerRoleArn: roleArn(names.kmsProviderRole),
          },
        }
      : {}),
  };
}

/** Per kind, each field the platform writes an assigned ID to, with the IDs that may be there. */
type Slots<V> = Readonly<Record<'HostedCluster' | 'NodePool', ReadonlyArray<readonly [FieldPath, readonly V[]]>>>;

/**
 * Where the platform writes each ID: `contribute` in ./index.ts (cloudProviderConfig with the
 * first zone, rolesRef, dns, a NodePool's subnet) and {@link awsKmsSecretEncryption}. A test plans
 * with stand-ins and checks every one is found here.
 */
function slotsOf<V>(ids: AwsAssignedIds<V>): Slots<V> {
  const aws = ['spec', 'platform', 'aws'];
  const kms = ['spec', 'secretEncryption', 'kms', 'aws'];
  return {
    HostedCluster: [
      [[...aws, 'cloudProviderConfig', 'vpc'], [ids.vpcId]],
      [[...aws, 'cloudProviderConfig', 'subnet', 'id'], ids.privateSubnetIds],
      [['spec', 'dns', 'publicZoneID'], [ids.publicZoneId]],
      [['spec', 'dns', 'privateZoneID'], [ids.privateZoneId]],
      ...(Object.keys(AWS_OPERATOR_ROLES) as AwsRoleKey[]).map((key) => [[...aws, 'rolesRef', key], [ids.roles[key]]] as const),
      ...(ids.kms
        ? ([
            [[...kms, 'activeKey', 'arn'], [ids.kms.keyArn]],
            [[...kms, 'auth', 'awsKms'], [ids.kms.providerRoleArn]],
          ] as const)
        : []),
    ],
    NodePool: [[[...aws, 'subnet', 'id'], ids.privateSubnetIds]],
  };
}

/**
 * For the HostedCluster and NodePools of a plan made with `standIns`: each field that holds a
 * stand-in where the platform writes it, with the matching value of `ids`, by {@link objectKey}.
 * A field whose stand-in was replaced (specOverrides, a NodePool's own subnetId) keeps its value,
 * and a stand-in-like string anywhere else is not looked at.
 */
export function awsAssignedIdFields<V>(
  plan: Pick<HostedClusterPlan, 'hostedCluster' | 'nodePools'>,
  standIns: AwsAssignedIds<string>,
  ids: AwsAssignedIds<V>,
): Map<string, FieldValue<V>[]> {
  const from = slotsOf(standIns);
  const to = slotsOf(ids);
  const sameShape = (kind: keyof Slots<V>) => from[kind].length === to[kind].length && from[kind].every(([, c], slot) => c.length === to[kind][slot][1].length);
  if (!sameShape('HostedCluster') || !sameShape('NodePool')) throw new Error('awsAssignedIdFields: the IDs and their stand-ins differ in shape');
  const fieldsOf = (object: KubernetesObject, kind: keyof Slots<V>): FieldValue<V>[] =>
    from[kind].flatMap(([path, candidates], slot) => {
      const index = candidates.indexOf(valueAt(object, path) as string);
      return index < 0 ? [] : [{ path, value: to[kind][slot][1][index] }];
    });
  const objects: Array<[KubernetesObject, keyof Slots<V>]> = [[plan.hostedCluster, 'HostedCluster'], ...plan.nodePools.map((np) => [np, 'NodePool'] as [KubernetesObject, 'NodePool'])];
  const fields = new Map<string, FieldValue<V>[]>();
  for (const [object, kind] of objects) {
    const found = fieldsOf(object, kind);
    if (found.length > 0) fields.set(objectKey(object), found);
  }
  return fields;
}
