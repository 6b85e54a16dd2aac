/**
 * Reports the synth writes beside the YAML, in `reports/` (outside every target folder, so no
 * Argo CD Application or Flux Kustomization takes them for manifests): the management cluster's
 * capacity for the fleet of the app, and the DNS records the user must create for agent clusters.
 */
import type { IConstruct } from 'constructs';
import type { CapacityReport, PlanCapacityOptions } from '../../capacity';
import { capacityOfPlan, capacityReportJson, capacityReportSvg, capacitySummary } from './lazy';
import type { PlannedObject, Target, ValidationIssue } from '../../core';
import { MANAGEMENT_CLUSTER, targetKey } from '../../core/plan-model';
import { appState } from './app-state';

/** Asks the synth of `scope`'s App to write a report file (`reports/<name>`). */
export function reportFile(scope: IConstruct, name: string, content: string): void {
  appState(scope).reportFiles.set(`reports/${name}`, content);
}

/** Asks the synth of `scope`'s App to print these lines in its summary (a fleet's placement). */
export function reportLines(scope: IConstruct, lines: readonly string[]): void {
  appState(scope).reportLines.push(...lines);
}

/**
 * Asks the synth of `scope`'s App to check the hosted clusters planned on the management cluster
 * `target` against these workers and report it: `reports/capacity.{json,svg}` for the app's
 * management cluster, `reports/capacity-<name>.{json,svg}` for a named one.
 */
export function reportCapacity(scope: IConstruct, settings: PlanCapacityOptions, target: Target = MANAGEMENT_CLUSTER): void {
  appState(scope).capacitySettings.set(targetKey(target), settings);
}

export interface AppReports {
  /** Files to write, relative to the output folder. */
  readonly files: ReadonlyMap<string, string>;
  /** Lines for the synth summary. */
  readonly summary: readonly string[];
  /** Findings (an overflow is an error when the settings ask for it). */
  readonly issues: readonly ValidationIssue[];
}

/** The reports of an App whose plan is complete (after every construct was created). */
export function appReports(app: IConstruct): AppReports {
  const state = appState(app);
  const files = new Map(state.reportFiles);
  const summary = [...state.reportLines];
  const issues: ValidationIssue[] = [];
  const settingsOf = state.capacitySettings;
  const named = settingsOf.size > 1 || !settingsOf.has(targetKey(MANAGEMENT_CLUSTER));
  // Each management cluster's capacity holds only the hosted clusters planned on it.
  const byTarget = new Map<string, PlannedObject[]>();
  if (settingsOf.size > 0) {
    for (const planned of state.plan.objects) {
      if (planned.object.kind !== 'HostedCluster') continue;
      const key = targetKey(planned.target);
      byTarget.get(key)?.push(planned) ?? byTarget.set(key, [planned]);
    }
  }
  for (const key of [...settingsOf.keys()].sort()) {
    const { workers, loads, ...options } = settingsOf.get(key)!;
    const found = capacityOfPlan({ objects: byTarget.get(key) ?? [] }, workers, loads, options);
    issues.push(...found.issues);
    if (!found.report) continue;
    const suffix = key === targetKey(MANAGEMENT_CLUSTER) ? '' : key.slice('management'.length);
    for (const [name, content] of capacityFiles(found.report, suffix)) files.set(name, content);
    summary.push(named ? `${key}: ${capacitySummary(found.report)}` : capacitySummary(found.report));
  }
  return { files, summary, issues };
}

/** `reports/capacity<suffix>.{json,svg}`: no suffix for the app's management cluster, `-<name>` for a named one. */
function capacityFiles(report: CapacityReport, suffix: string): Map<string, string> {
  return new Map([
    [`reports/capacity${suffix}.json`, capacityReportJson(report)],
    [`reports/capacity${suffix}.svg`, capacityReportSvg(report)],
  ]);
}
