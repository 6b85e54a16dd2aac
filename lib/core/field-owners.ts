/**
 * Fields of the kinds the library emits that another controller writes once the object is
 * applied: the HyperShift operator fills in what a HostedCluster leaves empty and adds its
 * finalizers. One table, read by the live diff (lib/live: such a field is its owner's, not
 * drift) and by delivery (lib/delivery: Argo CD is told to leave the ones the manifest itself
 * sets, see {@link overwrittenFields}). Each entry was read in HyperShift's sources at the commit
 * of the reference CRDs (3ee96155), in the function named.
 *
 * Not listed, on purpose: a NodePool's `spec.replicas` under `autoScaling`. The autoscaler of a
 * hosted cluster scales the CAPI MachineDeployment in the control plane's namespace, never the
 * NodePool (nodepool/capi.go), and the CRD refuses a NodePool that has both replicas and
 * autoScaling, so nobody may write that field while autoscaling is on.
 */
import type { KubernetesObject } from '../api';
import type { FieldPath } from './field-values';
import { valueAt } from './field-values';
import { apiGroupOf } from './plan-model';

/** A test of one field of an object. */
export type FieldTest =
  /** The field is absent, null or the empty string. */
  | { readonly pointer: string; readonly empty: true }
  /** The field holds exactly this value. */
  | { readonly pointer: string; readonly equals: string | boolean }
  /** The field is there (any value but null). */
  | { readonly pointer: string; readonly present: true };

/** One field another controller writes, and when. */
export interface FieldOwner {
  /** The API group of the kind (`hypershift.openshift.io`). */
  readonly group: string;
  /** The kind (`HostedCluster`). */
  readonly kind: string;
  /** The field, as a JSON pointer (RFC 6901): `/spec/dns/baseDomain`. */
  readonly pointer: string;
  /** When the other controller writes it: every test holds on the planned object. Empty: always. */
  readonly when: readonly FieldTest[];
  /** Who writes it, as a sentence names it: `the HyperShift operator`. */
  readonly owner: string;
  /** What it writes there, and where upstream. */
  readonly writes: string;
}

const HYPERSHIFT = 'hypershift.openshift.io';
const OPERATOR = 'the HyperShift operator';
/** A KubeVirt cluster: its platform block (the library writes it, `{}` at least, as the CLI does). */
const KUBEVIRT = { pointer: '/spec/platform/kubevirt', present: true } as const;

/** The table: by kind, then field. */
export const FIELD_OWNERS: readonly FieldOwner[] = [
  {
    group: HYPERSHIFT,
    kind: 'HostedCluster',
    pointer: '/metadata/annotations/hypershift.openshift.io~1HasBeenAvailable',
    when: [],
    owner: OPERATOR,
    writes: '"true" once the cluster is first Available, for its metrics (hostedcluster controller, Reconcile).',
  },
  {
    group: HYPERSHIFT,
    kind: 'HostedCluster',
    pointer: '/metadata/annotations/hypershift.openshift.io~1management-platform',
    when: [KUBEVIRT],
    owner: OPERATOR,
    writes: "the management cluster's platform type, from its Infrastructure status (reconcileKubevirtPlatformDefaultSettings).",
  },
  {
    group: HYPERSHIFT,
    kind: 'HostedCluster',
    pointer: '/metadata/finalizers',
    when: [],
    owner: OPERATOR,
    writes: 'hypershift.openshift.io/finalizer, and on AWS hypershift.io/aws-oidc-discovery, so that it tears the cluster down before the object goes.',
  },
  {
    group: HYPERSHIFT,
    kind: 'HostedCluster',
    pointer: '/spec/clusterID',
    when: [{ pointer: '/spec/clusterID', empty: true }],
    owner: OPERATOR,
    writes: 'a random UUID, immutable from then on (defaultClusterIDsIfNeeded).',
  },
  {
    group: HYPERSHIFT,
    kind: 'HostedCluster',
    pointer: '/spec/dns/baseDomain',
    when: [KUBEVIRT, { pointer: '/spec/platform/kubevirt/baseDomainPassthrough', equals: true }, { pointer: '/spec/dns/baseDomain', empty: true }],
    owner: OPERATOR,
    writes: "the infrastructure cluster's apps domain, immutable from then on (reconcileKubevirtPlatformDefaultSettings); the field is required, so the manifest holds an empty string.",
  },
  {
    group: HYPERSHIFT,
    kind: 'HostedCluster',
    pointer: '/spec/infraID',
    when: [{ pointer: '/spec/infraID', empty: true }],
    owner: OPERATOR,
    writes: 'the name and a random suffix, immutable from then on (defaultClusterIDsIfNeeded).',
  },
  {
    group: HYPERSHIFT,
    kind: 'HostedCluster',
    pointer: '/spec/platform/kubevirt/generateID',
    when: [KUBEVIRT, { pointer: '/spec/platform/kubevirt/generateID', empty: true }],
    owner: OPERATOR,
    writes: '10 random characters naming the infrastructure resources, immutable from then on (reconcileKubevirtPlatformDefaultSettings).',
  },
  {
    group: HYPERSHIFT,
    kind: 'HostedCluster',
    pointer: '/spec/secretEncryption',
    when: [KUBEVIRT, { pointer: '/spec/secretEncryption', empty: true }],
    owner: OPERATOR,
    writes: 'AESCBC with a key it generates into Secret <name>-etcd-encryption-key (reconcileKubevirtPlatformDefaultSettings).',
  },
  {
    group: HYPERSHIFT,
    kind: 'NodePool',
    pointer: '/metadata/finalizers',
    when: [],
    owner: OPERATOR,
    writes: 'hypershift.openshift.io/finalizer, so that it removes the machines before the object goes (nodepool controller, Reconcile).',
  },
];

/** A JSON pointer's keys: `/metadata/annotations/a~1b` → `['metadata', 'annotations', 'a/b']`. */
export function pointerPath(pointer: string): FieldPath {
  if (pointer === '') return [];
  if (!pointer.startsWith('/')) throw new Error(`pointerPath: ${JSON.stringify(pointer)} is not a JSON pointer`);
  return pointer
    .slice(1)
    .split('/')
    .map((key) => key.replace(/~1/g, '/').replace(/~0/g, '~'));
}

function holds(object: KubernetesObject, test: FieldTest): boolean {
  const value = valueAt(object, pointerPath(test.pointer));
  if ('empty' in test) return value === undefined || value === null || value === '';
  if ('present' in test) return value !== undefined && value !== null;
  return value === test.equals;
}

/** The entries of `owners` whose conditions hold for `object` (planned or live). */
export function fieldOwnersOf(object: KubernetesObject, owners: readonly FieldOwner[] = FIELD_OWNERS): FieldOwner[] {
  const group = apiGroupOf(object.apiVersion);
  return owners.filter((o) => o.group === group && o.kind === object.kind && o.when.every((test) => holds(object, test)));
}

/**
 * The entries of {@link fieldOwnersOf} whose field `object` itself sets: another controller
 * writes over the manifest's value, so a delivery engine applying the manifest would undo it.
 * The others need nothing: a server-side apply leaves fields the manifest does not name to their
 * owner, and Argo CD's diff ignores live fields the manifest does not have.
 */
export function overwrittenFields(object: KubernetesObject, owners: readonly FieldOwner[] = FIELD_OWNERS): FieldOwner[] {
  return fieldOwnersOf(object, owners).filter((o) => valueAt(object, pointerPath(o.pointer)) !== undefined);
}
