/**
 * `rollout next` as a pure step: the record advanced by one wave, or why not (paused, complete,
 * the current wave soaking, or not healthy). The caller says what is unhealthy: the previous
 * output ({@link waveInOutput}) or the live clusters. With `nodePoolStep` (Flux delivery) a wave
 * takes two steps: its control planes, then, once they are at the target, its NodePools; the
 * soak counts from the second.
 */
import type { PreviousReleases } from './rollout-plan';
import type { RolloutRecord, RolloutRecordWave, WaveStep } from './rollout-record';

/** The wave started last; none before the first. */
export function currentWave(record: RolloutRecord): RolloutRecordWave | undefined {
  return record.reached > 0 ? record.waves[record.reached - 1] : undefined;
}

/** What keeps `wave` from being delivered in the previous output: each cluster whose HostedCluster is not at the wave's image. */
export function waveInOutput(wave: RolloutRecordWave, releases: PreviousReleases): string[] {
  return Object.entries(wave.clusters).flatMap(([cluster, image]) => {
    const found = releases.get(cluster);
    if (found === image) return [];
    return [found === undefined ? `${cluster}: no HostedCluster in the previous output` : `${cluster}: the previous output has ${found}, not ${image}`];
  });
}

const UNIT_MS: Readonly<Record<string, number>> = { ns: 1e-6, us: 1e-3, µs: 1e-3, ms: 1, s: 1_000, m: 60_000, h: 3_600_000 };

/** Milliseconds of a Go duration (`24h`, `1h30m`); undefined when it is not one. */
export function durationMs(text: string): number | undefined {
  if (!/^(\d+(\.\d+)?(ns|us|µs|ms|s|m|h))+$/.test(text)) return undefined;
  let total = 0;
  for (const [, amount, , unit] of text.matchAll(/(\d+(\.\d+)?)(ns|us|µs|ms|s|m|h)/g)) total += Number(amount) * UNIT_MS[unit];
  return total;
}

/** The outcome of `rollout next`: the advanced record and what it moves, or the reasons it refuses. */
export type NextWave = { readonly record: RolloutRecord; readonly started: RolloutRecordWave; readonly step: WaveStep } | { readonly refused: readonly string[] };

/**
 * Advances `record` by one wave at `now` (or, when the current wave holds its NodePools, by that
 * wave's second step), unless it is paused, complete, its current wave still soaks, or `unhealthy`
 * lists problems of the current wave.
 */
export function nextWave(record: RolloutRecord, now: Date, unhealthy: readonly string[]): NextWave {
  if (record.paused) return { refused: ['the rollout is paused (rollout.pause is true): no wave starts until it is false and synthesized again.'] };
  const current = currentWave(record);
  if (current && record.nodePoolsHeld) {
    // The second step: the control planes must be at the target first; no soak between the steps.
    if (unhealthy.length > 0) return { refused: [`the control planes of wave "${current.name}" are not at the target yet, so its NodePools stay:`, ...unhealthy.map((p) => `  ${p}`)] };
    const { nodePoolsHeld: _held, ...rest } = record;
    return { record: { ...rest, startedAt: now.toISOString() }, started: current, step: 'node-pools' };
  }
  if (record.reached >= record.waves.length) return { refused: [`every wave of the rollout to ${record.target} is started (${record.waves.length} of ${record.waves.length}): the rollout is complete.`] };
  const refused: string[] = [];
  if (current?.soak !== undefined && record.startedAt !== undefined) {
    const until = Date.parse(record.startedAt) + (durationMs(current.soak) ?? 0);
    if (now.getTime() < until) refused.push(`wave "${current.name}" soaks for ${current.soak} from ${record.startedAt}, until ${new Date(until).toISOString()}.`);
  }
  if (current && unhealthy.length > 0) refused.push(`wave "${current.name}" is not healthy yet:`, ...unhealthy.map((p) => `  ${p}`));
  if (refused.length > 0) return { refused };
  const started = record.waves[record.reached];
  const advanced = { ...record, reached: record.reached + 1, startedAt: now.toISOString() };
  return record.nodePoolStep ? { record: { ...advanced, nodePoolsHeld: true }, started, step: 'control-planes' } : { record: advanced, started, step: 'wave' };
}
