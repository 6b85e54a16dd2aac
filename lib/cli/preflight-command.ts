/**
 * `preflight [app] --kubeconfig <file>`: runs the app in memory (nothing is written), takes the
 * objects it applies to one management cluster, and judges them against that cluster with the
 * read-only checks of lib/live. What each check read goes to stdout, the findings to stderr;
 * the exit code is validate's (1 when a finding is an error).
 */
import type { App } from 'cdk8s';
import type { PlannedObject, Target } from '../core';
import { describeTarget, formatIssues, targetKey } from '../core';
import type { ControlPlaneNodeSettings } from '../management/nodes';
import { planApp } from '../cdk8s/engine/synth';
import { appState } from '../cdk8s/engine/app-state';
import { PreflightPlan, PreflightReport, preflight } from '../live/preflight';
import { KubeconfigError } from '../live/kubeconfig';
import { EXIT, ExitCode, UsageError } from './exit-codes';
import { loadApp } from './load-app';
import { guardUserCode, warn } from './synth-command';

export interface PreflightCommandOptions {
  readonly app?: string;
  readonly kubeconfig?: string;
  readonly context?: string;
  /** The management cluster of the app to check, when it has several (a fleet's). */
  readonly management?: string;
}

export async function preflightCommand(options: PreflightCommandOptions): Promise<ExitCode> {
  const loaded = await loadApp(options.app, warn);
  const { app } = planApp(guardUserCode(loaded.define));
  const { target, plan } = preflightPlanOf(app, options.management);
  let report: PreflightReport;
  try {
    report = await preflight(plan, { kubeconfig: options.kubeconfig, context: options.context });
  } catch (error) {
    throw error instanceof KubeconfigError ? new UsageError(error.message) : error;
  }
  process.stdout.write(describeReport(report, target, plan));
  if (report.findings.length > 0) process.stderr.write(`${formatIssues(report.findings)}\n`);
  return report.findings.some((f) => f.severity === 'error') ? EXIT.failed : EXIT.ok;
}

/** The objects an App applies to one of its management clusters, with what it expects of that cluster's nodes and capacity. */
export function preflightPlanOf(app: App, management: string | undefined): { target: Target; plan: PreflightPlan } {
  const objects = appState(app).plan.objects;
  const targets = new Map<string, Target>();
  for (const { target } of objects) if (target.kind === 'management') targets.set(targetKey(target), target);
  const wanted = management === undefined ? undefined : [...targets.values()].find((t) => t.kind === 'management' && (t.name ?? '') === management);
  if (management !== undefined && !wanted) throw new UsageError(`the app has no management cluster "${management}" (it has ${names(targets)}).`);
  if (!wanted && targets.size > 1) throw new UsageError(`the app plans ${targets.size} management clusters (${names(targets)}): name one with --management.`);
  const target = wanted ?? [...targets.values()][0] ?? { kind: 'management' };
  const key = targetKey(target);
  const mine = (p: PlannedObject) => targetKey(p.target) === key;
  const controlPlaneNodes = app.node
    .findAll()
    .map((c) => (c as { plan?: { target?: Target; controlPlaneNodes?: readonly ControlPlaneNodeSettings[] } }).plan)
    .filter((p) => p?.target && targetKey(p.target) === key && Array.isArray(p.controlPlaneNodes))
    .flatMap((p) => p!.controlPlaneNodes!);
  const capacity = appState(app).capacitySettings.get(key);
  return { target, plan: { objects: objects.filter(mine), controlPlaneNodes, ...(capacity ? { capacity } : {}) } };
}

/** The management clusters of the app as --management takes them; its own unnamed one as `its own (without --management)`. */
function names(targets: ReadonlyMap<string, Target>): string {
  return [...targets.values()].map((t) => (t.kind === 'management' && t.name ? t.name : 'its own (without --management)')).join(', ') || 'none';
}

function describeReport(report: PreflightReport, target: Target, plan: PreflightPlan): string {
  const errors = report.findings.filter((f) => f.severity === 'error').length;
  const warnings = report.findings.length - errors;
  const width = Math.max(...report.checks.map((c) => c.name.length));
  const lines = report.checks.map((c) => {
    const verdict = c.errors > 0 ? `${c.errors} error(s)` : c.warnings > 0 ? `${c.warnings} warning(s)` : 'ok';
    return `  ${c.name.padEnd(width)}  ${verdict.padEnd(12)} ${c.summary}\n`;
  });
  return (
    `Preflight of ${plan.objects.length} object(s) for ${describeTarget(target)} against ${report.server} (context ${report.context}), ${report.reads} read(s), get and list only:\n` +
    lines.join('') +
    `${errors} error(s), ${warnings} warning(s).\n`
  );
}
