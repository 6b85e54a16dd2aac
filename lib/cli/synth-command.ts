/**
 * `synth`, `synth --check`, `synth --stdout` and `diff`: run the user's app with the library's
 * safe writer (only its own files, never a project folder, all or nothing) or in memory, and
 * say what changed against the output folder. Findings and warnings go to stderr; the summary,
 * the differences and the YAML of `--stdout` to stdout.
 */
import * as fs from 'fs';
import * as path from 'path';
import { HcpValidationError, formatIssues, throwIfErrors } from '../core/errors';
import type { ValidationIssue } from '../core/errors';
import { OutputFolderError, outputFolderProblem } from '../cdk8s/engine/output-folder';
import { isManifestFile } from '../cdk8s/engine/kustomization';
import { SynthOutput, synthInMemory, synthWithHooks } from '../cdk8s/engine/synth';
import { differences, synthSummary } from './change-report';
import { EXIT, ExitCode } from './exit-codes';
import { Define, loadApp } from './load-app';
import { OutputChanges, compareOutput } from './output-changes';
import { Progress } from './progress';
import { UserCodeError } from '../cdk8s/engine/user-stack';

export interface SynthOptions {
  readonly app?: string;
  readonly output?: string;
  readonly stdout?: boolean;
  readonly check?: boolean;
  /** List every file and cluster in the summary. */
  readonly verbose?: boolean;
}

export const warn = (message: string) => process.stderr.write(`hcp-constructs: warning: ${message}\n`);

/** `synth [app]`: writes (or checks, or prints) the app's output. */
export async function synthCommand(options: SynthOptions): Promise<ExitCode> {
  const { define, outdir } = await prepare(options.app, options.output, !options.stdout);
  if (options.stdout) {
    const output = inMemory(define, outdir, 'refuse');
    printWarnings(output.previous.findings);
    process.stdout.write(yamlStream(output));
    return EXIT.ok;
  }
  if (options.check) {
    const output = inMemory(define, outdir, 'refuse');
    const changes = compare(outdir, output);
    printDifferences(changes, outdir, output);
    const clean = changes.files.length === 0 && changes.refused.length === 0;
    if (!clean) process.stderr.write(`synth --check: ${shown(outdir)}/ is not what a synth writes now: run \`hcp-constructs synth\` and commit the result.\n`);
    return clean ? EXIT.ok : EXIT.failed;
  }
  return writeOutput(define, outdir, options.verbose);
}

/** Writes the app's output into `outdir` (all or nothing) and prints what changed. */
export function writeOutput(define: Define, outdir: string, verbose?: boolean): ExitCode {
  let changes: OutputChanges | undefined;
  const progress = new Progress();
  try {
    const result = synthWithHooks(outdir, define, {
      progress: progress.update,
      beforeCommit: (staged) => {
        progress.update({ phase: 'compare' });
        changes = compareOutput(outdir, readers(staged, (file) => fs.readFileSync(file, 'utf8')));
      },
    });
    progress.stop();
    printWarnings(result.warnings);
    process.stdout.write(
      `Synthesized ${result.files.length} file(s), ${result.objects} objects, ${result.warnings.length} warning(s) into ${shown(outdir)}/\n` +
        synthSummary(changes!, verbose ? Infinity : undefined) +
        [...result.upgrades, ...result.summary].map((line) => `${line}\n`).join(''),
    );
  } finally {
    progress.stop();
  }
  return EXIT.ok;
}

/**
 * `diff [app]`: what a synth would change in the output folder, object by object, and the versions
 * that move; then every finding against the previous output (a change the API server or the
 * operators would refuse). Writes nothing; exits 1 when a synth would refuse the change.
 */
export async function diffCommand(options: Pick<SynthOptions, 'app' | 'output'>): Promise<ExitCode> {
  const { define, outdir } = await prepare(options.app, options.output, true);
  const output = inMemory(define, outdir, 'show');
  const refused = printDifferences(compare(outdir, output), outdir, output);
  return refused ? EXIT.failed : EXIT.ok;
}

/**
 * The differences and the versions that move on stdout, then the findings against the previous
 * output on stderr; true when there are errors (a synth would refuse the change).
 */
function printDifferences(changes: OutputChanges, outdir: string, output: SynthOutput): boolean {
  const { findings, summary } = output.previous;
  process.stdout.write(differences(changes, shown(outdir)) + summary.map((line) => `${line}\n`).join(''));
  const errors = findings.filter((i) => i.severity === 'error');
  printWarnings(findings.filter((i) => i.severity === 'warning'));
  if (errors.length > 0) process.stderr.write(`A synth would fail: ${errors.length} problem(s) in the change.\n${formatIssues(errors)}\n`);
  return errors.length > 0;
}

/** Loads the app and settles the output folder: `-o`, else the app's own `runSynth(outdir, ...)`, else dist. */
export async function prepare(app: string | undefined, output: string | undefined, checkFolder: boolean): Promise<{ define: Define; outdir: string }> {
  if (output !== undefined && output.trim() === '') throw new OutputFolderError('the output folder is empty (""); it would be the working directory. Name a folder such as "dist".');
  if (output !== undefined && checkFolder) refuseFolder(path.resolve(output)); // before the app runs, as a synth does
  const loaded = await loadApp(app, warn);
  const outdir = path.resolve(output ?? loaded.outdir ?? 'dist');
  if (checkFolder) refuseFolder(outdir);
  return { define: guardUserCode(loaded.define), outdir };
}

function refuseFolder(outdir: string): void {
  const problem = outputFolderProblem(outdir);
  if (problem) throw new OutputFolderError(`refusing to write into ${outdir}: ${problem} Name a folder of its own, such as "dist".`);
}

/** The app's define function, with what it throws marked as the user's own (exit 3), findings aside. */
export function guardUserCode(define: Define): Define {
  return (app) => {
    try {
      define(app);
    } catch (error) {
      if (error instanceof HcpValidationError) throw error;
      throw new UserCodeError(error, 'in its define function');
    }
  };
}

/** Every object of `output` against the output folder (diff and --check). */
function compare(outdir: string, output: SynthOutput): OutputChanges {
  return compareOutput(outdir, readers(output.files), { everyObject: true });
}

/**
 * A synth in memory (changes judged against what the library wrote into `outdir`), with progress
 * on a terminal and the app's warnings on stderr. A change the previous state refuses fails it as
 * it fails a synth (`refuse`: `synth --check`, `--stdout`), or is left for `diff` to show after
 * the differences (`show`).
 */
function inMemory(define: Define, outdir: string, refused: 'refuse' | 'show'): SynthOutput {
  const progress = new Progress();
  try {
    const output = synthInMemory(define, { progress: progress.update }, outdir);
    progress.stop();
    if (refused === 'refuse') throwIfErrors([...output.warnings, ...output.previous.findings]);
    printWarnings(output.warnings);
    return output;
  } finally {
    progress.stop();
  }
}

function printWarnings(warnings: readonly ValidationIssue[]): void {
  if (warnings.length > 0) process.stderr.write(`Warnings:\n${formatIssues(warnings)}\n`);
}

/** Each file's name and a reader of its new content. */
function readers<T>(files: ReadonlyMap<string, T>, read: (value: T) => string = (value) => value as unknown as string): Map<string, () => string> {
  return new Map([...files].map(([name, value]) => [name, () => read(value)]));
}

/** The YAML files of a synth as one stream (reports and kustomization files are not manifests and are left out). */
function yamlStream(output: SynthOutput): string {
  return [...output.files]
    .filter(([name, content]) => isManifestFile(name) && content !== '')
    .map(([, content]) => content)
    .join('---\n');
}

/** A folder as the user sees it: relative to the working directory when inside it. */
function shown(dir: string): string {
  const relative = path.relative(process.cwd(), dir);
  return relative === '' || relative.startsWith('..') || path.isAbsolute(relative) ? dir : relative;
}
