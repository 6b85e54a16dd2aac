/**
 * Reports the synth writes beside the YAML, in `reports/` (outside every target folder, so no
 * Argo CD Application or Flux Kustomization takes them for manifests): today the management
 * cluster's capacity for the fleet of the app.
 */
import type { IConstruct } from 'constructs';
import { CapacityReport, PlanCapacityOptions, capacityOfPlan, capacityReportJson, capacityReportSvg, capacitySummary } from '../capacity';
import type { ValidationIssue } from '../core';
import { appPlan } from './render';

const capacitySettings = new WeakMap<IConstruct, PlanCapacityOptions>();

/** Asks the synth of `scope`'s App to check the fleet against these workers and report it. */
export function reportCapacity(scope: IConstruct, settings: PlanCapacityOptions): void {
  capacitySettings.set(scope.node.root, settings);
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
  const settings = capacitySettings.get(app.node.root);
  if (!settings) return { files: new Map(), summary: [], issues: [] };
  const { workers, loads, ...options } = settings;
  const { report, issues } = capacityOfPlan(appPlan(app), workers, loads, options);
  return report ? { files: capacityFiles(report), summary: [capacitySummary(report)], issues } : { files: new Map(), summary: [], issues };
}

function capacityFiles(report: CapacityReport): Map<string, string> {
  return new Map([
    ['reports/capacity.json', capacityReportJson(report)],
    ['reports/capacity.svg', capacityReportSvg(report)],
  ]);
}
