/**
 * The order cdk8s synthesizes in (charts, and the ApiObjects of each chart), computed in time
 * linear in the app. cdk8s's `app.charts` and `DependencyGraph` give the same order, but key
 * their vertices by construct path (recomputed on every lookup) and walk the whole app for each
 * graph: seconds for a fleet of thousands of charts.
 */
import { ApiObject, App, Chart, DependencyGraph } from 'cdk8s';
import type { IConstruct } from 'constructs';

export interface SynthesisOrder {
  /** The charts in the order cdk8s's `app.charts` gives. */
  readonly charts: readonly Chart[];
  /** True when charts depend on each other: cdk8s then numbers the files in that order. */
  readonly chartsDependOnEachOther: boolean;
  /** The ApiObjects of `chart` (not of charts nested in it) in dependency order. */
  objectsOf(chart: Chart): ApiObject[];
}

/**
 * The synthesis order of `app`, after cdk8s has resolved its dependencies (any chart's `toJson()`
 * does that). The fast path covers apps whose charts do not depend on each other (nothing depends
 * on a chart once cdk8s has turned cross-chart and nested-chart relations into chart dependencies);
 * other apps get cdk8s's own graphs.
 */
export function synthesisOrder(app: App, constructs: readonly IConstruct[] = app.node.findAll()): SynthesisOrder {
  const charts = constructs.filter((c): c is Chart => c instanceof Chart);
  const dependsOnChart = constructs.some((c) => c.node.dependencies.some((d) => d instanceof Chart));
  // cdk8s keys its graph by path in a plain object, which puts integer-like keys first: a chart
  // named "42" can move. Rare enough to leave to cdk8s itself.
  const integerLikePath = charts.some((chart) => /^(0|[1-9][0-9]*)$/.test(chart.node.path));
  if (dependsOnChart || integerLikePath) {
    const ordered = app.charts;
    return {
      charts: ordered,
      chartsDependOnEachOther: ordered.some((chart) => chart.node.dependencies.some((d) => d instanceof Chart)),
      objectsOf: (chart) => cdk8sObjectOrder(chart),
    };
  }
  // Nothing depends on a chart: every chart is a root of cdk8s's graph, taken in construction order.
  return { charts, chartsDependOnEachOther: false, objectsOf: (chart) => objectsInDependencyOrder(chart) ?? cdk8sObjectOrder(chart) };
}

/** What cdk8s writes for a chart (its `chartToKube`). */
function cdk8sObjectOrder(chart: Chart): ApiObject[] {
  return new DependencyGraph(chart.node).topology().filter((c): c is ApiObject => c instanceof ApiObject && Chart.of(c) === chart);
}

/**
 * cdk8s's topological order of a chart without nested charts: a depth-first walk from every
 * construct nothing depends on (in construction order), dependencies first, dependencies outside
 * the chart ignored. Undefined on a cycle, so that cdk8s reports it.
 */
function objectsInDependencyOrder(chart: Chart): ApiObject[] | undefined {
  const members = chart.node.findAll();
  const inChart = new Set<IConstruct>(members);
  const edges = new Map<IConstruct, Set<IConstruct>>();
  const dependedOn = new Set<IConstruct>();
  for (const member of members) {
    for (const dependency of member.node.dependencies) {
      if (!inChart.has(dependency)) continue;
      if (!edges.has(member)) edges.set(member, new Set());
      edges.get(member)!.add(dependency);
      dependedOn.add(dependency);
    }
  }
  const done = new Set<IConstruct>();
  const visiting = new Set<IConstruct>();
  const order: ApiObject[] = [];
  const visit = (construct: IConstruct): boolean => {
    if (done.has(construct)) return true;
    if (visiting.has(construct)) return false; // a cycle
    visiting.add(construct);
    for (const dependency of edges.get(construct) ?? []) if (!visit(dependency)) return false;
    visiting.delete(construct);
    done.add(construct);
    if (construct instanceof ApiObject) order.push(construct);
    return true;
  };
  for (const member of members) if (!dependedOn.has(member) && !visit(member)) return undefined;
  // Constructs reachable only through a cycle are never visited: cdk8s reports the cycle.
  return done.size === members.length ? order : undefined;
}
