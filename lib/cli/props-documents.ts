/**
 * Props written as YAML or JSON, for `validate`: what each document of a file describes.
 *
 * - A document with `kind:` is one description of that kind: `HostedCluster`, `ManagementCluster`,
 *   `AgentInfrastructure`, `HostedClusterIngress` or `Fleet` (the props of a Fleet construct:
 *   management clusters, hosted clusters, placement); its other keys are the props, as in
 *   TypeScript (`cluster:` names the hosted cluster an AgentInfrastructure or ingress is for,
 *   `options:` holds a HostedCluster's, AgentInfrastructure's or Fleet's options).
 * - A fleet document has any of `managementCluster:`, `hostedClusters:`, `agentInfrastructure:`,
 *   `hostedClusterIngress:` (the last three lists), and `options:` for every hosted cluster.
 * - Any other mapping is one hosted cluster; a list holds any of the above, one per item.
 *
 * A file may hold several YAML documents (`---`). JSON is YAML, so one parser reads both.
 */
import * as jsYaml from 'js-yaml';
import type { ValidationIssue } from '../core/errors';

export const KINDS = ['HostedCluster', 'ManagementCluster', 'AgentInfrastructure', 'HostedClusterIngress', 'Fleet'] as const;
export type PropsKind = (typeof KINDS)[number];

/** One description to check. */
export interface PropsEntry {
  readonly kind: PropsKind;
  /** Where it is: the file, and the document and path inside it when there is more than one. */
  readonly where: string;
  readonly props: unknown;
  /** `cluster:` of an AgentInfrastructure or ingress: `name` or `namespace/name` of a hosted cluster. */
  readonly cluster?: unknown;
  /** `options:` of a HostedCluster (after the fleet's) or an AgentInfrastructure. */
  readonly options?: unknown;
}

/** The keys of a fleet document and the kind each one's items are. */
const FLEET_LISTS: Readonly<Record<string, PropsKind>> = {
  hostedClusters: 'HostedCluster',
  agentInfrastructure: 'AgentInfrastructure',
  hostedClusterIngress: 'HostedClusterIngress',
};
const FLEET_KEYS = ['managementCluster', ...Object.keys(FLEET_LISTS), 'options'];

/** YAML 1.2's core types (no dates: a date is a string in props) and `<<` merge keys for shared parts. */
const SCHEMA = jsYaml.CORE_SCHEMA.extend({ implicit: [(jsYaml as unknown as { types: { merge: jsYaml.Type } }).types.merge] });

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function problem(where: string, path: string, message: string, fix: string): ValidationIssue {
  return { severity: 'error', object: where, path, message, fix };
}

/** The descriptions in one file's text, and the problems of its form (syntax, unknown kinds and keys). */
export function readPropsFile(file: string, text: string): { entries: PropsEntry[]; issues: ValidationIssue[] } {
  const entries: PropsEntry[] = [];
  const issues: ValidationIssue[] = [];
  let documents: unknown[];
  try {
    documents = jsYaml.loadAll(text, undefined, { schema: SCHEMA, filename: file });
  } catch (error) {
    const mark = (error as { mark?: { line: number; column: number } }).mark;
    const at = mark ? `line ${mark.line + 1}, column ${mark.column + 1}` : '(file)';
    const reason = (error as { reason?: string }).reason ?? (error instanceof Error ? error.message : String(error));
    issues.push(problem(file, at, `the file is not valid YAML or JSON: ${reason}.`, 'Correct the syntax there.'));
    return { entries, issues };
  }
  documents.forEach((document, index) => {
    const where = documents.length > 1 ? `${file} document ${index + 1}` : file;
    if (document === null || document === undefined) return; // an empty document
    if (Array.isArray(document)) document.forEach((item, i) => addEntry(item, `${where} [${i}]`, undefined, entries, issues));
    else if (isRecord(document) && !('kind' in document) && FLEET_KEYS.slice(0, -1).some((key) => key in document)) addFleet(document, where, entries, issues);
    else addEntry(document, where, undefined, entries, issues);
  });
  return { entries, issues };
}

/** The entries of a fleet document; its `options` apply to each hosted cluster under its own. */
function addFleet(document: Record<string, unknown>, where: string, entries: PropsEntry[], issues: ValidationIssue[]): void {
  for (const key of Object.keys(document).filter((k) => !FLEET_KEYS.includes(k))) {
    issues.push(problem(where, key, `"${key}" is not a key of a fleet document.`, `Use ${FLEET_KEYS.join(', ')}; a hosted cluster's own keys go in an item of hostedClusters.`));
  }
  if (document.managementCluster !== undefined) addEntry(document.managementCluster, `${where} managementCluster`, 'ManagementCluster', entries, issues);
  for (const [key, kind] of Object.entries(FLEET_LISTS)) {
    const list = document[key];
    if (list === undefined) continue;
    if (!Array.isArray(list)) {
      issues.push(problem(where, key, `${key} must be a list (of ${kind} props).`, `Write each item under "${key}:" as "- ...".`));
      continue;
    }
    list.forEach((item, i) => addEntry(item, `${where} ${key}[${i}]`, kind, entries, issues, kind === 'HostedCluster' ? document.options : undefined));
  }
}

/** One description: its kind from `kind:` (which must agree with `expected`, the kind its list holds), else a HostedCluster. */
function addEntry(value: unknown, where: string, expected: PropsKind | undefined, entries: PropsEntry[], issues: ValidationIssue[], fleetOptions?: unknown): void {
  if (!isRecord(value)) {
    issues.push(problem(where, '(document)', `expected a mapping of ${expected ?? 'HostedCluster'} props, not ${Array.isArray(value) ? 'a list' : typeof value === 'string' ? 'a string' : String(value)}.`, 'Write the props as "key: value" lines.'));
    return;
  }
  const { kind: given, ...rest } = value;
  const kind = given === undefined ? (expected ?? 'HostedCluster') : given;
  if (!KINDS.includes(kind as PropsKind) || (expected !== undefined && kind !== expected)) {
    const allowed = expected ? `"${expected}" here` : KINDS.map((k) => `"${k}"`).join(', ');
    issues.push(problem(where, 'kind', `kind ${JSON.stringify(given)} is not one this file can describe.`, `Use ${allowed}.`));
    return;
  }
  const { cluster, options, ...props } = rest;
  const takesCluster = kind === 'AgentInfrastructure' || kind === 'HostedClusterIngress';
  const takesOptions = kind === 'HostedCluster' || kind === 'AgentInfrastructure' || kind === 'Fleet';
  entries.push({
    kind: kind as PropsKind,
    where,
    props: { ...(takesCluster ? {} : cluster === undefined ? {} : { cluster }), ...(takesOptions ? {} : options === undefined ? {} : { options }), ...props },
    ...(takesCluster && cluster !== undefined ? { cluster } : {}),
    ...(takesOptions ? { options: mergeOptions(fleetOptions, options) } : {}),
  });
}

function mergeOptions(fleet: unknown, own: unknown): unknown {
  if (fleet === undefined) return own;
  if (own === undefined) return fleet;
  return isRecord(fleet) && isRecord(own) ? { ...fleet, ...own } : own;
}
