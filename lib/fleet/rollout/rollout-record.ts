/**
 * The rollout's state in git: `reports/rollout-state.json` in the output, written by every synth
 * and advanced by one wave by `hcp-constructs rollout next`. It holds what `rollout next` needs
 * without running the app: the waves, each cluster's target image, how many waves were started
 * and when the last one was, when each wave takes two steps, which step the last one is at, and
 * each cluster's management cluster. Read tolerantly: a broken record is one warning and counts as none.
 */
import { readJsonRecord, recordJson } from '../json-record';
import type { ValidationIssue } from '../../core/errors';
import { isPlainObject } from '../../core/schema';
import { ROLLOUT_HEALTH_GATES } from './rollout-props';
import { ROLLOUT_RECORD_FILE } from '../../core/output-layout';

/** One wave as the record keeps it. */
export interface RolloutRecordWave {
  /** Its name (`canary`, `<cohort>`, `<cohort>-2`). */
  readonly name: string;
  /** `namespace/name` → the release image the wave gives it. */
  readonly clusters: Readonly<Record<string, string>>;
  /** How long it soaks after it is started (a Go duration). @default none */
  readonly soak?: string;
}

/** What the next run, and `rollout next`, read. */
export interface RolloutRecord {
  /** The record's format. */
  readonly version: 1;
  /** The target release image: another target starts a new rollout. */
  readonly target: string;
  /** How many waves are started (0: none yet). */
  readonly reached: number;
  /** When the last wave was started (RFC 3339), by `rollout next`; with {@link nodePoolStep}, when its NodePools were moved. @default never */
  readonly startedAt?: string;
  /**
   * Each wave takes two `rollout next`: its control planes, then its NodePools (Flux delivery,
   * which applies a management cluster's HostedClusters and NodePools in one stage). A record
   * without it (Argo CD, Pulumi, or one written before) moves the NodePools with their wave.
   * @default false
   */
  readonly nodePoolStep?: boolean;
  /** The wave started last has moved its control planes only: its NodePools that follow their cluster stay at their release. @default false */
  readonly nodePoolsHeld?: boolean;
  /** `rollout.pause` as synthesized. */
  readonly paused: boolean;
  /** What `rollout next` checks before starting a wave. */
  readonly healthGate: (typeof ROLLOUT_HEALTH_GATES)[number];
  /** The waves, in order. */
  readonly waves: readonly RolloutRecordWave[];
  /**
   * Where each cluster of the waves is placed: `namespace/name` → its management cluster's name,
   * so that `rollout next` checks each one on its own management cluster. A record written before
   * it has none: the live gate then reads one management cluster for the whole wave.
   * @default none
   */
  readonly managementClusters?: Readonly<Record<string, string>>;
}

/** What one `rollout next` moves of a wave: all of it, its control planes (first of two steps), or its NodePools (second). */
export type WaveStep = 'wave' | 'control-planes' | 'node-pools';

/** What each of a wave's two steps moves, as people read it. */
export const WAVE_STEP_LABELS: Readonly<Record<Exclude<WaveStep, 'wave'>, string>> = { 'control-planes': 'control planes', 'node-pools': 'NodePools' };

/** The step as the report and the command name it: `east`, `east: control planes`, `east: NodePools`. */
export function waveStepName(wave: string, step: WaveStep): string {
  return step === 'wave' ? wave : `${wave}: ${WAVE_STEP_LABELS[step]}`;
}

/** Where the synth keeps the record, in the output folder's `reports/`. */
export { ROLLOUT_RECORD_FILE };

/** The record as JSON: keys sorted at every level, two-space indent, final newline. */
export function rolloutRecordJson(record: RolloutRecord): string {
  return recordJson(record);
}

/** The record in `text`; none for none, a warning and none for a broken one. */
export function readRolloutRecord(text: string | undefined): { record?: RolloutRecord; issues: readonly ValidationIssue[] } {
  const { value, issues } = readJsonRecord(text, rolloutRecordProblem, broken);
  return value ? { record: value as RolloutRecord, issues } : { issues };
}

function broken(why: string): ValidationIssue {
  return {
    severity: 'warning',
    object: 'rollout record',
    path: `reports/${ROLLOUT_RECORD_FILE}`,
    message: `the previous rollout record is unreadable: ${why}; the rollout starts again from its first wave (clusters already at the target stay there).`,
    fix: `Restore reports/${ROLLOUT_RECORD_FILE} from version control before synthesizing.`,
  };
}

const isWave = (w: unknown): boolean =>
  isPlainObject(w) &&
  typeof w.name === 'string' &&
  isPlainObject(w.clusters) &&
  Object.values(w.clusters).every((image) => typeof image === 'string') &&
  (w.soak === undefined || typeof w.soak === 'string');

/** What is wrong with a record's shape, or undefined. @internal */
export function rolloutRecordProblem(value: unknown): string | undefined {
  if (!isPlainObject(value)) return 'it is not an object';
  if (value.version !== 1) return `version ${JSON.stringify(value.version) ?? 'undefined'} is not 1`;
  if (typeof value.target !== 'string') return 'target is not a string';
  if (!Array.isArray(value.waves) || !value.waves.every(isWave)) return 'waves is not a list of { name, clusters }';
  if (!Number.isInteger(value.reached) || (value.reached as number) < 0 || (value.reached as number) > value.waves.length) return `reached is not a whole number from 0 to ${value.waves.length}`;
  if (typeof value.paused !== 'boolean') return 'paused is not true or false';
  if (!ROLLOUT_HEALTH_GATES.includes(value.healthGate as never)) return `healthGate is not one of ${ROLLOUT_HEALTH_GATES.join(', ')}`;
  for (const flag of ['nodePoolStep', 'nodePoolsHeld'] as const) {
    if (value[flag] !== undefined && typeof value[flag] !== 'boolean') return `${flag} is not true or false`;
  }
  if (value.nodePoolsHeld === true && (value.nodePoolStep !== true || value.reached === 0)) return 'nodePoolsHeld is true without nodePoolStep or a wave started';
  if (value.managementClusters !== undefined && !(isPlainObject(value.managementClusters) && Object.values(value.managementClusters).every((m) => typeof m === 'string'))) return 'managementClusters is not a map of namespace/name to a management cluster\'s name';
  if (value.startedAt !== undefined && (typeof value.startedAt !== 'string' || Number.isNaN(Date.parse(value.startedAt)))) return 'startedAt is not an RFC 3339 time';
  return undefined;
}
