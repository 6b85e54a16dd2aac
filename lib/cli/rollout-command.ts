/**
 * `rollout next [app]`: starts the next wave of the fleet's rollout, as one commit. It reads the
 * rollout's state in the output folder (`reports/rollout-state.json`, which only a synth writes),
 * refuses while the rollout is paused, complete, the current wave soaks, or the current wave is
 * not healthy (at its target in the output folder, and with `--kubeconfig` on the live management
 * clusters, each cluster on its own, read-only), then advances the state by one wave and synthesizes: the output gives the
 * target to that wave's clusters. With Flux delivery a wave takes two runs: the first moves its
 * control planes, the second (once they are at the target) its NodePools. A failed synth puts the
 * state back as it was.
 *
 * `rollout next --record <file>` (Pulumi stages): the same checks on the record alone (live with
 * `--kubeconfig`), and the advanced record on stdout; nothing is written.
 */
import * as fs from 'fs';
import * as path from 'path';
import { ROLLOUT_RECORD_FILE } from '../core/output-layout';
import { readManifest } from '../cdk8s/engine/output-folder';
import { previousReleaseImages } from '../cdk8s/engine/previous-output';
import { RolloutRecord, currentWave, nextWave, readRolloutRecord, rolloutRecordJson, waveInOutput, waveStepName } from '../fleet';
import { KubeClient } from '../live/kube-client';
import type { Connection } from '../live/kubeconfig';
import { parseManagementKubeconfigs, routeWave } from '../live/management-kubeconfigs';
import { liveWaveProblems } from '../live/rollout-health';
import { EXIT, ExitCode, UsageError } from './exit-codes';
import { prepare, writeOutput } from './synth-command';

export interface RolloutNextOptions {
  readonly app?: string;
  readonly output?: string;
  /** A record file to advance on stdout instead of the output folder's (Pulumi). */
  readonly record?: string;
  /** `--kubeconfig`, repeatable: `<management>=<file>`, or one file (see lib/live/management-kubeconfigs.ts). */
  readonly kubeconfig?: readonly string[];
  readonly context?: string;
  /** The time the wave starts (RFC 3339), for soak times; now by default. */
  readonly now?: string;
}

export async function rolloutNextCommand(options: RolloutNextOptions): Promise<ExitCode> {
  const now = options.now === undefined ? new Date() : new Date(options.now);
  if (Number.isNaN(now.getTime())) throw new UsageError(`--now ${JSON.stringify(options.now)} is not an RFC 3339 time.`);
  if (options.record !== undefined) return advanceRecordFile(options, now);
  const { define, outdir } = await prepare(options.app, options.output, true);
  const relative = `reports/${ROLLOUT_RECORD_FILE}`;
  const file = path.join(outdir, relative);
  // Only a file the library wrote is rewritten: the output folder's manifest lists it.
  if (!readManifest(outdir).includes(relative) || !fs.existsSync(file)) {
    throw new UsageError(`${file} is not a rollout state a synth wrote: synthesize the app with its rollout first (hcp-constructs synth), then run rollout next.`);
  }
  const before = fs.readFileSync(file, 'utf8');
  const record = readOrFail(before, file);
  const wave = currentWave(record);
  const live = await liveProblems(record, options);
  const unhealthy = wave ? [...waveInOutput(wave, previousReleaseImages(outdir)), ...live] : [];
  const next = nextWave(record, now, unhealthy);
  if ('refused' in next) return refuse(next.refused);
  fs.writeFileSync(file, rolloutRecordJson(next.record));
  try {
    const code = writeOutput(define, outdir);
    const step = next.step === 'wave' ? '' : next.step === 'control-planes' ? 'step 1 of 2, ' : 'step 2 of 2, ';
    process.stdout.write(`${next.step === 'node-pools' ? 'Moved' : 'Started'} wave ${waveStepName(next.started.name, next.step)} (${step}${Object.keys(next.started.clusters).length} cluster(s)), ${next.record.reached} of ${next.record.waves.length}: commit ${path.relative(process.cwd(), outdir) || '.'}/.\n`);
    return code;
  } catch (error) {
    // The synth wrote nothing: the state goes back to what the output folder holds.
    fs.writeFileSync(file, before);
    throw error;
  }
}

/** `--record <file>`: the advanced record on stdout. */
async function advanceRecordFile(options: RolloutNextOptions, now: Date): Promise<ExitCode> {
  let text: string;
  try {
    text = fs.readFileSync(options.record!, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${options.record} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
  }
  const record = readOrFail(text, options.record!);
  const next = nextWave(record, now, await liveProblems(record, options));
  if ('refused' in next) return refuse(next.refused);
  process.stdout.write(rolloutRecordJson(next.record));
  return EXIT.ok;
}

function readOrFail(text: string, file: string): RolloutRecord {
  const read = readRolloutRecord(text);
  if (!read.record) throw new UsageError(`${file}: ${read.issues.map((i) => i.message).join(' ')}`);
  return read.record;
}

/**
 * The live gate: with `--kubeconfig` always, each cluster of the current wave read on its own
 * management cluster; without one, a rollout whose gate is `live` cannot go on. The options are
 * checked even when no wave is started, so that a wrong one is said at once.
 */
async function liveProblems(record: RolloutRecord, options: RolloutNextOptions): Promise<string[]> {
  const wave = currentWave(record);
  if (options.kubeconfig === undefined || options.kubeconfig.length === 0) {
    if (options.context !== undefined) throw new UsageError(`--context ${options.context} is a context of --kubeconfig <file>, and no --kubeconfig is given: give the kubeconfig too.`);
    return wave && record.healthGate === 'live' ? ['the rollout\'s health gate is live (rollout.healthGate): give --kubeconfig of the management cluster (one per management cluster: --kubeconfig <management>=<file>) to check the wave there'] : [];
  }
  const { kubeconfigs, problems } = parseManagementKubeconfigs(options.kubeconfig, options.context);
  const routed = routeWave(kubeconfigs, { clusters: wave ? Object.keys(wave.clusters) : [], managementClusters: record.managementClusters });
  const all = [...problems, ...routed.problems];
  if (all.length > 0) throw new UsageError(all.length === 1 ? all[0] : `the kubeconfigs cannot be used:\n${all.map((p) => `  ${p}`).join('\n')}`);
  if (!wave) return [];
  // One client per management cluster: the clusters placed on it share its connection.
  const clients = new Map<Connection, KubeClient>();
  const readers = new Map<string, KubeClient | string>();
  for (const [cluster, reader] of routed.clusters) {
    if (typeof reader !== 'string' && !clients.has(reader)) clients.set(reader, new KubeClient(reader));
    readers.set(cluster, typeof reader === 'string' ? reader : clients.get(reader)!);
  }
  return liveWaveProblems(readers, wave.clusters);
}

function refuse(reasons: readonly string[]): ExitCode {
  process.stderr.write(`rollout next: nothing started (no wave, no NodePools step).\n${reasons.map((r) => (r.startsWith('  ') ? r : `  ${r}`)).join('\n')}\n`);
  return EXIT.failed;
}

