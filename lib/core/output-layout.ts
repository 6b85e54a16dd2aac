/**
 * The folders inside a synth's output folder, both ways: where an object is written (its target's
 * folder, or the one its plan asked for, and the stage sub-folder of its phase), and which target a
 * folder's files were applied to when the output is read back (previous-output.ts). One rule for
 * both, so they cannot drift apart; the delivery planners name folders with it too.
 */
import type { KubernetesObject } from '../api';
import type { Phase, PlannedObject, Target } from './plan-model';
import { MANAGEMENT_CLUSTER, PHASES, apiGroupOf, managementNameOfKey, targetKey } from './plan-model';
import type { FieldOwner } from './field-owners';
import { overwrittenFields } from './field-owners';
import { byText } from './text-order';

const HOSTED_PREFIX = 'hosted-';
/** Folders of the objects that make a GitOps engine deliver the others (lib/delivery): `gitops-<cluster>`. */
export const GITOPS_PREFIX = 'gitops-';
/** The reports' folder (reports.ts): no target's. */
const REPORTS_FOLDER = 'reports';

/**
 * The rollout's state in the reports' folder (lib/fleet/rollout/rollout-record.ts): written by the
 * synth, advanced by `hcp-constructs rollout next`. Here, where the constructs and the command
 * line both read it without loading the fleet's planner.
 */
export const ROLLOUT_RECORD_FILE = 'rollout-state.json';

/** `management` or `management-<name>`: a management cluster's folder is its target key. */
const isManagementFolder = (folder: string) => folder === targetKey(MANAGEMENT_CLUSTER) || managementNameOfKey(folder) !== undefined;

/**
 * The folder of a target inside the output folder: `management` (or `management-<name>` for a
 * named management cluster), or `hosted-<namespace>-<name>` for the API of a hosted cluster. One
 * folder per target, so that each is one Argo CD Application or Flux Kustomization pointed at one cluster.
 */
export function targetFolder(target: Target): string {
  return target.kind === 'management' ? targetKey(target) : `${HOSTED_PREFIX}${targetKey(target)}`;
}

/**
 * The folder of an object: the one its plan asked for (an edge site's `edge-<site>`, a GitOps
 * engine's `gitops-<cluster>`), else its target's. A folder of its own is one lower-case path
 * segment and holds objects of a management cluster only: `gitops-...` of any, others of the
 * app's own (reading the output back takes every folder not named like a target's, `gitops-...`
 * or `reports`, for that cluster).
 */
export function outputFolder(target: Target, folder: string | undefined): string {
  if (folder === undefined) return targetFolder(target);
  const reserved = folder === REPORTS_FOLDER || isManagementFolder(folder) || folder.startsWith(HOSTED_PREFIX);
  const allowed = folder.startsWith(GITOPS_PREFIX) ? target.kind === 'management' : targetKey(target) === targetKey(MANAGEMENT_CLUSTER);
  if (!allowed || !/^[a-z0-9][a-z0-9.-]*$/.test(folder) || reserved) {
    throw new Error(
      `the output folder ${JSON.stringify(folder)} cannot hold objects for ${targetKey(target)}: only a management cluster's objects get a folder of their own (gitops-... for any, others for the app's own), one lower-case segment, neither "management", "reports", "management-..." nor "hosted-...".`,
    );
  }
  return folder;
}

/**
 * The target key (`management`, `management-<name>`, `<namespace>-<name>`) of the objects in a
 * top-level folder of the output, or undefined for `reports` and the `gitops-...` folders (their
 * objects have no rules against changes, and the folder does not say which cluster they are on):
 * the inverse of {@link outputFolder}.
 */
export function folderTargetKey(folder: string): string | undefined {
  if (folder === REPORTS_FOLDER || folder.startsWith(GITOPS_PREFIX)) return undefined;
  if (folder.startsWith(HOSTED_PREFIX)) return folder.slice(HOSTED_PREFIX.length);
  return isManagementFolder(folder) ? folder : targetKey(MANAGEMENT_CLUSTER);
}

/**
 * The stage sub-folders of every output folder, in apply order. A GitOps engine that applies a
 * folder at once (Argo CD, `kubectl apply -k`) builds the folder's own kustomization.yaml, which
 * lists its stages, and orders by sync wave; Flux applies one stage after the other (one
 * Kustomization each, `dependsOn` the one before), because its server-side dry run refuses a whole
 * set when one object's kind is not installed yet (an operator's custom resource before OLM has
 * installed the operator). A Restore must complete before its HostedCluster is applied, so it has
 * a stage of its own.
 */
export const STAGES = ['00-images', '01-operators', '02-operator-configuration', '03-webhooks', '04-restore', '05-resources'] as const;
/** The name of a stage sub-folder; {@link STAGES} lists them in apply order. */
export type Stage = (typeof STAGES)[number];

/** The stage sub-folder of a phase: by its wave (see PHASES), the restore phase its own. */
export function stageOf(phase: Phase): Stage {
  if (phase.name === PHASES.restore.name) return '04-restore';
  if (phase.wave <= PHASES.imageConfiguration.wave) return '00-images';
  if (phase.wave === PHASES.operators.wave) return '01-operators';
  if (phase.wave === PHASES.operatorConfiguration.wave) return '02-operator-configuration';
  if (phase.wave === PHASES.webhooksReady.wave) return '03-webhooks';
  return '05-resources';
}

const overwrittenKey = (o: OverwrittenField): string => [o.group, o.kind, o.namespace ?? '', o.name, o.field.pointer].join('\0');

/** `group/version` and kind of an object: what Flux's health expressions and Argo CD's checks are keyed by. */
export interface KindRef {
  /** The kind's `group/version` (`hypershift.openshift.io/v1beta1`; `v1` for the core group). */
  readonly apiVersion: string;
  /** The kind's name (`HostedCluster`). */
  readonly kind: string;
}

/** One stage sub-folder of an output folder and what it holds. */
export interface StageSpec {
  /** Which stage sub-folder it is. */
  readonly name: Stage;
  /** Every kind of its objects, sorted by apiVersion then kind. */
  readonly kinds: readonly KindRef[];
  /** The kinds of its cluster-scoped objects (no namespace), sorted. */
  readonly clusterScoped: readonly KindRef[];
}

/** A field of one object in a folder that another controller writes over the manifest's value (see field-owners.ts). */
export interface OverwrittenField {
  /** The object's API group (`hypershift.openshift.io`). */
  readonly group: string;
  /** Its kind. */
  readonly kind: string;
  /** Absent for a cluster-scoped object. */
  readonly namespace?: string;
  /** Its name. */
  readonly name: string;
  /** The field, and who writes over it. */
  readonly field: FieldOwner;
}

/**
 * One output folder: its name, the cluster its objects are applied to, its stages in apply order,
 * and the fields of its objects that other controllers write over (a delivery engine must leave them).
 */
export interface FolderSpec {
  /**
   * Its name in the output: a target's folder (`management`, `hosted-<namespace>-<name>`) or one a plan asked
   * for (`edge-<site>`, `gitops-<cluster>`).
   */
  readonly folder: string;
  /** The cluster its objects are applied to. */
  readonly target: Target;
  /** Its stage sub-folders that hold objects, in apply order. */
  readonly stages: readonly StageSpec[];
  /** Sorted by group, kind, namespace, name, then field. */
  readonly overwritten: readonly OverwrittenField[];
}

const kindId = (k: KindRef) => `${k.apiVersion} ${k.kind}`;
const kindRef = (object: KubernetesObject): KindRef => ({ apiVersion: object.apiVersion, kind: object.kind });

/**
 * The folders and stages a synth of these objects writes (reports aside), sorted by folder: what
 * the delivery planners deliver.
 */
export function folderSpecs(objects: Iterable<PlannedObject>): FolderSpec[] {
  const folders = new Map<string, { target: Target; stages: Map<Stage, { kinds: Map<string, KindRef>; clusterScoped: Map<string, KindRef> }>; overwritten: OverwrittenField[] }>();
  for (const planned of objects) {
    const folder = outputFolder(planned.target, planned.folder);
    let entry = folders.get(folder);
    if (!entry) folders.set(folder, (entry = { target: planned.target, stages: new Map(), overwritten: [] }));
    const { metadata } = planned.object;
    for (const field of overwrittenFields(planned.object)) {
      entry.overwritten.push({ group: apiGroupOf(planned.object.apiVersion), kind: planned.object.kind, ...(metadata.namespace ? { namespace: metadata.namespace } : {}), name: metadata.name, field });
    }
    const stage = stageOf(planned.phase);
    let kinds = entry.stages.get(stage);
    if (!kinds) entry.stages.set(stage, (kinds = { kinds: new Map(), clusterScoped: new Map() }));
    const ref = kindRef(planned.object);
    kinds.kinds.set(kindId(ref), ref);
    if (!planned.object.metadata.namespace) kinds.clusterScoped.set(kindId(ref), ref);
  }
  const sorted = (refs: Map<string, KindRef>) => [...refs.keys()].sort().map((id) => refs.get(id)!);
  return [...folders.keys()].sort().map((folder) => {
    const { target, stages, overwritten } = folders.get(folder)!;
    return {
      folder,
      target,
      stages: STAGES.filter((name) => stages.has(name)).map((name) => ({ name, kinds: sorted(stages.get(name)!.kinds), clusterScoped: sorted(stages.get(name)!.clusterScoped) })),
      overwritten: overwritten.sort((a, b) => byText(overwrittenKey(a), overwrittenKey(b))),
    };
  });
}
