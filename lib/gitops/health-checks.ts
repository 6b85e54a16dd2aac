/**
 * GitOps health checks for HyperShift kinds: Argo CD (Lua) and Flux (CEL), both rendered from the
 * decision tables in `health-table.ts`.
 */
import { FLUX_STATUS, renderCelVerdict } from './health-cel';
import { renderLuaHealthCheck } from './health-lua';
import { HealthTable, healthTables } from './health-table';

/** One Argo CD health check: the shape of an entry of `spec.resourceHealthChecks` on an `ArgoCD` resource. */
export interface ArgoCdHealthCheck {
  /** API group of the kind checked (`hypershift.openshift.io`). */
  readonly group: string;
  /** The kind the Lua check applies to (`HostedCluster`, `NodePool`). */
  readonly kind: string;
  /** Lua source. */
  readonly check: string;
}

/** One Flux health check: the shape of an entry of `spec.healthCheckExprs` on a Flux `Kustomization`. */
export interface FluxHealthCheckExpr {
  /** `group/version` of the kind checked (`hypershift.openshift.io/v1beta1`). */
  readonly apiVersion: string;
  /** The kind the CEL expressions apply to. */
  readonly kind: string;
  /** CEL expression that, when true, makes Flux report the object InProgress; the library's checks leave it out. */
  readonly inProgress?: string;
  /** CEL expression that, when true, makes Flux report the object Failed; set only when the kind has a failed state. */
  readonly failed?: string;
  /** CEL expression that, when true, makes Flux report the object Current (healthy). */
  readonly current: string;
}

/** Throws unless the table is well formed: rules present, `always` last and only last, messages non-empty. */
export function validateHealthTable(table: HealthTable): void {
  const name = `${table.group}/${table.kind}`;
  if (table.rules.length === 0) throw new Error(`health table ${name} has no rules`);
  table.rules.forEach((rule, i) => {
    const last = i === table.rules.length - 1;
    if ((rule.when.op === 'always') !== last) {
      throw new Error(`health table ${name}: rule ${i} ${last ? 'must be' : 'cannot be'} an 'always' rule`);
    }
    if (rule.message.length === 0 || rule.message.every((part) => part === '')) {
      throw new Error(`health table ${name}: rule ${i} has an empty message`);
    }
  });
}

/** The Argo CD health check (Lua) for a table. */
export function argoCdHealthCheck(table: HealthTable): ArgoCdHealthCheck {
  validateHealthTable(table);
  return { group: table.group, kind: table.kind, check: renderLuaHealthCheck(table) };
}

/** The Flux health check expressions (CEL) for a table. */
export function fluxHealthCheckExpr(table: HealthTable): FluxHealthCheckExpr {
  validateHealthTable(table);
  const verdict = renderCelVerdict(table);
  const statuses = new Set(table.rules.map((rule) => FLUX_STATUS[rule.status]));
  return {
    apiVersion: `${table.group}/${table.version}`,
    kind: table.kind,
    ...(statuses.has('Failed') ? { failed: `${verdict} == 'Failed'` } : {}),
    current: `${verdict} == 'Current'`,
  };
}

/**
 * Argo CD health checks for HostedCluster and NodePool, for `spec.resourceHealthChecks` of an
 * OpenShift GitOps `ArgoCD` resource (or `argoCdConfigMapData` for a plain `argocd-cm`).
 */
export const argoCdHealthChecks: ReadonlyArray<ArgoCdHealthCheck> = healthTables.map(argoCdHealthCheck);

/**
 * Flux health check expressions for HostedCluster and NodePool, for `spec.healthCheckExprs` of a
 * Flux `Kustomization` (with `spec.wait: true` or `spec.healthChecks` naming the objects). Flux
 * reports InProgress when neither `failed` nor `current` is true.
 */
export const fluxHealthCheckExprs: ReadonlyArray<FluxHealthCheckExpr> = healthTables.map(fluxHealthCheckExpr);

/** `argocd-cm` data: `resource.customizations.health.<group>_<kind>` → Lua. */
export function argoCdConfigMapData(checks: ReadonlyArray<ArgoCdHealthCheck> = argoCdHealthChecks): Record<string, string> {
  const data: Record<string, string> = {};
  for (const { group, kind, check } of checks) {
    const key = `resource.customizations.health.${group}_${kind}`;
    if (key in data) throw new Error(`two health checks for ${group}/${kind}`);
    data[key] = check;
  }
  return data;
}
