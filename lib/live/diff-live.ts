/**
 * The planned objects of one management cluster against the live ones, by server-side apply
 * dry-run as the delivery engine's field manager, nothing written. Each object is:
 *   - to create, when it does not exist;
 *   - else applied without force: a 409 names each field another manager changed to another
 *     value. Such a field is drift, unless the model of field owners (core/field-owners.ts) gives
 *     it to another controller, which is then left its value (as Argo CD's
 *     RespectIgnoreDifferences does). Then applied again, with force when there is drift, and the
 *     result compared with the live object: the changes this app would make;
 *   - and the fields other managers own that the app does not set are listed, left alone, each
 *     with the model's owner where the model expects it.
 * An apply the API server refuses is an error finding, with the server's reason.
 */
import type { KubernetesObject } from '../api';
import type { FieldOwner, PlannedObject, ValidationIssue } from '../core';
import { describeObject, fieldOwnersOf, pointerPath } from '../core';
import { canonicalJson } from '../core/canonical-json';
import { withFieldValues } from '../core/field-values';
import { byText } from '../core/text-order';
import { KubeApiError, KubeClient } from './kube-client';
import { kubeconfigFile, readKubeconfig } from './kubeconfig';
import { Findings } from './findings';
import type { FieldSetPath } from './field-paths';
import { ownedFields, pathText, pointerFieldPath, valueAtPath, within } from './field-paths';

/** The field managers of the engines that apply the output: Argo CD's server-side syncs, Flux, `kubectl apply --server-side`. */
export const FIELD_MANAGERS = { argoCd: 'argocd-controller', flux: 'kustomize-controller', kubectl: 'kubectl' } as const;

/** Which cluster `diffLive` reads, and as which field manager it applies. */
export interface LiveDiffOptions {
  /** The kubeconfig file. @default `$KUBECONFIG`, else `~/.kube/config` */
  readonly kubeconfig?: string;
  /** Its context. @default the current context */
  readonly context?: string;
  /**
   * The field manager the objects are applied with: {@link FIELD_MANAGERS} `argoCd` for Argo CD
   * (`ServerSideApply=true`), `flux` for Flux, your Pulumi provider's for Pulumi. Fields this
   * manager set that another one changed are drift; a wrong manager makes everything look so.
   */
  readonly fieldManager: string;
}

/** A field this app would change: `live` absent when it adds it, `planned` absent when it removes it. */
export interface LiveChange {
  /** The field, as the API server writes paths (`.spec.replicas`). */
  readonly path: string;
  /** Its live value. */
  readonly live?: unknown;
  /** The value an apply of the plan gives it. */
  readonly planned?: unknown;
}

/** A field this app sets that another manager changed to another value. */
export interface LiveDrift {
  /** The field (`.spec.replicas`). */
  readonly path: string;
  /** Who changed it (`kubectl-edit`). */
  readonly manager: string;
  /** The value it set. */
  readonly live: unknown;
  /** The plan's value, which the next sync restores. */
  readonly planned: unknown;
}

/** A field other managers own that this app leaves to them. */
export interface LiveLeftAlone {
  /** The field (`.spec.clusterID`). */
  readonly path: string;
  /** The field managers that own it (`hypershift-operator`). */
  readonly managers: readonly string[];
  /** The model's entry when it expects another controller there. */
  readonly owner?: FieldOwner;
  /** The plan's value, when the plan sets the field but the model gives it to `owner` (it is not applied). */
  readonly planned?: unknown;
}

/** One planned object against its live one. */
export interface LiveObjectDiff {
  /** `NodePool clusters/workers` */
  readonly object: string;
  /** `failed`: it could not be read, or the API server refused the apply (see the findings). */
  readonly state: 'create' | 'change' | 'unchanged' | 'failed';
  /** For `create`: its kind is not served yet (the operator that installs it has not run). */
  readonly kindNotServed?: boolean;
  /** The fields an apply of the plan would change. */
  readonly changes: readonly LiveChange[];
  /** The fields this app sets that another manager changed. */
  readonly drift: readonly LiveDrift[];
  /** The fields other managers own that this app leaves to them. */
  readonly leftAlone: readonly LiveLeftAlone[];
}

/** What `diffLive` found. */
export interface LiveDiffReport {
  /** The API server read. */
  readonly server: string;
  /** The kubeconfig context it was reached with. */
  readonly context: string;
  /** The field manager the dry-run applies were made as. */
  readonly fieldManager: string;
  /** One per planned object, in the plan's order. */
  readonly objects: readonly LiveObjectDiff[];
  /** Drift (warnings), refused applies and failed reads (errors). */
  readonly findings: readonly ValidationIssue[];
}

/** What the diff asks of the API server (a {@link KubeClient}, or a stub in tests). */
export type LiveApi = Pick<KubeClient, 'resource' | 'get' | 'dryRunApply'>;

/** Objects compared at once: a handful of round trips in flight, whatever the plan's size. */
const CONCURRENCY = 8;

/** Reads the management cluster of the kubeconfig and diffs `objects` (one management cluster's) against it. */
export async function diffLive(objects: readonly PlannedObject[], options: LiveDiffOptions): Promise<LiveDiffReport> {
  const connection = readKubeconfig(kubeconfigFile(options.kubeconfig), options.context);
  const client = new KubeClient(connection);
  try {
    return { server: connection.server, context: connection.context, fieldManager: options.fieldManager, ...(await diffLiveWith(client, objects, options.fieldManager)) };
  } finally {
    client.close();
  }
}

/** {@link diffLive} against an API already at hand. */
export async function diffLiveWith(api: LiveApi, objects: readonly PlannedObject[], fieldManager: string): Promise<Pick<LiveDiffReport, 'objects' | 'findings'>> {
  const results: Array<{ diff: LiveObjectDiff; findings: readonly ValidationIssue[] }> = new Array(objects.length);
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < objects.length; i = next++) {
      const findings = new Findings();
      results[i] = { diff: await diffObject(api, objects[i], fieldManager, findings), findings: findings.issues };
    }
  };
  await Promise.all(Array.from({ length: Math.min(CONCURRENCY, objects.length) }, worker));
  return { objects: results.map((r) => r.diff), findings: results.flatMap((r) => r.findings) };
}

const EMPTY = { changes: [], drift: [], leftAlone: [] } as const;
/** A dry-run is authorized as the request itself: the diff needs get and patch. */
const CREDENTIALS_FIX = 'Grant get and patch on this kind to the credentials (a dryRun=All patch is authorized as a real one, and stores nothing), or diff with credentials that have them.';

async function diffObject(api: LiveApi, planned: PlannedObject, manager: string, findings: Findings): Promise<LiveObjectDiff> {
  const object = planned.object;
  const name = describeObject(object);
  const failed = (error: unknown, doing: string, fix: string): LiveObjectDiff => {
    const refused = error instanceof KubeApiError && (error.status === 401 || error.status === 403);
    findings.about(planned, 'error', 'metadata.name', `${doing} failed: ${(error as Error).message}`, refused ? CREDENTIALS_FIX : fix);
    return { object: name, state: 'failed', ...EMPTY };
  };
  let live: KubernetesObject | undefined;
  try {
    if (!(await api.resource(object.apiVersion, object.kind))) return { object: name, state: 'create', kindNotServed: true, ...EMPTY };
    live = await api.get(object.apiVersion, object.kind, object.metadata.namespace, object.metadata.name);
  } catch (error) {
    return failed(error, 'reading it', 'Check that the API server is reachable and answers, then diff again.');
  }
  if (!live) return { object: name, state: 'create', ...EMPTY };

  const owners = fieldOwnersOf(object);
  const ownerOf = (path: FieldSetPath) => owners.find((o) => within(path, pointerFieldPath(o.pointer)));
  const applied = await apply(api, object, live, manager, ownerOf);
  if ('error' in applied) return failed(applied.error, applied.doing, refusalFix(live, object, manager));
  const { result, drift, leftToOwners } = applied;

  const drifted = drift.map((d) => d.path);
  const changes = differences(stripped(live), stripped(result)).filter((c) => !drifted.some((d) => c.path === d || c.path.startsWith(`${d}.`) || c.path.startsWith(`${d}[`)));
  const secret = object.kind === 'Secret' && object.apiVersion === 'v1';
  for (const d of drift) {
    findings.about(
      planned,
      'warning',
      d.path.slice(1),
      `${d.manager} changed ${d.path}, a field this app sets, to ${shown(d.live, secret)}; the plan has ${shown(d.planned, secret)}.`,
      `If the new value is wanted, put it in the props; otherwise the next sync of the delivery engine (${manager}) takes the field back with force and restores the plan's value.`,
    );
  }
  return {
    object: name,
    state: changes.length > 0 || drift.length > 0 ? 'change' : 'unchanged',
    changes: secret ? changes.map((c) => ({ path: c.path, ...('live' in c ? { live: hidden } : {}), ...('planned' in c ? { planned: hidden } : {}) })) : changes,
    drift: secret ? drift.map((d) => ({ ...d, live: hidden, planned: hidden })) : drift,
    leftAlone: [...leftToOwners, ...leftAlone(result, manager, ownerOf, leftToOwners)].sort((a, b) => byText(a.path, b.path)),
  };
}

/**
 * The dry-run applies: without force, then (on a 409) again with the model's fields at their live
 * values, with force when other conflicts are drift. The result, the drift and the conflicts left
 * to their owners; or the error that stopped it.
 */
async function apply(
  api: LiveApi,
  object: KubernetesObject,
  live: KubernetesObject,
  manager: string,
  ownerOf: (path: FieldSetPath) => FieldOwner | undefined,
): Promise<{ result: KubernetesObject; drift: LiveDrift[]; leftToOwners: LiveLeftAlone[] } | { error: unknown; doing: string }> {
  const drift: LiveDrift[] = [];
  const leftToOwners: LiveLeftAlone[] = [];
  try {
    return { result: await api.dryRunApply(object, manager, false), drift, leftToOwners };
  } catch (error) {
    const conflicts = conflictsOf(error, live);
    if (!conflicts) return { error, doing: 'a server-side apply dry-run' };
    let applied = object;
    for (const { path, text, manager: other } of conflicts) {
      const owner = path && ownerOf(path);
      if (owner) {
        leftToOwners.push({ path: text, managers: [other], owner, planned: valueAtPath(object, path) });
        // As a sync that respects the owner would: the live value goes into what is applied.
        applied = withFieldValues(applied, [{ path: pointerPath(owner.pointer), value: valueAtPath(live, pointerFieldPath(owner.pointer)) }]);
      } else {
        drift.push({ path: text, manager: other, live: path ? valueAtPath(live, path) : undefined, planned: path ? valueAtPath(object, path) : undefined });
      }
    }
    try {
      return { result: await api.dryRunApply(applied, manager, drift.length > 0), drift, leftToOwners };
    } catch (again) {
      return { error: again, doing: drift.length > 0 ? 'a forced server-side apply dry-run' : "a server-side apply dry-run with the owners' values" };
    }
  }
}

/** What a Secret's values are shown as: never their text. */
const hidden = '(secret)';
const shown = (value: unknown, secret: boolean): string => (secret ? hidden : value === undefined ? 'nothing' : JSON.stringify(value));

/** A 409's conflicts (field, its path among the live object's owned fields, the manager), or undefined for any other error. */
function conflictsOf(error: unknown, live: KubernetesObject): Array<{ text: string; path?: FieldSetPath; manager: string }> | undefined {
  if (!(error instanceof KubeApiError) || error.status !== 409 || !error.details?.causes?.length) return undefined;
  // The cause's field is text, and field names may hold dots (annotation keys): find it among the owned paths.
  const owned = new Map(ownedFields(live).map(({ path }) => [pathText(path), path]));
  return error.details.causes.map((cause) => {
    const text = cause.field ?? '';
    return { text, path: owned.get(text), manager: /conflict with "([^"]*)"/.exec(cause.message ?? '')?.[1] ?? 'another manager' };
  });
}

/** The fields other managers own in the applied result that `manager` does not, with the model's owner; `shared` are reported already. */
function leftAlone(result: KubernetesObject, manager: string, ownerOf: (path: FieldSetPath) => FieldOwner | undefined, shared: readonly LiveLeftAlone[]): LiveLeftAlone[] {
  const owned = ownedFields(result);
  const mine = new Set(owned.filter((o) => o.manager === manager).map((o) => pathText(o.path)));
  const reported = new Set(shared.map((s) => s.path));
  const byPath = new Map<string, { path: FieldSetPath; managers: Set<string> }>();
  for (const { manager: other, path } of owned) {
    const text = pathText(path);
    if (other === manager || mine.has(text) || reported.has(text)) continue;
    let entry = byPath.get(text);
    if (!entry) byPath.set(text, (entry = { path, managers: new Set() }));
    entry.managers.add(other);
  }
  return [...byPath].map(([text, { path, managers }]) => {
    const owner = ownerOf(path);
    return { path: text, managers: [...managers].sort(), ...(owner ? { owner } : {}) };
  });
}

/** The fix of a refused apply: what the server's message says, and the live spec fields other managers keep that the plan leaves out (an apply cannot remove them). */
function refusalFix(live: KubernetesObject, planned: KubernetesObject, manager: string): string {
  const kept = ownedFields(live).filter((o) => o.manager !== manager && 'field' in o.path[0] && o.path[0].field === 'spec' && valueAtPath(planned, o.path) === undefined);
  const named = [...new Set(kept.map((k) => `${pathText(k.path)} (${k.manager})`))].sort();
  const pointers = kept.filter((k) => k.path.every((e) => 'field' in e)).map((k) => `/${k.path.map((e) => ('field' in e ? e.field.replace(/~/g, '~0').replace(/\//g, '~1') : '')).join('/')}`);
  const example = pointers.length > 0 ? `, e.g. kubectl patch ${planned.kind.toLowerCase()} ${planned.metadata.name}${planned.metadata.namespace ? ` -n ${planned.metadata.namespace}` : ''} --type=json -p '${JSON.stringify([...new Set(pointers)].sort().map((path) => ({ op: 'remove', path })))}'` : '';
  return named.length > 0
    ? `Make the change the message asks for. Other managers keep fields the plan leaves out, which an apply cannot remove: ${named.join(', ')}; remove those that no longer belong${example}, then diff again.`
    : 'Make the change the message asks for in the props (or on the live object, if it holds what the API server refuses), then diff again.';
}

/** The object without what the server keeps for itself: status and the bookkeeping of metadata. */
function stripped(object: KubernetesObject): Record<string, unknown> {
  const { status: _status, ...rest } = object as KubernetesObject & { status?: unknown };
  const { managedFields: _m, resourceVersion: _r, generation: _g, uid: _u, creationTimestamp: _c, ...metadata } = object.metadata as KubernetesObject['metadata'] & Record<string, unknown>;
  return { ...rest, metadata };
}

/** Every leaf where `live` and `planned` differ, by path (lists of equal length item by item, others whole). */
export function differences(live: unknown, planned: unknown, path: FieldSetPath = []): LiveChange[] {
  if (JSON.stringify(canonicalJson(live)) === JSON.stringify(canonicalJson(planned))) return [];
  const isMap = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);
  if (isMap(live) && isMap(planned)) {
    const keys = [...new Set([...Object.keys(live), ...Object.keys(planned)])].sort();
    return keys.flatMap((k) => differences(live[k], planned[k], [...path, { field: k }]));
  }
  if (Array.isArray(live) && Array.isArray(planned) && live.length === planned.length) {
    return live.flatMap((item, i) => differences(item, planned[i], [...path, { index: i }]));
  }
  return [{ path: pathText(path), ...(live !== undefined ? { live } : {}), ...(planned !== undefined ? { planned } : {}) }];
}
