/**
 * Upgrades as a reviewed change: what moves from the objects applied last time (`previous`) to
 * the planned ones, in the order they are applied (chapter 6: the multicluster engine, then each
 * control plane, then its NodePools), and what the operators would refuse or what breaks the
 * version skew policy on the way. Pure functions of the two lists of objects; any value is read
 * without throwing (the previous objects come from files a person may have edited).
 */
import { ANNOTATIONS } from './defaults';
import type { ValidationIssue } from './errors';
import type { PlannedObject } from './plan-model';
import type { PreviousObjects, PreviousStateCheck } from './previous-state';
import { OcpVersion, compareVersions, formatVersion, minorOrdinal, nextMinor, parseReleaseImage } from './release';

/** The OLM package of the multicluster engine, whose Subscription channel is its version (`stable-2.7`). */
const MCE_PACKAGE = 'multicluster-engine';

/** One version that moves: the multicluster engine's channel or starting CSV, or a release. */
export interface VersionChange {
  /** `Subscription multicluster-engine/multicluster-engine`, `HostedCluster clusters/demo`, `NodePool clusters/demo-workers`. */
  readonly object: string;
  /** What moves, when it is not the release: `channel` or `startingCSV`. @default the release */
  readonly field?: string;
  /** The version (or image, or channel) before the change. */
  readonly from: string;
  /** The version, image or channel after the change. */
  readonly to: string;
  /** The upgrade is forced (`forceUpgradeTo` names the new release). @default false */
  readonly forced?: boolean;
}

/** A HostedCluster or NodePool as far as upgrades go. */
interface Release {
  readonly object: string;
  /** `namespace/name` of the HostedCluster (a NodePool's: its `clusterName`). */
  readonly cluster: string;
  readonly name: string;
  readonly image: string;
  readonly version?: OcpVersion;
  readonly networkType?: string;
  readonly forced?: string;
}

/** The releases and the MCE subscription among `objects`, by identity. */
interface Releases {
  readonly clusters: Map<string, Release>;
  readonly pools: Map<string, Release>;
  readonly mce?: { readonly object: string; readonly channel?: string; readonly startingCSV?: string };
}

const record = (value: unknown): Readonly<Record<string, unknown>> => (typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Record<string, unknown>) : {});
const string = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function releasesOf(objects: readonly unknown[]): Releases {
  const clusters = new Map<string, Release>();
  const pools = new Map<string, Release>();
  let mce: Releases['mce'];
  for (const object of objects) {
    const { apiVersion, kind, metadata, spec } = record(object);
    const [name, namespace] = [string(record(metadata).name), string(record(metadata).namespace) ?? ''];
    if (name === undefined) continue;
    const specRecord = record(spec);
    if (kind === 'Subscription' && specRecord.name === MCE_PACKAGE) {
      mce = { object: `Subscription ${namespace}/${name}`, channel: string(specRecord.channel), startingCSV: string(specRecord.startingCSV) };
      continue;
    }
    if (!string(apiVersion)?.startsWith('hypershift.openshift.io/') || (kind !== 'HostedCluster' && kind !== 'NodePool')) continue;
    const image = string(record(specRecord.release).image);
    if (image === undefined) continue;
    const parsed = parseReleaseImage(image);
    const version = typeof parsed === 'string' ? undefined : parsed.version;
    const common = { object: `${kind} ${namespace}/${name}`, name, image, ...(version ? { version } : {}) };
    if (kind === 'HostedCluster') {
      const networkType = string(record(specRecord.networking).networkType);
      const forced = string(record(record(metadata).annotations)[ANNOTATIONS.forceUpgradeTo]);
      clusters.set(`${namespace}/${name}`, { ...common, cluster: `${namespace}/${name}`, ...(networkType ? { networkType } : {}), ...(forced ? { forced } : {}) });
    } else {
      pools.set(`${namespace}/${name}`, { ...common, cluster: `${namespace}/${string(specRecord.clusterName) ?? ''}` });
    }
  }
  return { clusters, pools, ...(mce ? { mce } : {}) };
}

/** A release as people read it: the version of its tag, else the image itself. */
const shown = (release: Release) => (release.version ? formatVersion(release.version) : release.image);

/**
 * Every version that moves between `previous` and `planned`, in apply order: the multicluster
 * engine's channel and starting CSV, then per hosted cluster (by namespace and name) its
 * HostedCluster release and each of its NodePools' releases (by name). Objects added or removed
 * are not upgrades and are left out.
 */
export function versionChanges(previous: readonly unknown[], planned: readonly unknown[]): VersionChange[] {
  const [before, after] = [releasesOf(previous), releasesOf(planned)];
  const changes: VersionChange[] = [];
  if (before.mce && after.mce) {
    for (const field of ['channel', 'startingCSV'] as const) {
      const [from, to] = [before.mce[field], after.mce[field]];
      if (from !== to) changes.push({ object: after.mce.object, field, from: from ?? '(none)', to: to ?? '(none)' });
    }
  }
  const moved = (kind: 'clusters' | 'pools') =>
    [...after[kind].entries()].flatMap(([id, now]) => {
      const then = before[kind].get(id);
      if (!then || then.image === now.image) return [];
      return [{ now, change: { object: now.object, from: shown(then), to: shown(now), ...(now.forced === now.image ? { forced: true } : {}) } }];
    });
  const [clusters, pools] = [moved('clusters'), moved('pools')];
  const names = [...new Set([...clusters, ...pools].map((c) => c.now.cluster))].sort();
  for (const cluster of names) {
    changes.push(...clusters.filter((c) => c.now.cluster === cluster).map((c) => c.change));
    changes.push(
      ...pools
        .filter((p) => p.now.cluster === cluster)
        .sort((a, b) => (a.now.name < b.now.name ? -1 : 1))
        .map((p) => p.change),
    );
  }
  return changes;
}

/** The lines of the synth summary and of `diff` for `changes`; none when nothing moves. */
export function versionChangeLines(changes: readonly VersionChange[]): string[] {
  if (changes.length === 0) return [];
  return ['Upgrades (in apply order):', ...changes.map((c) => `  ${c.object}${c.field ? ` ${c.field}` : ''} ${c.from} -> ${c.to}${c.forced ? ' (forced)' : ''}`)];
}

const RELEASE_PATH = 'spec.release.image';

/**
 * What the operators refuse, or what breaks the version skew policy, in moving from `previous`
 * to `planned`. The skew of each planned NodePool against its planned HostedCluster is checked
 * with the cluster (validate.ts); these rules need the state that runs now: the control plane
 * runs the previous HostedCluster's release until its upgrade completes.
 */
export function upgradeFindings(previous: readonly unknown[], planned: readonly unknown[]): ValidationIssue[] {
  const [before, after] = [releasesOf(previous), releasesOf(planned)];
  const findings: ValidationIssue[] = [];
  const add = (severity: ValidationIssue['severity'], object: string, message: string, fix: string) => findings.push({ severity, object, path: RELEASE_PATH, message, fix });
  for (const [id, now] of after.clusters) {
    const then = before.clusters.get(id);
    if (then?.version && now.version) controlPlaneStep({ ...then, version: then.version }, { ...now, version: now.version }, add);
  }
  for (const [id, pool] of after.pools) {
    const running = before.clusters.get(pool.cluster)?.version;
    const target = after.clusters.get(pool.cluster)?.version;
    const then = before.pools.get(id)?.version;
    if (!pool.version) continue;
    const v = formatVersion(pool.version);
    if (running && target && compareVersions(pool.version, running) > 0 && compareVersions(pool.version, target) <= 0) {
      add(
        'warning',
        pool.object,
        `the NodePool moves to ${v} in the same change as its control plane, which runs ${formatVersion(running)} until its upgrade completes; nodes newer than their control plane are outside the version skew policy.`,
        `Apply the NodePool once the HostedCluster reports ${formatVersion(target)}: Argo CD does with the library's health checks (the NodePool's sync wave waits while the HostedCluster is Progressing); with Flux or kubectl, commit the control plane first and the NodePools in a second change.`,
      );
    }
    if (then && compareVersions(pool.version, then) < 0) {
      add('warning', pool.object, `the NodePool goes back from ${formatVersion(then)} to ${v}: OpenShift does not support downgrades, and its nodes are rebuilt on the older release.`, `Keep ${formatVersion(then)} or a later release, unless support asks for the downgrade.`);
    }
  }
  return findings;
}

/**
 * The upgrade rules as a previous-state check (one of core's, previous-state-checks.ts), so every adapter runs
 * them: a synth and `diff` against the output folder, a Pulumi preview against the engine's state.
 * Its summary lines are the versions that move.
 */
export const upgradeCheck: PreviousStateCheck = {
  name: 'upgrades',
  kinds: ['HostedCluster', 'NodePool'],
  // Its errors are a control plane's own step; the NodePool findings that read the cluster are warnings.
  scope: 'object',
  // The multicluster engine's Subscription moves in the summary (its channel) but has no rule.
  summaryKinds: ['Subscription'],
  check: (previous, planned) => withPropsPaths(upgradeFindings(...beforeAndAfter(previous, planned)), planned),
  summary: (previous, planned) => versionChangeLines(versionChanges(...beforeAndAfter(previous, planned))),
};

/** The findings with the props path the user wrote (`nodePools[1].release.image`), the rendered one beside it. */
function withPropsPaths(findings: readonly ValidationIssue[], planned: readonly PlannedObject[]): ValidationIssue[] {
  const paths = new Map(planned.map((p) => [`${p.object.kind} ${p.object.metadata.namespace}/${p.object.metadata.name}`, p.paths]));
  return findings.map((finding) => ({ ...finding, ...paths.get(finding.object)?.(finding.path) }));
}

/** The previous version of each planned object that has one, and the planned objects. */
function beforeAndAfter(previous: PreviousObjects, planned: readonly PlannedObject[]): [before: unknown[], after: unknown[]] {
  return [planned.flatMap((p) => previous.get(p) ?? []), planned.map((p) => p.object)];
}

type Add = (severity: ValidationIssue['severity'], object: string, message: string, fix: string) => void;

/**
 * One control plane's move: no downgrade to an earlier minor (the HyperShift operator refuses
 * it, `ValidReleaseImage`), one minor at a time (Kubernetes' skew policy: the API servers move
 * one minor per upgrade; OpenShift's update graph links adjacent minors only), and no minor
 * upgrade on OpenShiftSDN (the operator refuses it). A forced upgrade bypasses none of these.
 */
type Versioned = Release & { readonly version: OcpVersion };

function controlPlaneStep(then: Versioned, now: Versioned, add: Add): void {
  const [from, to] = [formatVersion(then.version), formatVersion(now.version)];
  const minors = minorOrdinal(now.version) - minorOrdinal(then.version);
  if (minors < 0) {
    add('error', now.object, `the control plane would go back from ${from} to ${to}: the HyperShift operator refuses a downgrade to an earlier minor release.`, `Keep release.image at ${from} or a later release.`);
  } else if (minors === 0 && now.version.patch < then.version.patch) {
    add('warning', now.object, `the control plane goes back from ${from} to ${to}: OpenShift does not support downgrades; the operator accepts this one only because the minor release stays the same.`, `Keep ${from} or a later release, unless support asks for the downgrade.`);
  } else if (minors > 1) {
    const between = nextMinor(then.version);
    add(
      'error',
      now.object,
      `the control plane would move from ${from} to ${to}, ${minors} minor releases in one step: a control plane moves one minor release per upgrade (the Kubernetes version skew policy).`,
      `Upgrade to a ${between} release first; once the HostedCluster reports it, move on to ${to}. NodePools may stay where they are meanwhile (up to 3 minor releases behind).`,
    );
  } else if (minors === 1 && then.networkType === 'OpenShiftSDN' && now.networkType === 'OpenShiftSDN') {
    add('error', now.object, `the control plane would move from ${from} to ${to} on OpenShiftSDN: the HyperShift operator refuses minor upgrades of OpenShiftSDN clusters.`, `Keep a ${formatVersion(then.version, false)} release; minor upgrades need the OVNKubernetes network type.`);
  }
}
