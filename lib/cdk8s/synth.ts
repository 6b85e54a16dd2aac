/** Synthesis that never leaves partial output: validate everything, write to a staging folder, then swap. */
import * as fs from 'fs';
import * as path from 'path';
import { ApiObject, App, Chart, DependencyGraph, Names, Yaml } from 'cdk8s';
import { HcpValidationError, ValidationIssue, formatIssues } from '../core';
import { collectIssues } from './render';

export interface SynthResult {
  readonly outdir: string;
  /** Files written, relative to outdir, sorted. */
  readonly files: readonly string[];
  /** Number of Kubernetes objects written. */
  readonly objects: number;
  readonly warnings: readonly ValidationIssue[];
}

export interface SynthesizedChart {
  /** File name without extension, as cdk8s names it for one file per chart. */
  readonly name: string;
  readonly documents: readonly unknown[];
}

/**
 * Synthesizes every chart of `app` in one pass, with the same output as cdk8s's one file per
 * chart. cdk8s resolves dependencies and validates the whole app again for every chart, which
 * grows with the square of the number of charts (minutes for a fleet of a thousand clusters);
 * here both happen once, so time grows linearly.
 */
export function synthesizeCharts(app: App): SynthesizedChart[] {
  const before = app.charts;
  if (before.length === 0) return [];
  // Any chart's toJson() resolves dependencies and validates the whole app: do it once.
  const firstDocuments = before[0].toJson();
  const charts = app.charts; // sorted again, now with the dependencies between charts
  const indexed = charts.some((chart) => chart.node.dependencies.some((dependency) => dependency instanceof Chart));
  return charts.map((chart, index) => {
    const documents =
      chart === before[0]
        ? firstDocuments
        : new DependencyGraph(chart.node)
            .topology()
            .filter((c): c is ApiObject => c instanceof ApiObject && Chart.of(c) === chart)
            .map((object) => object.toJson());
    const label = Names.toDnsLabel(chart);
    return { name: indexed ? `${String(index).padStart(4, '0')}-${label}` : label, documents };
  });
}

/**
 * Builds an App with `define`, validates every construct, and only then replaces `outdir` with
 * one `<chart>.yaml` per chart. On any error `outdir` is left exactly as it was and an
 * {@link HcpValidationError} (or the original error) is thrown.
 */
export function synthAtomically(outdir: string, define: (app: App) => void): SynthResult {
  const target = path.resolve(outdir);
  const parent = path.dirname(target);
  fs.mkdirSync(parent, { recursive: true });
  const staging = fs.mkdtempSync(path.join(parent, `.${path.basename(target)}-staging-`));
  try {
    const app = new App({ outdir: staging });
    define(app);
    const issues = collectIssues(app);
    if (issues.some((i) => i.severity === 'error')) throw new HcpValidationError(issues);
    let objects = 0;
    for (const chart of synthesizeCharts(app)) {
      fs.writeFileSync(path.join(staging, `${chart.name}.yaml`), Yaml.stringify(...chart.documents));
      objects += chart.documents.length;
    }
    const files = fs.readdirSync(staging).sort();
    const previous = fs.existsSync(target) ? `${staging}-previous` : undefined;
    if (previous) fs.renameSync(target, previous);
    fs.renameSync(staging, target);
    if (previous) fs.rmSync(previous, { recursive: true, force: true });
    return { outdir: target, files, objects, warnings: issues.filter((i) => i.severity === 'warning') };
  } finally {
    fs.rmSync(staging, { recursive: true, force: true });
  }
}

/** Prints a validation failure as a list (no stack trace) and returns the exit code to use. */
export function reportFailure(error: unknown, stream: NodeJS.WritableStream = process.stderr): number {
  if (error instanceof HcpValidationError) {
    const errors = error.issues.filter((i) => i.severity === 'error');
    stream.write(`Synthesis failed: ${errors.length} problem(s) in the input. Nothing was written.\n${formatIssues(errors)}\n`);
    return 1;
  }
  stream.write(`Synthesis failed: ${error instanceof Error ? error.message : String(error)}\n`);
  return 2;
}

/**
 * The body of a synth program: runs {@link synthAtomically}, prints a short summary (or the
 * problems) and returns the process exit code.
 */
export function runSynth(outdir: string, define: (app: App) => void): number {
  try {
    const result = synthAtomically(outdir, define);
    const relative = path.relative(process.cwd(), result.outdir) || '.';
    process.stdout.write(
      `Synthesized ${result.files.length} hosted cluster file(s), ${result.objects} objects, ${result.warnings.length} warning(s) into ${relative}/\n` +
        result.files.map((f) => `  ${f}\n`).join(''),
    );
    if (result.warnings.length > 0) process.stdout.write(`Warnings:\n${formatIssues(result.warnings)}\n`);
    return 0;
  } catch (error) {
    return reportFailure(error);
  }
}
