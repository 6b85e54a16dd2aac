/**
 * Reports the synth writes beside the YAML, in `reports/` (outside every target folder, so no
 * Argo CD Application or Flux Kustomization takes them for manifests): the management cluster's
 * capacity for the fleet of the app, and the DNS records the user must create for agent clusters.
 */
import type { IConstruct } from 'constructs';
import { CapacityReport, PlanCapacityOptions, capacityOfPlan, capacityReportJson, capacityReportSvg, capacitySummary } from '../capacity';
import type { ValidationIssue } from '../core';
import { appPlan } from './render';

const capacitySettings = new WeakMap<IConstruct, PlanCapacityOptions>();
const extraFiles = new WeakMap<IConstruct, Map<string, string>>();

/** Asks the synth of `scope`'s App to write a report file (`reports/<name>`). */
export function reportFile(scope: IConstruct, name: string, content: string): void {
  const root = scope.node.root;
  let files = extraFiles.get(root);
  if (!files) extraFiles.set(root, (files = new Map()));
  files.set(`reports/${name}`, content);
}

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
  const files = new Map(extraFiles.get(app.node.root));
  const settings = capacitySettings.get(app.node.root);
  if (!settings) return { files, summary: [], issues: [] };
  const { workers, loads, ...options } = settings;
  const { report, issues } = capacityOfPlan(appPlan(app), workers, loads, options);
  if (!report) return { files, summary: [], issues };
  for (const [name, content] of capacityFiles(report)) files.set(name, content);
  return { files, summary: [capacitySummary(report)], issues };
}

function capacityFiles(report: CapacityReport): Map<string, string> {
  return new Map([
    ['reports/capacity.json', capacityReportJson(report)],
    ['reports/capacity.svg', capacityReportSvg(report)],
  ]);
}
