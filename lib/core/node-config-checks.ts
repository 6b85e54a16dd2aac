/**
 * What HyperShift and the Node Tuning Operator do with a NodePool's node configuration, as
 * findings: references to ConfigMaps nobody creates, objects HyperShift changes or refuses
 * (upstream nodepool `config.go`, `nto.go`, the PerformanceProfile's basic validation), and
 * conflicts between the pools of one cluster (documentation chapter 9).
 */
import type { NodePool } from '../api';
import type { IssueCollector } from './errors';
import { MACHINE_CONFIG_ROLE_LABEL, NodeConfigPayload, PoolNodeConfig } from './node-config';
import { joinPath } from './props-paths';
import { quote } from './schema';

/** What the checks of one NodePool need to know about its cluster. */
export interface NodeConfigContext {
  readonly namespace: string;
  readonly fips: boolean;
  /** ConfigMaps the cluster's plan builds (this pool's included). */
  readonly built: ReadonlySet<string>;
}

/** Checks one NodePool's node configuration; `np` is the final NodePool (after specOverrides). */
export function checkPoolNodeConfig(built: PoolNodeConfig, np: NodePool, context: NodeConfigContext, issues: IssueCollector): void {
  checkReferences(np, built, context, issues);
  let profile: NodeConfigPayload | undefined;
  for (const payload of built.payloads) {
    const spec = payload.object.spec;
    if (payload.kind === 'MachineConfig') checkMachineConfig(payload, spec, context, issues);
    if (payload.kind === 'KubeletConfig' || payload.kind === 'ContainerRuntimeConfig') checkPoolSelector(payload, spec, issues);
    if (payload.kind === 'Tuned') checkTuned(payload, spec, np, issues);
    if (payload.kind !== 'PerformanceProfile') continue;
    if (profile) {
      issues.error(
        payload.path,
        `the NodePool already has PerformanceProfile ${quote(profile.object.metadata.name)} (${profile.path}); HyperShift takes at most one PerformanceProfile per NodePool.`,
        'Keep one PerformanceProfile in the NodePool\'s tuningConfig.',
      );
    }
    profile ??= payload;
    checkPerformanceProfile(payload, spec, np, issues);
  }
}

/** Every ConfigMap the NodePool names is built or declared to exist, and named once. */
function checkReferences(np: NodePool, built: PoolNodeConfig, context: NodeConfigContext, issues: IssueCollector): void {
  for (const field of ['config', 'tuningConfig'] as const) {
    const names = (np.spec[field] ?? []).map((ref) => ref.name ?? '');
    names.forEach((name, index) => {
      const first = names.indexOf(name);
      if (first < index) {
        issues.error(`spec.${field}[${index}].name`, `ConfigMap ${quote(name)} is named twice (also at ${field}[${first}]).`, 'Name each ConfigMap once.');
      } else if (!context.built.has(name) && !built.existing.includes(name)) {
        const condition = field === 'config' ? 'ValidMachineConfig' : 'ValidTuningConfig';
        issues.error(
          `spec.${field}[${index}].name`,
          `the NodePool names ConfigMap ${quote(name)}, which the app does not build and which is not declared to exist; HyperShift cannot configure the nodes (${condition}=False) until it exists.`,
          `Build it in ${field} ({ ${field === 'config' ? 'kubeletConfig' : 'tuned'}: ... }), or declare it with { existingConfigMap: ${quote(name)} } if it exists in namespace ${context.namespace}.`,
        );
      }
    });
  }
}

function checkMachineConfig(payload: NodeConfigPayload, spec: Record<string, unknown>, context: NodeConfigContext, issues: IssueCollector): void {
  const role = payload.source.labels?.[MACHINE_CONFIG_ROLE_LABEL];
  if (role !== undefined && role !== 'worker') {
    issues.warn(
      joinPath(payload.path, `labels["${MACHINE_CONFIG_ROLE_LABEL}"]`),
      `HyperShift sets the role of every MachineConfig of a NodePool to "worker", so ${quote(role)} is replaced; the MachineConfig applies to the nodes of the NodePools that name it.`,
      'Remove the label; give nodes a role with the NodePool\'s nodeLabels.',
    );
  }
  if (spec.fips !== undefined && spec.fips !== context.fips) {
    issues.error(
      joinPath(payload.path, 'spec.fips'),
      `the nodes' FIPS mode comes from the HostedCluster's fips (${context.fips}); a MachineConfig cannot change it.`,
      'Remove spec.fips; set fips on the HostedCluster when it is created (it is immutable).',
    );
  }
}

function checkPoolSelector(payload: NodeConfigPayload, spec: Record<string, unknown>, issues: IssueCollector): void {
  if (spec.machineConfigPoolSelector === undefined) return;
  issues.warn(
    joinPath(payload.path, 'spec.machineConfigPoolSelector'),
    `hosted clusters have no MachineConfigPools: HyperShift replaces the selector, and the ${payload.kind} applies to the nodes of the NodePools that name it.`,
    'Remove spec.machineConfigPoolSelector.',
  );
}

function checkTuned(payload: NodeConfigPayload, spec: Record<string, unknown>, np: NodePool, issues: IssueCollector): void {
  if (np.spec.management.upgradeType !== 'Replace') return;
  const recommend = Array.isArray(spec.recommend) ? (spec.recommend as Array<Record<string, unknown>>) : [];
  recommend.forEach((entry, index) => {
    if (entry.match === undefined) return;
    issues.warn(
      joinPath(payload.path, `spec.recommend[${index}].match`),
      'the profile is chosen by node labels, and a Replace NodePool\'s new nodes (after an upgrade or a change) do not keep labels set on the old ones; labels survive upgrades only with upgradeType InPlace.',
      'Leave match out (the profile then applies to every node of the NodePool), put the labels in the NodePool\'s nodeLabels, or use upgradeType: InPlace.',
    );
  });
}

/** The PerformanceProfile's basic validation as the Node Tuning Operator runs it, and the label its RuntimeClass schedules by. */
function checkPerformanceProfile(payload: NodeConfigPayload, spec: Record<string, unknown>, np: NodePool, issues: IssueCollector): void {
  const at = (field: string) => joinPath(payload.path, `spec.${field}`);
  const selector = isStringMap(spec.nodeSelector) ? spec.nodeSelector : {};
  const entries = Object.entries(selector);
  for (const field of ['machineConfigLabel', 'machineConfigPoolSelector'] as const) {
    const count = isStringMap(spec[field]) ? Object.keys(spec[field] as object).length : 0;
    if (count > 1) issues.error(at(field), `the Node Tuning Operator takes at most one ${field} label; ${count} are given.`, `Keep one label in ${field}.`);
  }
  if (entries.length !== 1) {
    issues.error(at('nodeSelector'), `the Node Tuning Operator takes exactly one nodeSelector label; ${entries.length} are given.`, 'Keep one label, e.g. { "node-role.kubernetes.io/worker-cnf": "" }.');
    return checkCpus(spec.cpu, at, issues);
  }
  const [key, value] = entries[0];
  if ((spec.machineConfigLabel === undefined || spec.machineConfigPoolSelector === undefined) && key.split('/').length !== 2) {
    issues.error(
      at('nodeSelector'),
      `the label ${quote(key)} is not of the form <domain>/<role>, from which the Node Tuning Operator derives the machineConfigLabel and machineConfigPoolSelector it is not given.`,
      'Use a label such as node-role.kubernetes.io/worker-cnf.',
    );
  }
  if (np.spec.nodeLabels?.[key] !== value) {
    issues.warn(
      at('nodeSelector'),
      `the profile's RuntimeClass schedules pods onto nodes labelled ${key}=${quote(value)}, and the NodePool does not give its nodes that label, so such pods would stay Pending.`,
      `Add { ${quote(key)}: ${quote(value)} } to the NodePool's nodeLabels.`,
    );
  }
  checkCpus(spec.cpu, at, issues);
}

/** CPU lists parse, reserved and isolated are not empty, and no CPU is in two lists. */
function checkCpus(cpu: unknown, at: (field: string) => string, issues: IssueCollector): void {
  if (!isStringMap(cpu)) return; // the CRD check reports it
  const lists: Array<[string, Range[]]> = [];
  for (const name of ['reserved', 'isolated', 'shared', 'offlined'] as const) {
    if (cpu[name] === undefined) continue;
    const ranges = parseCpuList(cpu[name]);
    if (!ranges) {
      issues.error(at(`cpu.${name}`), `${quote(cpu[name])} is not a CPU list.`, 'Write CPU ids and ranges separated by commas, e.g. "0-3,8".');
      continue;
    }
    if (ranges.length === 0 && (name === 'reserved' || name === 'isolated')) {
      issues.error(at(`cpu.${name}`), `no ${name} CPU is given; the Node Tuning Operator needs at least one.`, `List the ${name} CPUs, e.g. "0-1".`);
    }
    lists.push([name, ranges]);
  }
  lists.forEach(([name, ranges], i) => {
    for (const [other, others] of lists.slice(i + 1)) {
      const overlap = ranges.flatMap((a) => others.map((b) => intersect(a, b))).filter((r): r is Range => r !== undefined);
      if (overlap.length > 0) {
        issues.error(at('cpu'), `${name} and ${other} CPUs overlap (${overlap.map(formatRange).join(',')}).`, 'Give each CPU to one of reserved, isolated, shared and offlined.');
      }
    }
  });
}

type Range = readonly [number, number];

/** `"0-3,8"` as ranges; undefined when it is not a CPU list (the Linux cpuset list format). */
export function parseCpuList(list: string): Range[] | undefined {
  if (list.trim() === '') return [];
  const ranges: Range[] = [];
  for (const part of list.split(',')) {
    const match = /^\s*(\d+)(?:-(\d+))?\s*$/.exec(part);
    if (!match) return undefined;
    const range: Range = [Number(match[1]), Number(match[2] ?? match[1])];
    if (range[0] > range[1]) return undefined;
    ranges.push(range);
  }
  return ranges;
}

function intersect(a: Range, b: Range): Range | undefined {
  const low = Math.max(a[0], b[0]);
  const high = Math.min(a[1], b[1]);
  return low <= high ? [low, high] : undefined;
}

const formatRange = ([low, high]: Range) => (low === high ? String(low) : `${low}-${high}`);

function isStringMap(value: unknown): value is Record<string, string> {
  return typeof value === 'object' && value !== null && !Array.isArray(value) && Object.values(value).every((v) => typeof v === 'string');
}

/**
 * Across the NodePools of one cluster: a ConfigMap name built twice holds the same object, and
 * different Tuned objects do not define TuneD profiles of the same name (chapter 9: the Node
 * Tuning Operator renames the Tuned objects per NodePool, not the profiles inside them).
 */
export function checkClusterNodeConfig(payloads: readonly NodeConfigPayload[], earlier: readonly NodeConfigPayload[], issues: IssueCollector): void {
  const seen = [...earlier];
  for (const payload of payloads) {
    const name = payload.configMap.metadata.name;
    const same = seen.find((other) => other.configMap.metadata.name === name);
    if (same && JSON.stringify(same.configMap.data) !== JSON.stringify(payload.configMap.data)) {
      issues.error(
        payload.path,
        `ConfigMap ${quote(name)} is also built from ${same.path} with other contents; one would silently replace the other.`,
        `Give the ${payload.kind} objects different names, or make them identical to share one ConfigMap.`,
      );
    }
    if (payload.kind === 'Tuned' && !same) checkProfileNames(payload, seen, issues);
    seen.push(payload);
  }
}

function checkProfileNames(payload: NodeConfigPayload, seen: readonly NodeConfigPayload[], issues: IssueCollector): void {
  const names = (payload: NodeConfigPayload) => {
    const profiles = payload.object.spec.profile;
    return Array.isArray(profiles) ? profiles.map((p) => (p as { name?: unknown }).name) : [];
  };
  names(payload).forEach((name, index) => {
    const other = seen.find((o) => o.kind === 'Tuned' && o.configMap.metadata.name !== payload.configMap.metadata.name && names(o).includes(name));
    if (typeof name !== 'string' || !other) return;
    issues.error(
      joinPath(payload.path, `spec.profile[${index}].name`),
      `TuneD profile ${quote(name)} is also defined by Tuned ${quote(other.object.metadata.name)} (${other.path}); in one hosted cluster the Node Tuning Operator cannot tell them apart.`,
      'Rename one of the profiles, or share one Tuned between the NodePools.',
    );
  });
}
