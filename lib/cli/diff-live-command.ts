/**
 * `diff [app] --live --kubeconfig <file>`: runs the app in memory (nothing is written), takes the
 * objects it applies to one management cluster (as preflight does) and diffs them against that
 * cluster by server-side apply dry-run (lib/live/diff-live.ts). The diff goes to stdout, the
 * findings to stderr. Exit code: 0 whether or not there are differences or drift (as `diff`:
 * differences are what it reports), 1 when an apply would be refused or an object could not be read.
 */
import type { PlannedObject, Target } from '../core';
import { apiGroupOf, describeTarget, formatIssues } from '../core';
import { planApp } from '../cdk8s/engine/synth';
import { appState } from '../cdk8s/engine/app-state';
import { plannedDocument, withSyncWave } from '../cdk8s/engine/planned-document';
import type { LiveDiffReport, LiveLeftAlone, LiveObjectDiff } from '../live/diff-live';
import { FIELD_MANAGERS, diffLive } from '../live/diff-live';
import { KubeconfigError } from '../live/kubeconfig';
import { EXIT, ExitCode, UsageError } from './exit-codes';
import { loadApp } from './load-app';
import { preflightPlanOf } from './preflight-command';
import { guardUserCode, warn } from './synth-command';

export interface DiffLiveCommandOptions {
  readonly app?: string;
  readonly kubeconfig?: string;
  readonly context?: string;
  /** The management cluster of the app to diff, when it has several (a fleet's). */
  readonly management?: string;
  /** @default the app's delivery engine's: Flux's when it plans Flux Kustomizations, else Argo CD's */
  readonly fieldManager?: string;
}

/** What the API server takes as a field manager: printable, at most 128 characters. */
const FIELD_MANAGER = /^[\x21-\x7e]{1,128}$/;

export async function diffLiveCommand(options: DiffLiveCommandOptions): Promise<ExitCode> {
  if (options.fieldManager !== undefined && !FIELD_MANAGER.test(options.fieldManager)) {
    throw new UsageError(`--field-manager ${JSON.stringify(options.fieldManager)} is not a field manager name (printable, no spaces, at most 128 characters).`);
  }
  const loaded = await loadApp(options.app, warn);
  const { app } = planApp(guardUserCode(loaded.define));
  const { target, plan } = preflightPlanOf(app, options.management);
  const fieldManager = options.fieldManager ?? deliveryFieldManager(appState(app).plan.objects);
  let report: LiveDiffReport;
  try {
    report = await diffLive(plan.objects.map(asWritten), { kubeconfig: options.kubeconfig, context: options.context, fieldManager });
  } catch (error) {
    throw error instanceof KubeconfigError ? new UsageError(error.message) : error;
  }
  process.stdout.write(describeLiveDiff(report, target));
  if (report.findings.length > 0) process.stderr.write(`${formatIssues(report.findings)}\n`);
  return report.findings.some((f) => f.severity === 'error') ? EXIT.failed : EXIT.ok;
}

/** A planned object as the synth writes it (with its sync wave), which is what the delivery engine applies. */
function asWritten(planned: PlannedObject): PlannedObject {
  return { ...planned, object: (plannedDocument(planned) ?? withSyncWave(planned)) as unknown as PlannedObject['object'] };
}

/** The field manager of the engine the app delivers with: Flux's when it plans Flux Kustomizations, else Argo CD's. */
export function deliveryFieldManager(objects: readonly PlannedObject[]): string {
  const flux = objects.some(({ object }) => object.kind === 'Kustomization' && apiGroupOf(object.apiVersion) === 'kustomize.toolkit.fluxcd.io');
  return flux ? FIELD_MANAGERS.flux : FIELD_MANAGERS.argoCd;
}

const SIGN: Readonly<Record<LiveObjectDiff['state'], string>> = { create: '+', change: '~', unchanged: '=', failed: '!' };

/** The report as text: a line per object that is not unchanged or that others share, its fields below it, then the counts. */
export function describeLiveDiff(report: LiveDiffReport, target: Target): string {
  const lines = [
    `Live diff of ${report.objects.length} object(s) for ${describeTarget(target)} against ${report.server} (context ${report.context}), as field manager ${report.fieldManager}, by server-side apply dry-run (nothing is written):`,
  ];
  for (const o of report.objects) {
    if (o.state === 'unchanged' && o.leftAlone.length === 0) continue;
    const what = { create: o.kindNotServed ? 'would be created (its kind is not served yet)' : 'would be created', change: '', unchanged: 'unchanged', failed: 'not compared (see the findings)' }[o.state];
    lines.push(`${SIGN[o.state]} ${o.object}${what ? `: ${what}` : ''}`);
    for (const d of o.drift) lines.push(`    drift   ${d.path}: ${value(d.live)}, set by ${d.manager}; the plan has ${value(d.planned)}`);
    for (const c of o.changes) lines.push(`    change  ${c.path}: ${'live' in c ? value(c.live) : '(none)'} → ${'planned' in c ? value(c.planned) : '(removed)'}`);
    for (const l of o.leftAlone) lines.push(`    left    ${l.path} (${l.managers.join(', ')})${expected(l)}`);
  }
  const count = (state: LiveObjectDiff['state']) => report.objects.filter((o) => o.state === state).length;
  const left = report.objects.flatMap((o) => o.leftAlone);
  lines.push(
    `${count('create')} to create, ${count('change')} to change (${report.objects.filter((o) => o.drift.length > 0).length} with drift), ${count('unchanged')} unchanged, ${count('failed')} not compared; ` +
      `${left.length} field(s) left to other managers, ${left.filter((l) => l.owner).length} of them where the model expects another controller.`,
  );
  return `${lines.join('\n')}\n`;
}

function expected(l: LiveLeftAlone): string {
  if (!l.owner) return '';
  const plan = 'planned' in l ? `; the apply keeps the live value, not the plan's ${value(l.planned)}` : '';
  return `: expected, ${l.owner.owner} writes ${l.owner.writes.replace(/\.$/, '')}${plan}`;
}

/** A value on one line, cut at 80 characters. */
function value(v: unknown): string {
  const text = v === undefined ? '(none)' : JSON.stringify(v);
  return text.length > 80 ? `${text.slice(0, 77)}...` : text;
}
