/**
 * A fleet as cdk8s charts: each management cluster in its own folder (`management-<name>/`), each
 * hosted cluster placed on one of them (its chart `<platform>-<name>` written into that folder),
 * the delivery objects of the GitOps engines (`gitops-<cluster>/`) and the fleet report
 * (`reports/fleet.{json,svg}`). Placement is kept from the previous output (`reports/fleet-placement.json`).
 */
import * as fs from 'fs';
import * as path from 'path';
import { App, Chart } from 'cdk8s';
import { Construct } from 'constructs';
import type { KubernetesObject } from '../api';
import type { PathTranslator, PlanOptions, ValidationIssue } from '../core';
import { CLI_DEFAULTS } from '../core/defaults';
import { formatIssues } from '../core/errors';
import { GITOPS_PREFIX, ROLLOUT_RECORD_FILE, folderSpecs } from '../core/output-layout';
import { contributionOf, describeObject, managementNameOfKey, onManagementCluster, planKey } from '../core/plan-model';
import {
  checkDelivery,
  checkFleet,
  checkHostedCluster,
  checkHostedClusterWith,
  fleetRecordJson,
  fleetReportJson,
  fleetReportSvg,
  fleetSummary,
  isClusterWarning,
  readFleetRecord,
  readRolloutRecord,
  rolloutRecordJson,
  rolloutReport,
  rolloutReportJson,
  rolloutReportSvg,
  rolloutSummary,
} from './engine/lazy';
import type { FleetPlan, FleetPlannedHostedCluster, FleetProps, FleetRecord, HostedClusterChecks, RolloutPrevious } from '../fleet';

import { appState } from './engine/app-state';
import { PlanningThreads, ThreadPlannedCluster, planningThreadCount, prerenderedFilesOf, threadHostedClusterPlan } from './engine/fleet-planning';
import { synthesizesPlainly } from './planned-api-object';
import { previousReleaseImages, readPreviousOutput } from './engine/previous-output';
import { HostedClusterBundle, PlannedHostedCluster } from './hosted-cluster-bundle';
import type { HostedClusterProps } from '../platforms';
import { ManagementCluster } from './management-cluster';
import { renderChecked, renderWhenNeeded } from './render';
import { attachIssues, attachLaterIssues } from './engine/issues';
import { reportFile, reportLines } from './engine/reports';

/** The findings a cluster's schema check adds once it is settled (the thread's answer read). */
function settledFindings({ checked, deferred }: PlannedHostedCluster): readonly ValidationIssue[] {
  const known = checked.issues.length;
  deferred?.settle();
  return checked.issues.slice(known);
}

/** Where the synth keeps the placement for the next run, in the output folder. */
const PLACEMENT_FILE = 'fleet-placement.json';

/** Props of the cdk8s {@link Fleet}: the fleet, and the options its hosted clusters are planned with. */
export interface FleetConstructProps extends FleetProps {
  /** Validation and secret-handling options of every hosted cluster. @default {} */
  readonly options?: PlanOptions;
}

/**
 * The placement of the previous synth in `dir`: its record, or, when that is missing or broken,
 * where its HostedClusters were written (`management-<name>/`), so that a lost record moves no
 * cluster (address blocks are then handed out again, with the record's warning).
 */
function previousPlacement(dir: string | undefined): { record?: FleetRecord; issues: readonly ValidationIssue[] } {
  if (dir === undefined) return { issues: [] };
  const file = path.join(dir, 'reports', PLACEMENT_FILE);
  const read = readFleetRecord(fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined);
  if (read.record) return read;
  const placements: Record<string, string> = {};
  for (const { target, object } of readPreviousOutput(dir, new Set(['HostedCluster'])).objects.ofKind('HostedCluster')) {
    const managementCluster = managementNameOfKey(target);
    if (managementCluster !== undefined) placements[`${object.metadata.namespace ?? ''}/${object.metadata.name}`] = managementCluster;
  }
  return Object.keys(placements).length === 0 ? read : { record: { version: 1, placements, allocations: {} }, issues: read.issues };
}

/**
 * What a rollout reads of the previous synth in `dir`: its rollout record, and the release image of
 * each HostedCluster it wrote (`namespace/name` → image), for the order of the waves.
 */
function previousRollout(dir: string | undefined): RolloutPrevious & { issues: readonly ValidationIssue[] } {
  if (dir === undefined) return { issues: [] };
  const file = path.join(dir, 'reports', ROLLOUT_RECORD_FILE);
  const read = readRolloutRecord(fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : undefined);
  return { ...(read.record ? { record: read.record } : {}), releases: previousReleaseImages(dir), issues: read.issues };
}

/**
 * Places every hosted cluster of `props` on a management cluster (pins, then the previous
 * placement, then by platform, zone and capacity) and adds their charts to the App of `scope`.
 * Invalid props emit nothing and fail synthesis with every problem listed.
 */
export class Fleet extends Construct {
  /** The placement; undefined when the props have errors. */
  readonly plan?: FleetPlan;
  /**
   * The fleet's findings (its clusters' errors included) and those of its previous placement
   * record; a cluster's warnings are reported by that cluster's construct instead.
   */
  readonly issues: readonly ValidationIssue[];
  private readonly bundles = new Map<string, HostedClusterBundle>();
  /** Clusters a planning thread planned, by `namespace/name`: their prerendered chart, and what renders their bundle when it is asked for. */
  private readonly unrendered = new Map<string, { readonly chart: Chart; readonly render: () => HostedClusterBundle }>();
  private readonly managementClusters = new Map<string, ManagementCluster>();
  /** The delivery's findings, once it is planned. */
  private deliveryIssues: readonly ValidationIssue[] = [];
  /** The `namespace/name` of every hosted cluster the props give, planned or not. */
  private readonly given = new Set<string>();

  constructor(scope: Construct, id: string, props: FleetConstructProps) {
    super(scope, id);
    const { options = {}, ...fleet } = (typeof props === 'object' && props !== null ? props : {}) as FleetConstructProps;
    for (const hc of Array.isArray(fleet.hostedClusters) ? (fleet.hostedClusters as unknown[]) : []) {
      const { namespace = CLI_DEFAULTS.namespace, name } = (typeof hc === 'object' && hc !== null ? hc : {}) as { namespace?: unknown; name?: unknown };
      this.given.add(`${String(namespace)}/${String(name)}`);
    }
    const previous = previousPlacement(appState(this).previousOutputDir);
    const rollout = fleet.rollout === undefined ? { issues: [] } : previousRollout(appState(this).previousOutputDir);
    const { checked, checks, threadPlans } = this.check(fleet, previous.record, options, rollout);
    // The clusters' own warnings come from their constructs below.
    this.issues = [...previous.issues, ...rollout.issues, ...checked.issues.filter((i) => !isClusterWarning(i))];
    attachIssues(this, this.issues);
    if (!checked.plan) {
      // No bundle takes the clusters' schema checks: their findings are the fleet's.
      attachLaterIssues(this, () => [...checks.values()].flatMap(settledFindings));
      return;
    }
    const plan = (this.plan = checked.plan);
    const root = this.node.root as Construct;
    for (const mc of plan.managementClusters) {
      this.managementClusters.set(mc.name, new ManagementCluster(new Chart(root, `management-${mc.name}`), 'management', mc.props, { name: mc.name }));
    }
    this.addHostedClusters(root, plan, options, checks, threadPlans);
    // A prerendered chart that got constructs of someone's (found by its id rather than through
    // hostedCluster) renders its cluster's objects too, so that the synth writes all of it.
    appState(this).whenComplete.push(() => {
      for (const [key, { chart }] of this.unrendered) if (chart.node.children.length > 0) this.bundleOf(key);
    });
    reportFile(this, 'fleet.json', fleetReportJson(plan.report));
    reportFile(this, 'fleet.svg', fleetReportSvg(plan.report));
    reportFile(this, PLACEMENT_FILE, fleetRecordJson(plan.record));
    reportLines(this, fleetSummary(plan));
    if (plan.rollout) {
      const report = rolloutReport(plan.rollout);
      reportFile(this, 'rollout.json', rolloutReportJson(report));
      reportFile(this, 'rollout.svg', rolloutReportSvg(report));
      reportFile(this, ROLLOUT_RECORD_FILE, rolloutRecordJson(plan.rollout.record));
      reportLines(this, rolloutSummary(report));
    }
    if (plan.delivery !== undefined) {
      appState(this).whenComplete.push(() => this.deliver(root, plan));
      // cdk8s's own app.synth() validates every construct before it writes: the delivery is planned then too.
      this.node.addValidation({
        validate: () => {
          appState(this).complete();
          const errors = this.deliveryIssues.filter((i) => i.severity === 'error');
          return errors.length > 0 ? formatIssues(errors).split('\n') : [];
        },
      });
    }
  }

  /**
   * Checks and places the fleet, each hosted cluster once: its chart takes that check. Big fleets
   * plan in threads (see engine/fleet-planning.ts); otherwise each bundle's schema check runs in a thread
   * meanwhile. Returns the clusters checked here and those a thread planned, by their props.
   */
  private check(fleet: FleetProps, previous: FleetRecord | undefined, options: PlanOptions, rollout: RolloutPrevious) {
    const checks = new Map<HostedClusterProps, PlannedHostedCluster>();
    const threadPlans = new Map<HostedClusterProps, ThreadPlannedCluster>();
    const threads = appState(this).synth && synthesizesPlainly(App.of(this)) ? PlanningThreads.start(planningThreadCount(this.given.size), options) : undefined;
    const checkClusters: HostedClusterChecks = (clusters, clusterOptions) => {
      const answers = (clusterOptions === options ? threads?.plan(clusters) : undefined) ?? [];
      return clusters.map((clusterProps, index) => {
        const answer = answers[index];
        if (answer) {
          threadPlans.set(clusterProps, answer);
          return answer;
        }
        const deferred = appState(this).synth?.schemaChecks?.deferred();
        const result = deferred ? checkHostedClusterWith(clusterProps, clusterOptions, deferred.check) : checkHostedCluster(clusterProps, clusterOptions);
        checks.set(clusterProps, deferred ? { checked: result, deferred } : { checked: result });
        return result;
      });
    };
    try {
      return { checked: checkFleet(fleet, previous, options, checkClusters, rollout), checks, threadPlans };
    } finally {
      threads?.close();
    }
  }

  /** A chart per hosted cluster, `<platform>-<name>` as the guides' charts are named (with the namespace when two clusters share a name). */
  private addHostedClusters(
    root: Construct,
    plan: FleetPlan,
    options: PlanOptions,
    checks: ReadonlyMap<HostedClusterProps, PlannedHostedCluster>,
    threadPlans: ReadonlyMap<HostedClusterProps, ThreadPlannedCluster>,
  ): void {
    const named = new Map<string, number>();
    for (const hc of plan.hostedClusters) named.set(hc.props.name, (named.get(hc.props.name) ?? 0) + 1);
    for (const hc of plan.hostedClusters) {
      const type = String(hc.props.platform.type).toLowerCase();
      const chartId = named.get(hc.props.name)! > 1 ? `${type}-${hc.cluster.replace('/', '-')}` : `${type}-${hc.props.name}`;
      const chart = new Chart(root, chartId);
      const threadPlan = threadPlans.get(hc.props);
      if (threadPlan?.plan) {
        this.unrendered.set(hc.cluster, { chart, render: this.prerender(chart, hc, threadPlan, options) });
        continue;
      }
      const bundleProps = { ...hc.props, options, managementCluster: hc.managementCluster };
      // The plan the fleet made to place the cluster, handed to its bundle, which does not plan again.
      const planned = checks.get(hc.props);
      this.bundles.set(hc.cluster, planned ? new HostedClusterBundle(chart, 'cluster', bundleProps, planned) : new HostedClusterBundle(chart, 'cluster', bundleProps));
    }
  }

  /**
   * The bundle of hosted cluster `namespace/name` (namespace `clusters` when its props give none),
   * for the constructs planned against it (day 2, backup, import); undefined when the fleet's props
   * have errors (synthesis then fails with them). Throws for a cluster the fleet does not have.
   */
  hostedCluster(namespace: string, name: string): HostedClusterBundle | undefined {
    const key = `${namespace}/${name}`;
    const bundle = this.bundleOf(key);
    if (bundle || (!this.plan && this.given.has(key))) return bundle;
    const known = this.plan ? this.plan.hostedClusters.map((hc) => hc.cluster) : [...this.given];
    throw new Error(`the fleet has no hosted cluster ${key}; it has ${known.join(', ') || 'none'}.`);
  }

  /** The bundle of the hosted cluster `namespace/name`, rendered now if a planning thread planned it. */
  private bundleOf(key: string): HostedClusterBundle | undefined {
    const unrendered = this.unrendered.get(key);
    if (unrendered) {
      this.unrendered.delete(key);
      this.bundles.set(key, unrendered.render());
    }
    return this.bundles.get(key);
  }

  /** The ManagementCluster construct of management cluster `name`; undefined when the fleet's props have errors. Throws for a name the fleet does not have. */
  managementCluster(name: string): ManagementCluster | undefined {
    const mc = this.managementClusters.get(name);
    if (mc || !this.plan) return mc;
    throw new Error(`the fleet has no management cluster ${name}; it has ${[...this.managementClusters.keys()].join(', ')}.`);
  }

  /**
   * Adds what a planning thread planned for `hc` to the app's plan, as its bundle would, and makes
   * `chart` write the thread's documents; returns what makes its bundle when one is asked for.
   */
  private prerender(chart: Chart, hc: FleetPlannedHostedCluster, planned: ThreadPlannedCluster, options: PlanOptions): () => HostedClusterBundle {
    const plan = planned.plan!;
    // The paths of an object's fields in the props, for a finding made after planning (rare): planning again here tells them.
    let translators: Map<string, PathTranslator> | undefined;
    const paths = (object: KubernetesObject): PathTranslator | undefined => {
      translators ??= new Map((checkHostedCluster(hc.props, options).plan?.objects ?? []).flatMap((item) => (item.paths ? [[describeObject(item.object), item.paths]] : [])));
      return translators.get(describeObject(object));
    };
    const { plan: part, yaml } = threadHostedClusterPlan(plan, paths);
    // Named as the bundle's contribution would be: `HostedCluster <ns>/<name> (<chart>/cluster)`.
    const contribution = contributionOf(onManagementCluster(part, hc.managementCluster), planned.issues, `${part.label} (${chart.node.path}/cluster)`);
    const { added, issues } = appState(this).plan.add(contribution);
    attachIssues(chart, issues);
    const documents = new Map(contribution.objects.map((object, index) => [object, yaml[index]]));
    appState(this).prerendered.set(chart, prerenderedFilesOf(added, documents));
    // An object rendered later that depends on one of these needs their ApiObjects: the bundle renders them.
    renderWhenNeeded(this, added.map(planKey), () => this.bundleOf(hc.cluster));
    return () => {
      appState(this).prerendered.delete(chart);
      const bundleProps = { ...hc.props, options, managementCluster: hc.managementCluster };
      return new HostedClusterBundle(chart, 'cluster', bundleProps, { checked: { plan: part, issues }, adopted: added });
    };
  }

  /** The delivery objects, once every folder of the app is known. */
  private deliver(root: Construct, plan: FleetPlan): void {
    const objects = appState(this).plan.objects;
    const folders = folderSpecs(objects).filter((f) => !f.folder.startsWith(GITOPS_PREFIX));
    const placement = new Map(plan.hostedClusters.map((hc) => [hc.cluster, hc.managementCluster]));
    const managedClusters = new Set(objects.filter((p) => p.object.kind === 'ManagedCluster').map((p) => p.object.metadata.name));
    const rollout = plan.rollout && { waves: plan.rollout.waves, reached: plan.rollout.reached, paused: plan.rollout.paused };
    const checked = checkDelivery(plan.delivery, folders, placement, managedClusters, rollout);
    this.deliveryIssues = checked.issues;
    if (!checked.parts) {
      attachIssues(new Construct(this, 'delivery'), checked.issues);
      return;
    }
    const chart = new Chart(root, 'gitops');
    checked.parts.forEach((part, index) => renderChecked(new Construct(chart, `delivery-${index}`), { plan: part, issues: index === 0 ? checked.issues : [] }));
  }
}
