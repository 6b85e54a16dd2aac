/**
 * A rollout, planned: every hosted cluster of the fleet in exactly one wave or held back, each
 * cluster's release in the current state (the target for the waves started so far, its own
 * release otherwise), and the checks before anything moves: the target's version and risks on the
 * captured update graph, the NodePool skew window after each wave, the surge machines of each wave,
 * and the order against the previous output. Pure: findings, never an exception.
 */
import { IssueCollector, ValidationIssue } from '../../core/errors';
import type { OcpVersion } from '../../core/release';
import { compareVersions, formatVersion, minorOrdinal, nodePoolSkewProblem, MAX_NODEPOOL_MINOR_SKEW, parseReleaseImage, parseVersion } from '../../core/release';
import type { ReleaseProps } from '../../core/release-props';
import { quote, schemaFindings } from '../../core/schema';
import { byText } from '../../core/text-order';
import { v } from '../../core/valibot';
import type { RolloutCohortProps, RolloutProps, RolloutSelectorProps, UpdateRiskProps } from './rollout-props';
import { rolloutPropsSchema } from './rollout-schema';
import type { RolloutRecord, RolloutRecordWave, WaveStep } from './rollout-record';
import { ROLLOUT_RECORD_FILE } from './rollout-record';
import { NO_ROLLOUT_WAVE } from '../../delivery/rollout';
import { UpdateGraphIndex, indexUpdateGraph, offeredFrom, updateHop } from './update-graph';

/** A hosted cluster as the rollout reads it. */
export interface RolloutCluster {
  /** `namespace/name`. */
  readonly key: string;
  /** Its index in `hostedClusters`, for the paths of findings. */
  readonly index: number;
  readonly platform: string;
  readonly managementCluster: string;
  /** Its management cluster's zone. @default none */
  readonly zone?: string;
  readonly labels: Readonly<Record<string, string>>;
  /** Its release before the rollout. */
  readonly release: ReleaseProps;
  /** Its NodePools: their own release when they give one, and the machines a Replace upgrade adds beside them on the management side. */
  readonly nodePools: readonly { readonly name: string; readonly release?: ReleaseProps; readonly surge: number }[];
}

/** A cluster's release in the previous output (its HostedCluster's image). */
export type PreviousReleases = ReadonlyMap<string, string>;

/** The state of one cluster in the rollout. */
export const ROLLOUT_STATES = ['done', 'in-progress', 'pending', 'held-back'] as const;
export type RolloutState = (typeof ROLLOUT_STATES)[number];

/** One planned wave. */
export interface RolloutWave {
  readonly name: string;
  /** The props path of the cohort it was cut from (`rollout.canary`, `rollout.waves[1]`). */
  readonly path: string;
  /** Its clusters, by `namespace/name`, sorted. */
  readonly clusters: readonly string[];
  /** @default none */
  readonly soak?: string;
  /** Surge machines its NodePool upgrades add, by management cluster. */
  readonly surge: Readonly<Record<string, number>>;
}

/** One cluster's part in the rollout. */
export interface RolloutClusterPlan {
  readonly cluster: string;
  /** Its wave; none when held back. */
  readonly wave?: string;
  readonly state: RolloutState;
  /** Its version before the rollout, and the one its wave gives it. */
  readonly from: string;
  readonly to: string;
  /** The release it is synthesized with now: the target once its wave is started. */
  readonly release: ReleaseProps;
  /** Its NodePools that follow the cluster stay at its release before the rollout (its wave's first step of two). @default false */
  readonly nodePoolsHeld?: boolean;
  /** The target release its wave gives it. */
  readonly target: ReleaseProps;
}

/** The planned rollout. */
export interface RolloutPlan {
  readonly target: ReleaseProps;
  readonly waves: readonly RolloutWave[];
  readonly holdback: readonly string[];
  /** How many waves are started. */
  readonly reached: number;
  readonly paused: boolean;
  /** What the wave started last has moved: all of it, or with two steps per wave its control planes or its NodePools; `wave` before any. */
  readonly step: WaveStep;
  /** By `namespace/name`, in the fleet's order. */
  readonly clusters: ReadonlyMap<string, RolloutClusterPlan>;
  /** The risks of the target that were acknowledged, with the hops that carry them. */
  readonly acknowledged: readonly (UpdateRiskProps & { readonly hops: readonly string[] })[];
  /** What the next synth and `rollout next` read. */
  readonly record: RolloutRecord;
}

/** What the rollout reads of the previous run. */
export interface RolloutPrevious {
  /** The previous output's record. @default none */
  readonly record?: RolloutRecord;
  /** The clusters' releases in the previous output; absent when there is none (a first synth). @default none */
  readonly releases?: PreviousReleases;
}

/** How the delivery applies a wave. */
export interface RolloutDelivery {
  /**
   * Each wave takes two `rollout next`: control planes, then NodePools. For Flux, which applies a
   * management cluster's HostedClusters and NodePools in one stage (Argo CD orders them by sync
   * wave, Pulumi by dependsOn). @default false
   */
  readonly nodePoolStep?: boolean;
}

const P = 'rollout';

/** The version of a release: its `version`, else its tag's. */
export function releaseVersion(release: ReleaseProps | undefined): OcpVersion | undefined {
  if (!release) return undefined;
  if (release.version !== undefined) return parseVersion(release.version);
  const parsed = parseReleaseImage(release.image);
  return typeof parsed === 'string' ? undefined : parsed.version;
}

/**
 * Plans `input` (any value: the fleet's `rollout`) over the fleet's placed clusters. Findings go
 * to `issues` with paths under `rollout.` (and `hostedClusters[i]` for a cluster's own release);
 * no plan when one is an error.
 */
export function planRollout(input: unknown, clusters: readonly RolloutCluster[], previous: RolloutPrevious, found: ValidationIssue[], object = 'Fleet', delivery: RolloutDelivery = {}): RolloutPlan | undefined {
  const parsed = v.safeParse(rolloutPropsSchema, input);
  if (!parsed.success) {
    found.push(...schemaFindings(parsed.issues, object).map((i) => ({ ...i, path: i.path.startsWith('(') ? P : `${P}.${i.path}` })));
    return undefined;
  }
  const props = parsed.output as RolloutProps;
  const issues = new IssueCollector(object, found);
  const countErrors = () => found.filter((i) => i.severity === 'error').length;
  const errorsBefore = countErrors();
  const refs = referenceResolver(clusters, issues);
  const targets = targetsOf(props, clusters, refs, issues);
  const { waves, holdback } = assignWaves(props, clusters, refs, issues);
  const byKey = new Map(clusters.map((c) => [c.key, c]));
  const froms = new Map(clusters.flatMap((c) => {
    const version = releaseVersion(c.release);
    if (!version) issues.error(`hostedClusters[${c.index}].release.version`, `the rollout cannot tell the version of hosted cluster ${c.key}'s release ${quote(c.release.image)}.`, 'Give release.version (4.16.4) beside an image pinned by digest.');
    return version ? [[c.key, version] as const] : [];
  }));
  const acknowledged = checkHops(props, waves, targets, froms, issues);
  checkSkew(waves, byKey, targets, froms, issues);
  const surged = waves.map((w) => ({ ...w, surge: surgeOf(w, byKey, targets, froms) }));
  checkSurge(props, surged, issues);
  if (countErrors() > errorsBefore) return undefined;
  const targetImage = props.target.image;
  const kept = previous.record && previous.record.target === targetImage ? previous.record : undefined;
  const reached = Math.min(kept?.reached ?? 0, waves.length);
  checkOrder(surged, reached, targets, previous.releases, issues);
  if (countErrors() > errorsBefore) return undefined;
  const nodePoolStep = delivery.nodePoolStep === true;
  // The first step of a wave is kept while the delivery still takes two (another delivery moves the pools now).
  const nodePoolsHeld = nodePoolStep && reached > 0 && kept?.nodePoolStep === true && kept.nodePoolsHeld === true && kept.reached === reached;
  const record: RolloutRecord = {
    version: 1,
    target: targetImage,
    reached,
    paused: props.pause ?? false,
    healthGate: props.healthGate ?? 'previous-output',
    ...(nodePoolStep ? { nodePoolStep } : {}),
    ...(nodePoolsHeld ? { nodePoolsHeld } : {}),
    ...(kept?.startedAt !== undefined && reached > 0 ? { startedAt: kept.startedAt } : {}),
    waves: surged.map((w): RolloutRecordWave => ({ name: w.name, clusters: Object.fromEntries(w.clusters.map((c) => [c, targets.get(c)!.image])), ...(w.soak ? { soak: w.soak } : {}) })),
    managementClusters: Object.fromEntries(surged.flatMap((w) => w.clusters.map((c) => [c, byKey.get(c)!.managementCluster]))),
  };
  const step: WaveStep = !nodePoolStep || reached === 0 ? 'wave' : nodePoolsHeld ? 'control-planes' : 'node-pools';
  return { target: props.target, waves: surged, holdback, reached, paused: record.paused, step, clusters: clusterPlans(clusters, surged, reached, nodePoolsHeld, targets, froms), acknowledged, record };
}

/** `namespace/name` or a unique `name` → the cluster's key; an error for an unknown or ambiguous one. */
function referenceResolver(clusters: readonly RolloutCluster[], issues: IssueCollector): (ref: string, path: string) => string | undefined {
  const keys = new Set(clusters.map((c) => c.key));
  const byName = new Map<string, string[]>();
  for (const c of clusters) {
    const name = c.key.slice(c.key.indexOf('/') + 1);
    byName.set(name, [...(byName.get(name) ?? []), c.key]);
  }
  return (ref, path) => {
    if (keys.has(ref)) return ref;
    const named = byName.get(ref) ?? [];
    if (named.length === 1) return named[0];
    if (named.length > 1) issues.error(path, `${quote(ref)} names ${named.length} hosted clusters (${named.join(', ')}).`, 'Write it as namespace/name.');
    else issues.error(path, `the fleet has no hosted cluster ${quote(ref)}.`, `Name one of the fleet's hosted clusters as namespace/name (${[...keys].slice(0, 5).join(', ')}${keys.size > 5 ? ', ...' : ''}).`);
    return undefined;
  };
}

/** Each cluster's target release: the first override that takes it, else `target`; an error for a target whose version is unknown. */
function targetsOf(props: RolloutProps, clusters: readonly RolloutCluster[], resolve: ReturnType<typeof referenceResolver>, issues: IssueCollector): Map<string, ReleaseProps> {
  const known = (release: ReleaseProps, path: string) => {
    if (releaseVersion(release)) return;
    issues.error(`${path}.version`, `the version of target release ${quote(release.image)} is unknown, so no check of the rollout can run.`, 'Give version (4.17.3) beside an image pinned by digest, or an image tagged with its version.');
  };
  known(props.target, `${P}.target`);
  const overrides = (props.overrides ?? []).map((o, i) => {
    known(o.release, `${P}.overrides[${i}].release`);
    const only = o.clusters?.map((ref, j) => resolve(ref, `${P}.overrides[${i}].clusters[${j}]`));
    return { ...o, only: only ? new Set(only) : undefined };
  });
  return new Map(
    clusters.map((c) => {
      const override = overrides.find((o) => (o.platform === undefined || o.platform === c.platform) && (o.only === undefined || o.only.has(c.key)));
      return [c.key, override?.release ?? props.target];
    }),
  );
}

/** Whether a cluster is one the selector takes (`clusters` already resolved to keys). */
function takes(selector: RolloutSelectorProps, keys: ReadonlySet<string> | undefined, c: RolloutCluster): boolean {
  return (
    (keys === undefined || keys.has(c.key)) &&
    (selector.managementClusters === undefined || selector.managementClusters.includes(c.managementCluster)) &&
    (selector.zones === undefined || (c.zone !== undefined && selector.zones.includes(c.zone))) &&
    Object.entries(selector.labels ?? {}).every(([k, value]) => c.labels[k] === value)
  );
}

/**
 * Every cluster in exactly one wave or the holdback: held back first, then the canary, then each
 * cohort in order takes the clusters it selects that are left; a cohort is cut into waves of
 * `maxConcurrent`. A cluster no cohort takes is an error (the rollout would never reach it).
 */
function assignWaves(props: RolloutProps, clusters: readonly RolloutCluster[], resolve: ReturnType<typeof referenceResolver>, issues: IssueCollector): { waves: Omit<RolloutWave, 'surge'>[]; holdback: string[] } {
  const held = new Set((props.holdback ?? []).flatMap((ref, i) => resolve(ref, `${P}.holdback[${i}]`) ?? []));
  const cohorts: Array<{ cohort: RolloutCohortProps; path: string }> = [
    ...(props.canary ? [{ cohort: { ...props.canary, name: 'canary' }, path: `${P}.canary` }] : []),
    ...props.waves.map((cohort, i) => ({ cohort, path: `${P}.waves[${i}]` })),
  ];
  checkCohortNames(cohorts, issues);
  let left = clusters.filter((c) => !held.has(c.key));
  const waves: Omit<RolloutWave, 'surge'>[] = [];
  for (const { cohort, path } of cohorts) {
    const keys = cohort.clusters ? new Set(cohort.clusters.flatMap((ref, j) => resolve(ref, `${path}.clusters[${j}]`) ?? [])) : undefined;
    const taken = left.filter((c) => takes(cohort, keys, c)).map((c) => c.key).sort(byText);
    left = left.filter((c) => !taken.includes(c.key));
    if (taken.length === 0) {
      issues.warn(path, `wave ${quote(cohort.name)} takes no cluster (earlier waves or the holdback took those it selects).`, 'Change its selector, or remove it.');
      continue;
    }
    const size = cohort.maxConcurrent ?? taken.length;
    const parts = Math.ceil(taken.length / size);
    for (let i = 0; i < parts; i++) {
      waves.push({ name: parts === 1 ? cohort.name : `${cohort.name}-${i + 1}`, path, clusters: taken.slice(i * size, (i + 1) * size), ...(cohort.soak ? { soak: cohort.soak } : {}) });
    }
  }
  if (left.length > 0) {
    const shown = left.slice(0, 5).map((c) => c.key).join(', ');
    issues.error(`${P}.waves`, `no wave takes hosted cluster(s) ${shown}${left.length > 5 ? ` and ${left.length - 5} more` : ''}, so the rollout would never reach them.`, 'Add a last wave without a selector ({ name: rest }), or list them in rollout.holdback.');
  }
  return { waves, holdback: [...held].sort(byText) };
}

/** Cohort names are DNS labels (they are label values on the Applications) and unique, cut names included. */
function checkCohortNames(cohorts: readonly { cohort: RolloutCohortProps; path: string }[], issues: IssueCollector): void {
  const seen = new Set<string>();
  for (const { cohort, path } of cohorts) {
    if (!/^[a-z0-9]([-a-z0-9]{0,48}[a-z0-9])?$/.test(cohort.name)) issues.error(`${path}.name`, `wave name ${quote(cohort.name)} is not a DNS label of at most 50 characters.`, 'Use lower-case letters, digits and dashes, such as wave-1.');
    if (cohort.name === NO_ROLLOUT_WAVE) issues.error(`${path}.name`, `wave name ${quote(NO_ROLLOUT_WAVE)} is reserved: the Argo CD Applications of folders no wave touches carry it.`, 'Give the wave another name.');
    if (seen.has(cohort.name)) issues.error(`${path}.name`, `wave name ${quote(cohort.name)} is used twice${cohort.name === 'canary' ? ' (the canary is called canary)' : ''}.`, 'Give every wave its own name.');
    seen.add(cohort.name);
  }
}

/**
 * The hop of each moving cluster: never back, one minor at most, offered by the captured graph,
 * and every risk of it acknowledged. Returns the acknowledged risks with their hops.
 */
function checkHops(
  props: RolloutProps,
  waves: readonly Omit<RolloutWave, 'surge'>[],
  targets: ReadonlyMap<string, ReleaseProps>,
  froms: ReadonlyMap<string, OcpVersion>,
  issues: IssueCollector,
): (UpdateRiskProps & { hops: string[] })[] {
  const graph: UpdateGraphIndex | undefined = props.updateGraph ? indexUpdateGraph(props.updateGraph) : undefined;
  if (!graph) {
    issues.warn(`${P}.updateGraph`, 'no update graph is given, so nothing checks that each cluster reaches the target in one hop, nor which conditional-update risks the target carries.', 'Capture the graph of the target\'s channel (curl -H "Accept: application/json" "https://api.openshift.com/api/upgrades_info/v1/graph?channel=stable-4.17") and give it as rollout.updateGraph.');
  }
  const acked = new Set(props.acknowledgedRisks ?? []);
  const risks = new Map<string, UpdateRiskProps & { hops: string[] }>();
  const reported = new Set<string>();
  for (const wave of waves) {
    for (const key of wave.clusters) {
      const from = froms.get(key);
      const to = releaseVersion(targets.get(key));
      if (!from || !to || compareVersions(from, to) === 0) continue;
      const hop = `${formatVersion(from)} → ${formatVersion(to)}`;
      const where = `${wave.path}`;
      if (compareVersions(from, to) > 0) {
        issues.error(where, `wave ${quote(wave.name)} would take hosted cluster ${key} back from ${formatVersion(from)} to ${formatVersion(to)}; OpenShift does not downgrade.`, 'Hold the cluster back (rollout.holdback), or give it a target of its own (rollout.overrides).');
        continue;
      }
      if (minorOrdinal(to) - minorOrdinal(from) > 1) {
        issues.error(where, `wave ${quote(wave.name)} would move hosted cluster ${key} ${hop}, more than one minor release at once.`, `Roll out ${formatVersion(from, false)} → ${from.major}.${from.minor + 1} first, or hold the cluster back.`);
        continue;
      }
      if (!graph) continue;
      const found = updateHop(graph, formatVersion(from), formatVersion(to));
      if (!found.offered) {
        const offered = offeredFrom(graph, formatVersion(from)).slice(0, 5);
        issues.error(where, `wave ${quote(wave.name)}: the update graph offers no update ${hop} for hosted cluster ${key}.`, offered.length > 0 ? `Target one of the releases ${formatVersion(from)} updates to (${offered.join(', ')}), or move the cluster first.` : `The graph lists no update from ${formatVersion(from)}: capture the graph of the target's channel, or move the cluster to a release in it first.`);
        continue;
      }
      for (const risk of found.risks) {
        if (!acked.has(risk.name)) {
          if (!reported.has(`${risk.name} ${hop}`)) {
            issues.error(`${P}.acknowledgedRisks`, `the update ${hop} (hosted cluster ${key}, wave ${quote(wave.name)}) carries the risk ${quote(risk.name)}${risk.message ? `: ${risk.message}` : ''}, which is not acknowledged.`, `Read it${risk.url ? ` (${risk.url})` : ''}, check whether it applies to the clusters, then add ${quote(risk.name)} to rollout.acknowledgedRisks, or choose another target.`);
          }
          reported.add(`${risk.name} ${hop}`);
          continue;
        }
        const entry = risks.get(risk.name) ?? { ...risk, hops: [] };
        if (!entry.hops.includes(hop)) entry.hops.push(hop);
        risks.set(risk.name, entry);
      }
    }
  }
  for (const [i, name] of (props.acknowledgedRisks ?? []).entries()) {
    if (graph && !risks.has(name)) issues.warn(`${P}.acknowledgedRisks[${i}]`, `no update of the rollout carries the risk ${quote(name)}.`, 'Remove the acknowledgement: it would silently accept the risk in a later rollout.');
  }
  return [...risks.values()].sort((a, b) => byText(a.name, b.name));
}

/** Whether a pool moves with its cluster: it gives no release, or the cluster's own. */
const follows = (pool: RolloutCluster['nodePools'][number], cluster: RolloutCluster): boolean => pool.release === undefined || pool.release.image === cluster.release.image;

/**
 * The NodePool skew window after each wave: a pool with a release of its own stays where it is
 * while its control plane moves, so a control plane that leaves it more than N-3 behind is an
 * error in the wave that moves the control plane. One at N-3 after the rollout is a warning: the
 * next minor would push it out.
 */
function checkSkew(waves: readonly Omit<RolloutWave, 'surge'>[], byKey: ReadonlyMap<string, RolloutCluster>, targets: ReadonlyMap<string, ReleaseProps>, froms: ReadonlyMap<string, OcpVersion>, issues: IssueCollector): void {
  for (const wave of waves) {
    for (const key of wave.clusters) {
      const cluster = byKey.get(key)!;
      const to = releaseVersion(targets.get(key));
      const from = froms.get(key);
      // A cluster that does not move keeps its pools where its own check put them.
      if (!to || !from || compareVersions(from, to) === 0) continue;
      cluster.nodePools.forEach((pool, i) => {
        const version = follows(pool, cluster) ? undefined : releaseVersion(pool.release);
        if (!version) return;
        const problem = nodePoolSkewProblem(version, to);
        const path = `hostedClusters[${cluster.index}].nodePools[${i}].release`;
        if (problem) {
          issues.error(wave.path, `wave ${quote(wave.name)} moves hosted cluster ${key}'s control plane to ${formatVersion(to)}, and then NodePool ${pool.name} (${path}) is out of the skew window: ${problem.message}.`, `${problem.fix} Do it before wave ${quote(wave.name)} starts, or hold the cluster back.`);
        } else if (minorOrdinal(to) - minorOrdinal(version) === MAX_NODEPOOL_MINOR_SKEW) {
          issues.warn(path, `after wave ${quote(wave.name)}, NodePool ${pool.name} of ${key} (${formatVersion(version, false)}) is ${MAX_NODEPOOL_MINOR_SKEW} minor releases behind its control plane (${formatVersion(to, false)}): the next control-plane minor puts it outside the skew window.`, `Upgrade the NodePool (give it ${formatVersion(to, false)}, or no release of its own) before the next rollout.`);
        }
      });
    }
  }
}

/** Surge machines of a wave by management cluster: the pools that move with their cluster, on a platform whose machines the management side provides. */
function surgeOf(wave: Omit<RolloutWave, 'surge'>, byKey: ReadonlyMap<string, RolloutCluster>, targets: ReadonlyMap<string, ReleaseProps>, froms: ReadonlyMap<string, OcpVersion>): Record<string, number> {
  const surge: Record<string, number> = {};
  for (const key of wave.clusters) {
    const cluster = byKey.get(key)!;
    const from = froms.get(key);
    const to = releaseVersion(targets.get(key));
    if (!from || !to || compareVersions(from, to) === 0) continue;
    const machines = cluster.nodePools.filter((p) => follows(p, cluster)).reduce((sum, p) => sum + p.surge, 0);
    if (machines > 0) surge[cluster.managementCluster] = (surge[cluster.managementCluster] ?? 0) + machines;
  }
  return surge;
}

/** `maxSurgeMachines`: no wave adds more on one management cluster. */
function checkSurge(props: RolloutProps, waves: readonly RolloutWave[], issues: IssueCollector): void {
  if (props.maxSurgeMachines === undefined) return;
  for (const wave of waves) {
    for (const [mc, machines] of Object.entries(wave.surge)) {
      if (machines <= props.maxSurgeMachines) continue;
      issues.error(wave.path, `wave ${quote(wave.name)} upgrades NodePools that add ${machines} surge machines (VMs or spare agents) on management cluster ${mc} at once; rollout.maxSurgeMachines allows ${props.maxSurgeMachines}.`, 'Lower the wave\'s maxConcurrent, lower the pools\' replace.rollingUpdate.maxSurge, or raise maxSurgeMachines once the room is there.');
    }
  }
}

/**
 * The order against the previous output: with `reached` waves started, every wave but the last
 * started one must be at its target there (a wave starts only after the one before is delivered).
 * Not checked without a previous output.
 */
function checkOrder(waves: readonly RolloutWave[], reached: number, targets: ReadonlyMap<string, ReleaseProps>, previous: PreviousReleases | undefined, issues: IssueCollector): void {
  if (!previous || previous.size === 0) return;
  for (const wave of waves.slice(0, Math.max(0, reached - 1))) {
    const behind = wave.clusters.filter((key) => previous.get(key) !== targets.get(key)!.image);
    if (behind.length === 0) continue;
    const next = waves[waves.indexOf(wave) + 1];
    issues.error(
      P,
      `the rollout record (reports/${ROLLOUT_RECORD_FILE}) has wave ${quote(next.name)} started, but wave ${quote(wave.name)} is not in the previous output yet (${behind.slice(0, 5).join(', ')}${behind.length > 5 ? ', ...' : ''} not at the target).`,
      `Deliver wave ${quote(wave.name)} first: \`hcp-constructs rollout next\` starts one wave per commit. Restore reports/${ROLLOUT_RECORD_FILE} from version control.`,
    );
  }
}

/**
 * Each cluster's state and release now: waves before the last started one are done, that one is in
 * progress (its NodePools held when it is at its first step of two), the rest pending.
 */
function clusterPlans(clusters: readonly RolloutCluster[], waves: readonly RolloutWave[], reached: number, nodePoolsHeld: boolean, targets: ReadonlyMap<string, ReleaseProps>, froms: ReadonlyMap<string, OcpVersion>): Map<string, RolloutClusterPlan> {
  const waveOf = new Map(waves.flatMap((w, i) => w.clusters.map((c) => [c, i] as const)));
  return new Map(
    clusters.map((c) => {
      const i = waveOf.get(c.key);
      const target = targets.get(c.key)!;
      const state: RolloutState = i === undefined ? 'held-back' : i < reached - 1 ? 'done' : i === reached - 1 ? 'in-progress' : 'pending';
      const from = formatVersion(froms.get(c.key)!);
      return [
        c.key,
        {
          cluster: c.key,
          ...(i !== undefined ? { wave: waves[i].name } : {}),
          state,
          from,
          to: i === undefined ? from : formatVersion(releaseVersion(target)!),
          release: i !== undefined && i < reached ? target : c.release,
          ...(nodePoolsHeld && state === 'in-progress' ? { nodePoolsHeld } : {}),
          target,
        },
      ];
    }),
  );
}
