/**
 * `validate <file>...`: checks props written as YAML or JSON, without TypeScript, with the
 * library's own checks: each description alone (checkHostedCluster, checkManagementCluster,
 * checkAgentInfrastructure, checkHostedClusterIngress), then together in one plan, as a synth
 * would (two clusters with one name or infraID, a platform the management cluster is not
 * prepared for, overlapping MetalLB pools, the fleet's capacity). Findings go to stderr, each
 * naming the file and the path; the tally to stdout.
 */
import * as fs from 'fs';
import { v } from '../core/valibot';
import { bool, list, oneOf, schemaFindings, strict, text } from '../core/schema';
import { CLI_DEFAULTS, Plan, contributionOf } from '../core';
import type { HostedClusterPlan, PlannedPart, ValidationIssue } from '../core';
import type { ManagementClusterPlan } from '../management';
import { formatIssues } from '../core/errors';
import { checkAgentInfrastructure, checkHostedCluster } from '../platforms';
import { INFRA_ENV_ARCHS } from '../platforms/agent/architecture';
import { checkManagementCluster } from '../management';
import { checkHostedClusterIngress } from '../day2';
import { capacityOfPlan } from '../capacity';
import { checkFleet } from '../fleet';
import { EXIT, ExitCode, UsageError } from './exit-codes';
import { KINDS, PropsEntry, PropsKind, readPropsFile } from './props-documents';

const hostedClusterOptionsSchema = strict({
  supportedVersions: v.optional(list(text({ max: 64 }))),
  requireReleaseDigest: v.optional(bool()),
  allowInlineSecrets: v.optional(bool()),
});
const agentOptionsSchema = strict({ managementArchitecture: v.optional(oneOf(INFRA_ENV_ARCHS)), allowInlineSecrets: v.optional(bool()) });

type Checked = { readonly plan?: PlannedPart; readonly issues: readonly ValidationIssue[] };

/** Every description of every file, checked alone and then in one plan. */
class FleetCheck {
  private readonly plan = new Plan();
  private readonly clusters: Array<{ readonly where: string; readonly plan: HostedClusterPlan }> = [];
  private readonly capacities: Array<{ readonly where: string; readonly capacity: NonNullable<ManagementClusterPlan['capacity']> }> = [];
  readonly issues: ValidationIssue[] = [];

  /** `namespace/name` of every HostedCluster described, planned or not. */
  private described: string[] = [];

  check(entries: readonly PropsEntry[]): void {
    this.described = entries.filter((e) => e.kind === 'HostedCluster').map((e) => describedName(e.props));
    // Hosted clusters first: agent hosts and ingresses are checked against them.
    for (const kind of KINDS) for (const entry of entries.filter((e) => e.kind === kind)) this.checkEntry(entry);
    this.checkCapacity();
  }

  private checkEntry(entry: PropsEntry): void {
    if (entry.kind === 'HostedCluster') {
      const options = this.options(entry, hostedClusterOptionsSchema);
      if (options === undefined) return;
      const checked = checkHostedCluster(entry.props, options);
      if (this.add(entry, checked) && checked.plan) this.clusters.push({ where: entry.where, plan: checked.plan });
    } else if (entry.kind === 'ManagementCluster') {
      const checked = checkManagementCluster(entry.props);
      if (this.add(entry, checked) && checked.plan?.capacity) this.capacities.push({ where: entry.where, capacity: checked.plan.capacity });
    } else if (entry.kind === 'Fleet') {
      // Its placement, allocations and every cluster in it; its delivery needs the folders a synth writes, so the synth checks that.
      const options = this.options(entry, hostedClusterOptionsSchema);
      if (options !== undefined) this.record(entry.where, checkFleet(entry.props, undefined, options).issues);
    } else if (entry.kind === 'AgentInfrastructure') {
      const options = this.options(entry, agentOptionsSchema);
      const cluster = entry.cluster === undefined ? undefined : this.cluster(entry);
      if (options === undefined || cluster === null) return;
      this.add(entry, checkAgentInfrastructure(entry.props, { ...options, ...(cluster ? { cluster } : {}) }));
    } else {
      const cluster = this.cluster(entry);
      // Without the cluster's plan there is nothing to check against; its own findings are reported already.
      if (cluster) this.add(entry, checkHostedClusterIngress(cluster.hostedCluster, entry.props));
    }
  }

  /** Adds a checked description to the plan (as a construct does); true when it had no error. */
  private add(entry: PropsEntry, checked: Checked): boolean {
    const found = checked.plan ? this.plan.add(contributionOf(checked.plan, checked.issues, `${checked.plan.label} (${entry.where})`)).issues : checked.issues;
    this.record(entry.where, found);
    return !found.some((i) => i.severity === 'error');
  }

  private record(where: string, issues: readonly ValidationIssue[]): void {
    // Every line says where to look: the file and place, unless the object names its own (`Kind ns/name (where)`, from the plan).
    this.issues.push(...issues.map((i) => (/ \(.+\)$/.test(i.object) ? i : { ...i, object: `${where}: ${i.object}` })));
  }

  private options<T>(entry: PropsEntry, schema: v.GenericSchema<unknown, T>): T | undefined {
    if (entry.options === undefined) return {} as T;
    const parsed = v.safeParse(schema, entry.options);
    if (parsed.success) return parsed.output;
    this.record(entry.where, schemaFindings(parsed.issues, `${entry.kind} options`).map((i) => ({ ...i, path: `options.${i.path}` })));
    return undefined;
  }

  /** The hosted cluster `cluster:` names (`name` or `namespace/name`); null, with a finding, when there is none; undefined when it has errors. */
  private cluster(entry: PropsEntry): HostedClusterPlan | null | undefined {
    const ref = entry.cluster;
    if (typeof ref !== 'string' || ref === '') {
      this.record(entry.where, [missing(entry.kind, ref === undefined ? 'is missing' : 'must be a string')]);
      return null;
    }
    const matches = this.clusters.filter(({ plan }) => (ref.includes('/') ? `${plan.namespace}/${plan.name}` === ref : plan.name === ref));
    if (matches.length === 1) return matches[0].plan;
    if (matches.length > 1) {
      this.record(entry.where, [{ ...missing(entry.kind, `"${ref}" names ${matches.length} hosted clusters`), fix: 'Write it as "namespace/name".' }]);
      return null;
    }
    // A cluster that is described but has errors has no plan: its own findings say why.
    if (this.described.some((name) => (ref.includes('/') ? name === ref : name.endsWith(`/${ref}`)))) return undefined;
    this.record(entry.where, [missing(entry.kind, `"${ref}" names no hosted cluster described in these files`)]);
    return null;
  }

  /** The management cluster's capacity check over every hosted cluster, when it asks for one. */
  private checkCapacity(): void {
    for (const { where, capacity } of this.capacities) {
      const { workers, loads, ...options } = capacity;
      this.record(where, capacityOfPlan(this.plan, workers, loads, options).issues);
    }
  }
}

/** `namespace/name` as the props give them (the namespace defaults as the library's does). */
function describedName(props: unknown): string {
  const { name, namespace = CLI_DEFAULTS.namespace } = (typeof props === 'object' && props !== null ? props : {}) as { name?: unknown; namespace?: unknown };
  return `${String(namespace)}/${String(name)}`;
}

function missing(kind: PropsKind, what: string): ValidationIssue {
  return {
    severity: 'error',
    object: kind,
    path: 'cluster',
    message: `cluster ${what}: a${kind === 'AgentInfrastructure' ? 'n' : ''} ${kind} names the hosted cluster it is for, described in the files checked with it.`,
    fix: 'Give `cluster: <name>` (or "namespace/name") of a HostedCluster in these files, and pass that file too.',
  };
}

/** Reads, checks and reports; exit 1 on any error. */
export function validateCommand(files: readonly string[]): ExitCode {
  if (files.length === 0) throw new UsageError('validate needs at least one file: `hcp-constructs validate clusters.yaml`.');
  const fleet = new FleetCheck();
  const entries: PropsEntry[] = [];
  for (const file of files) {
    const { entries: found, issues } = readPropsFile(file === '-' ? '(stdin)' : file, readText(file));
    entries.push(...found);
    fleet.issues.push(...issues);
  }
  fleet.check(entries);
  const errors = fleet.issues.filter((i) => i.severity === 'error').length;
  const warnings = fleet.issues.length - errors;
  if (fleet.issues.length > 0) process.stderr.write(`${formatIssues(fleet.issues)}\n`);
  const counts = KINDS.map((kind) => [kind, entries.filter((e) => e.kind === kind).length] as const).filter(([, n]) => n > 0);
  const described = counts.length === 0 ? 'nothing to check' : counts.map(([kind, n]) => `${n} ${kind}`).join(', ');
  process.stdout.write(`Checked ${files.length} file(s): ${described}. ${errors} error(s), ${warnings} warning(s).\n`);
  return errors > 0 ? EXIT.failed : EXIT.ok;
}

/** A file's text; `-` is stdin. */
function readText(file: string): string {
  try {
    return fs.readFileSync(file === '-' ? 0 : file, 'utf8');
  } catch (error) {
    throw new UsageError(`cannot read ${file}: ${(error as { code?: string }).code ?? String(error)}.`);
  }
}
