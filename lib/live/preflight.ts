/**
 * The preflight: the plan of one management cluster against what that cluster already holds,
 * read with get and list only, before anything is applied. Each check says what it reads; the
 * reads are made once each, all at once, and then every check judges the plan, so one run gives
 * every finding. A kind the credentials may not list is a finding too: a check that could not
 * look has not passed.
 */
import type { PlannedPart, ValidationIssue } from '../core';
import { contributionOf, targetKey } from '../core';
import { KubeClient } from './kube-client';
import { kubeconfigFile, readKubeconfig } from './kubeconfig';
import { LiveState, readKey } from './live-state';
import type { PreflightPlan } from './preflight-check';
import { PREFLIGHT_CHECKS } from './checks';
import { Findings } from './findings';

export type { PreflightPlan, PreflightCheck } from './preflight-check';

/** What one check did. */
export interface PreflightCheckReport {
  /** The check's name, as the command prints it: `supported-versions`. */
  readonly name: string;
  /** What it read and found (`ConfigMap hypershift/supported-versions: 4.17, 4.16; 3 releases checked`), or why it did not run. */
  readonly summary: string;
  /** How many of its findings are errors. */
  readonly errors: number;
  /** How many are warnings. */
  readonly warnings: number;
}

/** What a preflight read and found. */
export interface PreflightReport {
  /** The API server read. */
  readonly server: string;
  /** The kubeconfig context it was reached with. */
  readonly context: string;
  /** Each check, in the order of {@link PREFLIGHT_CHECKS}. */
  readonly checks: readonly PreflightCheckReport[];
  /** Every finding of every check. */
  readonly findings: readonly ValidationIssue[];
  /** The LISTs made, once each. */
  readonly reads: number;
}

/** Which cluster a preflight reads. */
export interface PreflightOptions {
  /** The kubeconfig file. @default `$KUBECONFIG`, else `~/.kube/config` */
  readonly kubeconfig?: string;
  /** Its context. @default the current context */
  readonly context?: string;
}

/**
 * The plan of one management cluster from planners' parts, as a program without a cdk8s App has
 * them (`checkHostedCluster(props).plan`, `checkManagementCluster(props).plan`, ...): the objects
 * of every part for `management` (its name in a fleet; default the app's own management cluster).
 */
export function preflightPlan(parts: readonly PlannedPart[], more: Omit<PreflightPlan, 'objects'> & { readonly management?: string } = {}): PreflightPlan {
  const { management, ...rest } = more;
  const key = targetKey(management === undefined ? { kind: 'management' } : { kind: 'management', name: management });
  const objects = parts.flatMap((part) => contributionOf(part, []).objects).filter((o) => targetKey(o.target) === key);
  return { objects, ...rest };
}

/** Reads the management cluster of the kubeconfig and judges `plan` against it. */
export async function preflight(plan: PreflightPlan, options: PreflightOptions = {}): Promise<PreflightReport> {
  const connection = readKubeconfig(kubeconfigFile(options.kubeconfig), options.context);
  const client = new KubeClient(connection);
  try {
    const reads = PREFLIGHT_CHECKS.flatMap((check) => check.reads(plan));
    const live = await LiveState.read(client, reads);
    return { server: connection.server, context: connection.context, ...judge(plan, live), reads: new Set(reads.map(readKey)).size };
  } finally {
    client.close();
  }
}

/** The checks over a plan and the live state already read (see {@link LiveState.of} for tests). */
export function judge(plan: PreflightPlan, live: LiveState): Pick<PreflightReport, 'checks' | 'findings'> {
  const all: ValidationIssue[] = [];
  const checks: PreflightCheckReport[] = [];
  for (const check of PREFLIGHT_CHECKS) {
    const reads = check.reads(plan);
    const findings = new Findings();
    let summary: string;
    const failed = reads.map((r) => ({ read: r, result: live.result(r) })).filter(({ result }) => result.state === 'failed');
    if (reads.length === 0) {
      summary = 'nothing in the plan needs it';
    } else if (failed.length > 0) {
      for (const { read, result } of failed) findings.unreadable(check.name, read, result.state === 'failed' ? result : undefined);
      summary = `not checked: ${failed.map(({ read }) => readKey(read)).join(', ')} could not be listed`;
    } else {
      summary = check.run(plan, live, findings);
    }
    const issues = findings.issues;
    all.push(...issues);
    checks.push({ name: check.name, summary, errors: issues.filter((i) => i.severity === 'error').length, warnings: issues.filter((i) => i.severity === 'warning').length });
  }
  return { checks, findings: all };
}
