/**
 * What every engine's planner reads (the props with their defaults, the folders, where the hosted
 * clusters live, the findings so far) and the helpers they share.
 */
import type { FolderSpec, IssueCollector } from '../core';
import { dnsLabelProblem, dnsSubdomainProblem, nearest, quote } from '../core';

/** The waves as the delivery reads them (the fleet's planned rollout). */
export interface DeliveryRollout {
  /** The waves in order: their names and clusters (`namespace/name`). */
  readonly waves: readonly { readonly name: string; readonly clusters: readonly string[] }[];
  /** How many are started. */
  readonly reached: number;
  /** Whether the rollout is paused. */
  readonly paused: boolean;
}

/** The props with their defaults, and the facts every engine's planner reads. */
export interface DeliveryContext {
  /** The repository's git URL, as given. */
  readonly repoURL: string;
  /** The branch the engines follow. */
  readonly revision: string;
  /** The output folder's path in the repository, without a trailing `/`; `.` for the root. */
  readonly path: string;
  /** Every folder of the synth (the `gitops-...` ones too). */
  readonly folders: readonly FolderSpec[];
  /** The folders an engine delivers: all but the `gitops-...` ones. */
  readonly delivered: readonly FolderSpec[];
  /** Which management cluster holds each hosted cluster (`namespace/name` → name); absent: the app's. */
  readonly placement: ReadonlyMap<string, string>;
  /** The names of the ManagedClusters the app plans, when known; else a management folder with any ManagedCluster counts. */
  readonly managedClusters?: ReadonlySet<string>;
  /** The fleet's rollout, when it has one: its waves order the engines' syncs. @default none */
  readonly rollout?: DeliveryRollout;
  /** Where every engine's findings go (paths relative to `delivery.`). */
  readonly issues: IssueCollector;
}

/** The path of a folder (or of a stage of it) inside the repository. */
export function repoPath(ctx: Pick<DeliveryContext, 'path'>, ...segments: string[]): string {
  return [...(ctx.path === '.' ? [] : [ctx.path]), ...segments].join('/');
}

/** A finding at `path` when `value` is not a DNS label (or subdomain) name. */
export function checkName(issues: IssueCollector, path: string, what: string, value: string, rule: 'label' | 'subdomain', example: string): void {
  const problem = rule === 'label' ? dnsLabelProblem(value) : dnsSubdomainProblem(value);
  if (problem) issues.error(path, `${what} ${quote(value)} ${problem}.`, `Use a lower-case name such as ${example}.`);
}

/** An error naming an unknown item, with the nearest known one when there is one. */
export function unknownName(issues: IssueCollector, path: string, message: string, given: string, known: readonly string[], otherwise: string): void {
  const guess = nearest(given, known);
  issues.error(path, `${message}${guess ? `; did you mean ${quote(guess)}?` : '.'}`, guess ? `Use ${quote(guess)}.` : otherwise);
}
