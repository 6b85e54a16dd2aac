/** Synthesis that never leaves partial output: validate everything, then write only the library's own files. */
import * as fs from 'fs';
import * as path from 'path';
import { ApiObject, App, Chart, Names } from 'cdk8s';
import type { PreviousStateReview, Target, ValidationIssue } from '../../core';
import { HcpValidationError, formatIssues, throwIfErrors } from '../../core/errors';
import { MANAGEMENT_CLUSTER, targetKey } from '../../core/plan-model';
import { DOCUMENT_SEPARATOR, PREVIOUS_STATE_CHECKS, previousKinds, reviewAgainstPrevious, toYamlStream } from './lazy';
import { OutputFolderError, OwnedFolderWrite, outputFolderProblem, resolveOutdir } from './output-folder';
import { AppState, appState } from './app-state';
import { collectIssues } from './issues';
import { STAGES, Stage, outputFolder, stageOf, targetFolder } from '../../core/output-layout';
import { KUSTOMIZATION_FILE, kustomizationFiles } from './kustomization';
import { readPreviousOutput } from './previous-output';
import { AppReports, appReports } from './reports';
import { ThreadedSchemaChecks } from './schema-checks';
import { synthesisOrder } from './synthesis-order';
import { userStack } from './user-stack';
import type { PrerenderedFile } from './prerendered-chart';
import { plannedDocument } from './planned-document';
import { YamlWriters, writerThreadCount } from './yaml-writers';
import { byText } from '../../core/text-order';

/** What {@link synthAtomically} wrote, with the warnings and summary lines it reports. */
export interface SynthResult {
  /** The output folder, as an absolute path. */
  readonly outdir: string;
  /** Files written, relative to outdir, sorted. */
  readonly files: readonly string[];
  /** Files an earlier synth wrote that this one no longer produces, now removed. */
  readonly removed: readonly string[];
  /** Number of Kubernetes objects written. */
  readonly objects: number;
  /** Every warning of the app and of its review against the previous output (with an error the synth throws and writes nothing). */
  readonly warnings: readonly ValidationIssue[];
  /** Lines the app's reports add to the summary (the management cluster's capacity). */
  readonly summary: readonly string[];
  /**
   * The versions that move against the previous output, in apply order (`Upgrades (in apply order):`
   * first); empty when none does. The summary lines of the previous-state checks.
   */
  readonly upgrades: readonly string[];
}

/** One chart's documents for one target and folder, as {@link synthesizeCharts} gives them. */
export interface SynthesizedChart {
  /** File name without extension, as cdk8s names it for one file per chart. */
  readonly name: string;
  /** The cluster these documents are applied to; a chart with objects for several targets gives one entry each. */
  readonly target: Target;
  /**
   * The folder the synth writes them into: the target's (`management/`, `management-<name>/`,
   * `hosted-<namespace>-<name>/`), or one a planner asked for (an edge site's); inside it, each
   * document goes to the stage sub-folder of its phase (see `STAGES`).
   */
  readonly folder: string;
  /** The chart's objects for that target and folder as plain JSON, in cdk8s's order. */
  readonly documents: readonly unknown[];
}

export { outputFolder, targetFolder } from '../../core/output-layout';

/**
 * Synthesizes every chart of `app` in one pass, with the same documents as cdk8s's one file per
 * chart, split by target. cdk8s resolves dependencies and validates the whole app again for
 * every chart, which grows with the square of the number of charts (minutes for a fleet of a
 * thousand clusters); here both happen once, so time grows linearly.
 */
export function synthesizeCharts(app: App): SynthesizedChart[] {
  return [...eachSynthesizedChart(app)];
}

/**
 * {@link synthesizeCharts} one chart at a time, so a caller that writes each chart at once never
 * holds the documents of the whole fleet in memory.
 */
export function* eachSynthesizedChart(app: App): Generator<SynthesizedChart> {
  for (const group of chartGroups(app)) {
    const documents = group.prerendered ? group.prerendered.flatMap((file) => file.objects.map(plannedDocument)) : group.objects.map((o) => o.toJson());
    yield { name: group.name, target: group.target, folder: group.folder, documents };
  }
}

/** One chart's objects for one target and folder, in cdk8s's order: what {@link synthesizeCharts} returns. */
interface ChartGroup {
  readonly name: string;
  readonly target: Target;
  readonly folder: string;
  readonly objects: readonly ApiObject[];
  /** A prerendered chart's files of this target and folder (it has no ApiObjects). */
  readonly prerendered?: readonly PrerenderedFile[];
}

/** The objects of one output file, `<folder>/<stage>/<name>.yaml`: a chart group's objects of one stage. */
interface ChartFile extends ChartGroup {
  readonly stage: Stage;
  /** The YAML documents of a prerendered chart's file, instead of objects. */
  readonly yaml?: readonly string[];
}

/** The stage sub-folder of an ApiObject: its planned phase's; the last for one no plan rendered (the user's own). */
function stageOfObject(state: AppState, object: ApiObject): Stage {
  const phase = state.phaseOf(object);
  return phase === undefined ? LAST_STAGE : stageOf(phase);
}
const LAST_STAGE: Stage = STAGES[STAGES.length - 1];

/** Every chart's objects per target and folder (a chart with objects for several targets gives one group each), before any object is rendered. */
function chartGroups(app: App): ChartGroup[] {
  const state = appState(app);
  state.complete();
  const constructs = app.node.findAll();
  const first = constructs.find((c): c is Chart => c instanceof Chart);
  if (!first) return [];
  // Any chart's toJson() resolves dependencies and validates the whole app: do it once.
  first.toJson();
  const order = synthesisOrder(app, constructs);
  const groups: ChartGroup[] = [];
  for (const [index, chart] of order.charts.entries()) {
    const label = Names.toDnsLabel(chart);
    const name = order.chartsDependOnEachOther ? `${String(index).padStart(4, '0')}-${label}` : label;
    const files = state.prerendered.get(chart);
    if (files) {
      const byFolder = new Map<string, PrerenderedFile[]>();
      for (const file of files) {
        const key = `${targetKey(file.target)}:${file.folder}`;
        if (!byFolder.has(key)) byFolder.set(key, []);
        byFolder.get(key)!.push(file);
      }
      for (const same of byFolder.values()) groups.push({ name, target: same[0].target, folder: same[0].folder, objects: [], prerendered: same });
      if (byFolder.size > 0) continue;
    }
    const byTarget = new Map<string, { target: Target; folder: string; objects: ApiObject[] }>();
    for (const object of order.objectsOf(chart)) {
      const target = state.targetOf(object);
      const folder = outputFolder(target, state.folderOf(object));
      const key = `${targetKey(target)}:${folder}`;
      if (!byTarget.has(key)) byTarget.set(key, { target, folder, objects: [] });
      byTarget.get(key)!.objects.push(object);
    }
    if (byTarget.size === 0) groups.push({ name, target: MANAGEMENT_CLUSTER, folder: targetFolder(MANAGEMENT_CLUSTER), objects: [] });
    for (const group of byTarget.values()) groups.push({ name, ...group });
  }
  return groups;
}

/**
 * Every output file: each chart group split by the stage of its objects (a chart whose objects
 * span stages gives a file of the same name in each stage folder; an empty chart, an empty file
 * in the last stage), in stage order.
 */
function chartFiles(app: App): ChartFile[] {
  const state = appState(app);
  return chartGroups(app).flatMap((group): ChartFile[] => {
    if (group.prerendered) {
      const byStage = new Map(group.prerendered.map((file) => [file.stage, file]));
      return STAGES.filter((stage) => byStage.has(stage)).map((stage) => ({ ...group, stage, yaml: byStage.get(stage)!.documents }));
    }
    const byStage = new Map<Stage, ApiObject[]>();
    for (const object of group.objects) {
      const stage = stageOfObject(state, object);
      if (!byStage.has(stage)) byStage.set(stage, []);
      byStage.get(stage)!.push(object);
    }
    if (byStage.size === 0) return [{ ...group, stage: LAST_STAGE }];
    return STAGES.filter((stage) => byStage.has(stage)).map((stage) => ({ ...group, stage, objects: byStage.get(stage)! }));
  });
}

/** The chart id whose file name the library's own kustomization files take. */
const RESERVED_CHART = 'kustomization';

/** A finding for each chart that would write a file named like the library's kustomization files. */
function reservedChartIssues(app: App): ValidationIssue[] {
  return app.node
    .findAll()
    .filter((c): c is Chart => c instanceof Chart && Names.toDnsLabel(c) === RESERVED_CHART)
    .map((chart) => ({
      severity: 'error' as const,
      object: `Chart ${chart.node.path}`,
      path: 'id',
      message: `the chart id "${RESERVED_CHART}" is reserved: its file would be ${KUSTOMIZATION_FILE}, the name of the kustomization file the synth writes into every output folder and stage folder.`,
      fix: `Give the chart another id, such as "${RESERVED_CHART}-objects".`,
    }));
}

/**
 * What the `hcp-constructs` command watches of a synth (internal: not exported from the entry
 * point). `progress` hears each phase and each file written; `beforeCommit` gets every file's
 * staged path (its new content) before anything moves into place, and aborts the write by throwing.
 */
export interface SynthHooks {
  readonly progress?: (event: SynthProgress) => void;
  readonly beforeCommit?: (staged: ReadonlyMap<string, string>) => void;
}

export type SynthProgress = { readonly phase: 'app' | 'checks' } | { readonly phase: 'write'; readonly done: number; readonly total: number };

/** An app that is defined and validated: its files (by name in the output folder), reports and findings. */
interface PreparedSynth {
  readonly app: App;
  readonly charts: ReadonlyMap<string, ChartFile>;
  /** The kustomization file of every folder and stage folder the charts are written into, by name. */
  readonly kustomizations: ReadonlyMap<string, string>;
  readonly reports: AppReports;
  readonly warnings: readonly ValidationIssue[];
}

/**
 * Builds the App with `define`, collects every finding and throws HcpValidationError on any
 * error, with the changes the API server would refuse against what the library wrote into
 * `previousDir` last time (when there are no errors, those are judged once the output is known,
 * so that unchanged files are not read: see {@link againstPrevious}).
 */
function prepareSynth(outdir: string, define: (app: App) => void, hooks: SynthHooks, previousDir: string | undefined): PreparedSynth {
  const { app, reports, warnings } = planApp(define, hooks, previousDir, outdir);
  const charts = new Map<string, ChartFile>();
  for (const file of chartFiles(app)) {
    const name = `${file.folder}/${file.stage}/${file.name}.yaml`;
    if (charts.has(name)) throw new Error(`two charts would both write ${name}: give one of them another id.`);
    charts.set(name, file);
  }
  return { app, charts, kustomizations: kustomizationFiles(charts.keys()), reports, warnings };
}

/**
 * Builds the App with `define` and checks every construct, writing nothing: the plan of a synth
 * (`appState(app).plan`) with its reports and warnings. Throws {@link HcpValidationError} on any
 * error, with what the previous output in `previousDir` finds. A preflight reads its plan here.
 */
export function planApp(define: (app: App) => void, hooks: SynthHooks = {}, previousDir?: string, outdir = path.resolve('dist')): { app: App; reports: AppReports; warnings: ValidationIssue[] } {
  const app = new App({ outdir });
  const state = appState(app);
  const checks = ThreadedSchemaChecks.start();
  state.synth = { previousDir, schemaChecks: checks };
  let issues: ValidationIssue[];
  let reports: AppReports;
  try {
    hooks.progress?.({ phase: 'app' });
    define(app);
    state.complete();
    hooks.progress?.({ phase: 'checks' });
    reports = appReports(app);
    // Waits for the schema checks still running in their thread.
    issues = [...collectIssues(app), ...reports.issues, ...reservedChartIssues(app)];
  } finally {
    checks?.close();
  }
  if (issues.some((i) => i.severity === 'error')) throw new HcpValidationError([...issues, ...againstPrevious(app, previousDir).findings]);
  return { app, reports, warnings: issues.filter((i) => i.severity === 'warning') };
}

/**
 * Every layer's previous-state checks (lib/previous-state) on the app's plan, against what the
 * library wrote into `previousDir`: the transition rules, the upgrade rules (with the versions
 * that move), the restore rule and an edge site's identity. `nextContent` gives a file's new content when known, and a file that has not changed
 * is not read further (its objects are as applied). Files that could not be read come first, as warnings.
 */
function againstPrevious(app: App, previousDir: string | undefined, nextContent?: (file: string) => string | undefined): PreviousStateReview {
  if (previousDir === undefined) return { findings: [], summary: [] };
  const previous = readPreviousOutput(previousDir, previousKinds(PREVIOUS_STATE_CHECKS), nextContent);
  const review = reviewAgainstPrevious(previous.objects, appState(app).plan.objects, PREVIOUS_STATE_CHECKS);
  return { findings: [...previous.warnings, ...review.findings], summary: review.summary };
}

/**
 * Builds an App with `define`, validates every construct, and only then writes one
 * `<folder>/<stage>/<chart>.yaml` per chart, target and stage into the output folder (`outdir`,
 * else `$CDK8S_OUTDIR` when set and not empty, else `dist`), and a `kustomization.yaml` into
 * every folder (listing its stages) and stage folder (listing its files). Only files an
 * earlier synth wrote are replaced or removed; every other file in the folder is left alone. On
 * any error nothing changes and an {@link HcpValidationError}, {@link OutputFolderError} or the
 * original error is thrown. A change to an object the library wrote there last time that the API
 * server would refuse (a transition rule of its CRD, such as a NodePool's upgradeType) is such an
 * error. Big apps write their YAML on several cores (see yaml-writers.ts);
 * `HCP_SYNTH_THREADS=0` keeps it in one thread.
 */
export function synthAtomically(outdir: string | undefined, define: (app: App) => void): SynthResult {
  return synthWithHooks(outdir, define, {});
}

/** {@link synthAtomically}, telling `hooks` how it goes (the `hcp-constructs` command's progress and change summary). */
export function synthWithHooks(outdir: string | undefined, define: (app: App) => void, hooks: SynthHooks): SynthResult {
  const target = path.resolve(resolveOutdir(outdir));
  // Refuse a project folder before the user's code runs, so nothing at all happens.
  const problem = outputFolderProblem(target);
  if (problem) throw new OutputFolderError(`refusing to write into ${target}: ${problem} Name a folder of its own, such as "dist".`);
  const prepared = prepareSynth(target, define, hooks, target);
  const { charts, kustomizations, reports } = prepared;
  let warnings = prepared.warnings;
  const write = OwnedFolderWrite.begin(target, [...reports.files.keys(), ...kustomizations.keys(), ...charts.keys()]);
  let writers: YamlWriters | undefined;
  let objects = 0;
  let upgrades: readonly string[] = [];
  try {
    writers = new YamlWriters(writerThreadCount(charts.size));
    const staged = new Map<string, string>();
    for (const [name, content] of [...reports.files, ...kustomizations]) {
      write.stage(name, content);
      staged.set(name, write.stagingPath(name));
    }
    for (const [name, file] of charts) {
      staged.set(name, write.stagingPath(name));
      writers.write(staged.get(name)!, file.yaml ? file.yaml.join(DOCUMENT_SEPARATOR) : file.objects.map((o) => o.toJson()), name);
      objects += file.yaml?.length ?? file.objects.length;
      hooks.progress?.({ phase: 'write', done: staged.size - reports.files.size - kustomizations.size, total: charts.size });
    }
    writers.finish();
    // The previous state: what the library wrote last time, against what it writes now.
    const read = (name: string) => (staged.has(name) ? fs.readFileSync(staged.get(name)!, 'utf8') : undefined);
    const review = againstPrevious(prepared.app, target, read);
    warnings = throwIfErrors([...warnings, ...review.findings]);
    upgrades = review.summary;
    hooks.beforeCommit?.(staged);
  } catch (error) {
    try {
      writers?.settle();
    } finally {
      writers?.close();
      write.abort();
    }
    throw error;
  }
  writers.close();
  const { written, removed } = write.commit();
  return { outdir: target, files: written, removed, objects, warnings, summary: reports.summary, upgrades };
}

/** What a synth would write, in memory: each file's content by its name in the output folder. */
export interface SynthOutput {
  readonly files: ReadonlyMap<string, string>;
  readonly objects: number;
  /** The app's warnings (those of the previous state are in `previous`). */
  readonly warnings: readonly ValidationIssue[];
  readonly summary: readonly string[];
  /** The change judged against the previous output: its findings, errors included, and the versions that move. */
  readonly previous: PreviousStateReview;
}

/**
 * The files {@link synthAtomically} would write, byte for byte, without touching any folder
 * (`synth --check`, `diff` and `--stdout` of the `hcp-constructs` command). Throws on the app's
 * errors as it does; changes are judged against what the library wrote into `previousDir` last
 * time, when given, and what that finds is returned in `previous`, errors too, not thrown: `diff`
 * shows a refused change after the differences, while `synth --check` refuses it as a synth does.
 */
export function synthInMemory(define: (app: App) => void, hooks: SynthHooks = {}, previousDir?: string): SynthOutput {
  const prepared = prepareSynth(path.resolve('dist'), define, hooks, previousDir);
  const files = new Map([...prepared.reports.files, ...prepared.kustomizations]);
  let objects = 0;
  for (const [name, file] of prepared.charts) {
    files.set(name, file.yaml ? file.yaml.join(DOCUMENT_SEPARATOR) : toYamlStream(file.objects.map((o) => o.toJson())));
    objects += file.yaml?.length ?? file.objects.length;
  }
  const previous = againstPrevious(prepared.app, previousDir, (name) => files.get(name));
  const sorted = new Map([...files].sort(([a], [b]) => byText(a, b)));
  return { files: sorted, objects, warnings: prepared.warnings, summary: prepared.reports.summary, previous };
}

/**
 * Prints why a synth failed and returns the exit code: the problems of the input as a list, a
 * refused output folder, or any other error with its stack trimmed to the user's files.
 */
export function reportFailure(error: unknown, stream: { write(text: string): unknown } = process.stderr): number {
  if (error instanceof HcpValidationError) {
    const errors = error.issues.filter((i) => i.severity === 'error');
    stream.write(`Synthesis failed: ${errors.length} problem(s) in the input. Nothing was written.\n${formatIssues(errors)}\n`);
    return 1;
  }
  if (error instanceof OutputFolderError) {
    stream.write(`Synthesis refused: ${error.message} Nothing was written.\n`);
    return 2;
  }
  // Most often the user's own code threw (in the define function): show where, in their files.
  stream.write(`Synthesis failed: ${userStack(error, { hint: '`npx hcp-constructs synth --verbose` shows them' })}`);
  return 2;
}

/**
 * Set on `globalThis` by the `hcp-constructs` command while it loads an app: {@link runSynth}
 * then hands the command its `define` (and output folder) instead of synthesizing, so an app
 * written for `cdk8s synth` also runs under the command, with `--check` and `diff`.
 */
export const RUN_SYNTH_CAPTURE = Symbol.for('hcp-constructs.run-synth-capture');
export type RunSynthCapture = (outdir: string | undefined, define: (app: App) => void) => void;

/**
 * The body of a synth program: runs {@link synthAtomically}, prints a short summary and any
 * warnings (or the problems) to stderr, and returns the process exit code. stderr, because
 * `cdk8s synth` discards the app's stdout and passes its stderr through. Without `outdir` it
 * writes where `cdk8s synth` asks (`$CDK8S_OUTDIR`), else into `dist`.
 */
export function runSynth(define: (app: App) => void): number;
/** {@link runSynth} writing into `outdir`; when it is undefined, where `cdk8s synth` asks, else into `dist`. */
export function runSynth(outdir: string | undefined, define: (app: App) => void): number;
export function runSynth(first: string | undefined | ((app: App) => void), second?: (app: App) => void): number {
  const [outdir, define] = typeof first === 'function' ? [undefined, first] : [first, second!];
  const capture = (globalThis as Record<symbol, unknown>)[RUN_SYNTH_CAPTURE];
  if (typeof capture === 'function') {
    (capture as RunSynthCapture)(outdir, define);
    return 0;
  }
  try {
    const result = synthAtomically(outdir, define);
    const relative = path.relative(process.cwd(), result.outdir);
    process.stderr.write(
      `Synthesized ${result.files.length} file(s), ${result.objects} objects, ${result.warnings.length} warning(s) into ${relative}/\n` +
        result.files.map((f) => `  ${f}\n`).join('') +
        result.removed.map((f) => `  ${f} (removed: no longer produced)\n`).join('') +
        [...result.upgrades, ...result.summary].map((line) => `${line}\n`).join(''),
    );
    if (result.warnings.length > 0) process.stderr.write(`Warnings:\n${formatIssues(result.warnings)}\n`);
    return 0;
  } catch (error) {
    return reportFailure(error);
  }
}
