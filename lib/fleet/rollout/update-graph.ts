/**
 * The update graph the user captured from the OpenShift update service: which releases a release
 * updates to in one hop, and the risks of the conditional ones. Versions are compared as written
 * in the graph (`4.17.3`), after dropping an architecture suffix a release tag may carry.
 */
import { compareVersions, formatVersion, parseVersion } from '../../core/release';
import type { UpdateGraphProps, UpdateRiskProps } from './rollout-props';

/** One hop from a release: offered or not, and the risks it carries when it is conditional. */
export interface UpdateHop {
  readonly offered: boolean;
  readonly risks: readonly UpdateRiskProps[];
}

/** The graph indexed by version: `from` → `to` → the risks (empty for an unconditional edge). */
export type UpdateGraphIndex = ReadonlyMap<string, ReadonlyMap<string, readonly UpdateRiskProps[]>>;

/** `4.17.3` for `4.17.3`, `4.17.3-x86_64` or `4.17.3+abc`: the graph's node names. */
export function graphVersion(text: string): string {
  const parsed = parseVersion(text);
  return parsed ? formatVersion(parsed) : text;
}

/** The graph indexed for look-ups; edges whose indexes point at no node are skipped. */
export function indexUpdateGraph(graph: UpdateGraphProps): UpdateGraphIndex {
  const index = new Map<string, Map<string, readonly UpdateRiskProps[]>>();
  const add = (from: string, to: string, risks: readonly UpdateRiskProps[]) => {
    let targets = index.get(from);
    if (!targets) index.set(from, (targets = new Map()));
    // An unconditional edge wins over a conditional one of the same hop: it carries no risk.
    const known = targets.get(to);
    if (known === undefined || (known.length > 0 && risks.length === 0)) targets.set(to, risks);
    else if (risks.length > 0 && known.length > 0) targets.set(to, [...known, ...risks.filter((r) => !known.some((k) => k.name === r.name))]);
  };
  for (const edge of graph.edges) {
    const from = graph.nodes[edge[0]];
    const to = graph.nodes[edge[1]];
    if (edge.length === 2 && from && to) add(graphVersion(from.version), graphVersion(to.version), []);
  }
  for (const group of graph.conditionalEdges ?? []) for (const e of group.edges) add(graphVersion(e.from), graphVersion(e.to), group.risks);
  return index;
}

/** The hop from `from` to `to` (versions). */
export function updateHop(index: UpdateGraphIndex, from: string, to: string): UpdateHop {
  const risks = index.get(graphVersion(from))?.get(graphVersion(to));
  return risks === undefined ? { offered: false, risks: [] } : { offered: true, risks };
}

/** The releases offered from `from`, newest first (for a fix). */
export function offeredFrom(index: UpdateGraphIndex, from: string): string[] {
  const order = (v: string) => parseVersion(v) ?? { major: 0, minor: 0, patch: 0 };
  return [...(index.get(graphVersion(from))?.keys() ?? [])].sort((a, b) => compareVersions(order(b), order(a)));
}
