/**
 * Renders a health decision table as Flux health check expressions (CEL).
 *
 * Flux (kustomize-controller `spec.healthCheckExprs`) binds the object's top-level fields
 * (`apiVersion`, `kind`, `metadata`, `spec`, `status`) as variables, evaluates `inProgress`, then
 * `failed`, then `current`, takes the first that is true, and reports InProgress when none is.
 * The table becomes one chain of conditional expressions that yields the Flux status of the first
 * matching rule; `failed` and `current` compare that chain with their status, so the order Flux
 * evaluates them in cannot change the result.
 */
import { HealthPredicate, HealthStatus, HealthTable } from './health-table';

/** Flux (kstatus) statuses the expressions produce. */
export type FluxHealthStatus = 'Current' | 'InProgress' | 'Failed';

/**
 * How an Argo CD verdict maps to Flux. Suspended maps to Current: a paused object is as its owner
 * asked, and Flux has no Suspended status; InProgress would fail the Kustomization at its timeout.
 */
export const FLUX_STATUS: Readonly<Record<HealthStatus, FluxHealthStatus>> = {
  Healthy: 'Current',
  Suspended: 'Current',
  Progressing: 'InProgress',
  Degraded: 'Failed',
};

/** A CEL string literal (single-quoted, escaped). */
export function celString(value: string): string {
  let out = "'";
  for (const ch of value) {
    if (ch === '\\') out += '\\\\';
    else if (ch === "'") out += "\\'";
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else out += ch;
  }
  return `${out}'`;
}

const CONDITIONS = 'status.conditions';
const HAS_CONDITIONS = 'has(status.conditions)';
const FRESH =
  '(!has(c.observedGeneration) || c.observedGeneration == 0 || !has(metadata.generation) || c.observedGeneration >= metadata.generation)';
// The API validation of spec.pausedUntil accepts a time that starts like this.
const TIME_PREFIX = "'^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}'";
const HISTORY = 'status.version.history';
const FIXED_SIZE = 'has(spec.replicas) && !has(spec.autoScaling)';

function condition(type: string, status: string, reason: string | undefined, fresh: boolean): string {
  const parts = [`c.type == ${celString(type)}`, `c.status == ${celString(status)}`];
  if (reason !== undefined) parts.push(`has(c.reason) && c.reason == ${celString(reason)}`);
  if (fresh) parts.push(FRESH);
  return `(${HAS_CONDITIONS} && ${CONDITIONS}.exists(c, ${parts.join(' && ')}))`;
}

function predicate(p: HealthPredicate): string {
  switch (p.op) {
    case 'paused':
      return (
        `(has(spec.pausedUntil) && (spec.pausedUntil in ['true', 'True'] || ` +
        `(spec.pausedUntil.matches(${TIME_PREFIX}) && !${condition('ReconciliationActive', 'True', undefined, true)})))`
      );
    case 'noConditions':
      return `(!${HAS_CONDITIONS} || size(${CONDITIONS}) == 0)`;
    case 'condition':
      return condition(p.type, p.status, p.reason, p.fresh ?? false);
    case 'lastCondition':
      // The last entry, wrapped in a list so has() guards its fields as for any condition.
      return (
        `(${HAS_CONDITIONS} && size(${CONDITIONS}) > 0 && [${CONDITIONS}[size(${CONDITIONS}) - 1]].exists(c, ` +
        `has(c.type) && c.type == ${celString(p.type)} && has(c.status) && c.status == ${celString(p.status)}))`
      );
    case 'generationNotObserved':
      return (
        `(has(metadata.generation) && ${HAS_CONDITIONS} && ` +
        `${CONDITIONS}.exists(c, has(c.observedGeneration) && c.observedGeneration > 0) && ` +
        `!${CONDITIONS}.exists(c, has(c.observedGeneration) && c.observedGeneration >= metadata.generation))`
      );
    case 'upgradeInFlight':
      return (
        `(has(status.version) && has(${HISTORY}) && size(${HISTORY}) > 0 && ` +
        `has(${HISTORY}[0].state) && ${HISTORY}[0].state == 'Partial' && ` +
        `${HISTORY}.exists(h, has(h.state) && h.state == 'Completed'))`
      );
    case 'replicasNotDesired':
      return `(${FIXED_SIZE} && (has(status.replicas) ? status.replicas : 0) != spec.replicas)`;
    case 'noReplicasRequested':
      return `(${FIXED_SIZE} && spec.replicas == 0)`;
    case 'field': {
      // has() on every step, as Flux binds only the top-level fields.
      const steps = p.path.slice(1).map((_, i) => `has(${p.path.slice(0, i + 2).join('.')})`);
      return `(${[...steps, `${p.path.join('.')} == ${typeof p.equals === 'boolean' ? String(p.equals) : celString(p.equals)}`].join(' && ')})`;
    }
    case 'always':
      return 'true';
  }
}

/** One CEL expression that yields the Flux status (a string) of the first matching rule. */
export function renderCelVerdict(table: HealthTable): string {
  let chain: string | undefined;
  for (let i = table.rules.length - 1; i >= 0; i--) {
    const rule = table.rules[i];
    const verdict = celString(FLUX_STATUS[rule.status]);
    if (chain === undefined) {
      if (rule.when.op !== 'always') {
        throw new Error(`health table ${table.group}/${table.kind} must end with an 'always' rule`);
      }
      chain = verdict;
    } else {
      chain = `${predicate(rule.when)} ? ${verdict} : ${chain}`;
    }
  }
  if (chain === undefined) throw new Error(`health table ${table.group}/${table.kind} has no rules`);
  return `(${chain})`;
}
