/**
 * Flux delivery: Flux runs on each management cluster and applies that cluster's folders there.
 *
 * Flux dry-runs every object of a Kustomization before it applies any, so one Kustomization over a
 * whole management folder never applies: an operator's custom resource fails the dry run until
 * OLM has installed the operator. So each stage sub-folder gets a Kustomization of its own that
 * `dependsOn` the one before (with `wait`, a stage is done when its objects are healthy, judged by
 * the library's health expressions for the kinds in that stage).
 *
 * Folder `gitops-<name>` (`gitops-management` for the app's management cluster) holds, in the
 * Flux namespace: a GitRepository, a Kustomization `gitops` that keeps the folder itself in step
 * once it is applied by hand, the stage Kustomizations of the management folder and of the
 * cluster's other folders (an edge site's, which start after the management folder's last stage),
 * and, when hosted clusters live there, a Kustomization `hosted-clusters` applying folder
 * `gitops-<name>.hosted` after the management folder's last stage. That folder holds the stage
 * Kustomizations of each hosted cluster's folder: they must live in the HostedCluster's namespace
 * (beside its admin kubeconfig Secret, which they apply with), and that namespace exists only once
 * the management folder is applied, so they cannot be in the folder applied first.
 *
 * Flux applies with force and corrects every field of the manifest on every reconcile; the
 * kustomize-controller of the reference CRD cannot be told to leave a field (newer ones have
 * `spec.driftIgnoreRules`). Fields the manifest leaves out stay with their owners; a field the
 * manifest sets and another controller writes over (field-owners.ts) is a warning.
 */
import type { FluxKustomization, GitRepository, KustomizationSpecDependsOn } from '../api';
import { DELIVERY_API_VERSIONS } from '../api';
import type { FolderSpec, PlanItem, PlannedPart, StageSpec } from '../core';
import { GITOPS_PREFIX, MAX_LABEL_LENGTH, PHASES, managementTarget, planItem, quote, secretKeys, secretNames, targetFolder } from '../core';
import { fluxHealthCheckExprs } from '../gitops';
import type { FluxHealthCheckExpr } from '../gitops';
import type { DeliveryContext } from './context';
import { checkName, repoPath } from './context';
import type { FluxDeliveryProps } from './delivery-props';
import { FolderWave, earlierWaveRefs, folderWaves, suspendedStage } from './rollout';

/** The GitRepository of every management cluster's Flux. */
const FLUX_SOURCE_NAME = 'hcp-constructs';
/** The Kustomization that keeps a `gitops-...` folder itself in step. */
const FLUX_SELF_NAME = 'gitops';
/** The Kustomization that applies a management cluster's hosted clusters' Kustomizations. */
const FLUX_HOSTED_NAME = 'hosted-clusters';

/** The Flux folder of a management cluster (its name; undefined for the app's): `gitops-<name>`, `gitops-management`. */
const fluxFolder = (mc: string | undefined): string => `${GITOPS_PREFIX}${mc ?? 'management'}`;
/** The folder of a management cluster's hosted clusters' Kustomizations: `gitops-<name>.hosted` (a dot: no management cluster name has one). */
const fluxHostedFolder = (mc: string | undefined): string => `${fluxFolder(mc)}.hosted`;

/** The Kustomization name of a stage: `<folder>-<stage>`, or `<cluster>-<stage>` in a hosted cluster's namespace. */
function stageKustomizationName(folder: FolderSpec, stage: string): string {
  return folder.target.kind === 'hosted-cluster' ? `${folder.target.name}-${stage}` : `${folder.folder}-${stage}`;
}

/** The health expressions of the kinds in one stage (a subset of the exported ones, in their order). */
function stageHealthCheckExprs(stage: StageSpec): FluxHealthCheckExpr[] {
  const present = new Set(stage.kinds.map((k) => `${k.apiVersion} ${k.kind}`));
  return fluxHealthCheckExprs.filter((e) => present.has(`${e.apiVersion} ${e.kind}`));
}

/**
 * A duration as Flux's CRDs take it (`30s`, `5m`, `1h30m`): their pattern, narrower than the Go
 * durations core/validate.ts accepts (no `ns`, `us`), so a value passing here is never refused.
 */
const FLUX_DURATION = /^([0-9]+(\.[0-9]+)?(ms|s|m|h))+$/;

/** One management cluster's folders. */
interface ClusterFolders {
  /** Its name; undefined for the app's. */
  readonly mc: string | undefined;
  /** Its own folder (`management`, `management-<name>`), when it has one. */
  main?: FolderSpec;
  /** Its other folders (an edge site's): they start after the main folder's last stage. */
  readonly others: FolderSpec[];
  /** The folders of the hosted clusters placed on it. */
  readonly hosted: FolderSpec[];
}

/** Flux's settings with their defaults. */
interface FluxSettings {
  readonly namespace: string;
  readonly interval: string;
  readonly timeout?: string;
}

/** The Flux parts: `gitops-<name>` for each management cluster with folders, `gitops-<name>.hosted` for those with hosted clusters. */
export function planFlux(props: FluxDeliveryProps, ctx: DeliveryContext): PlannedPart[] {
  const settings: FluxSettings = { namespace: props.namespace ?? 'flux-system', interval: props.interval ?? '5m', ...(props.timeout !== undefined ? { timeout: props.timeout } : {}) };
  checkName(ctx.issues, 'flux.namespace', 'namespace', settings.namespace, 'label', 'flux-system');
  for (const key of ['interval', 'timeout'] as const) {
    const value = settings[key];
    if (value !== undefined && !FLUX_DURATION.test(value)) ctx.issues.error(`flux.${key}`, `${quote(value)} is not a Go duration.`, 'Write it like 5m, 30s or 1h30m.');
  }
  for (const folder of ctx.delivered) warnOverwritten(folder, ctx);
  const clusters = clustersOf(ctx);
  const waves = ctx.rollout ? folderWaves(ctx, ctx.rollout) : undefined;
  return [...clusters.keys()].sort().flatMap((key) => {
    const cluster = clusters.get(key)!;
    // The management folder's last stage: its other folders and its hosted clusters' start after it.
    const last = cluster.main ? lastStageRef(cluster.main, settings) : undefined;
    const parts = [managementPart(cluster, last, settings, ctx, waves)];
    if (cluster.hosted.length > 0) parts.push(hostedPart(cluster, last, settings, ctx, waves));
    return parts;
  });
}

/** A warning for each field of the folder's objects that Flux would force back over the value its owner writes. */
function warnOverwritten(folder: FolderSpec, ctx: DeliveryContext): void {
  for (const o of folder.overwritten) {
    const object = `${o.kind} ${o.namespace ? `${o.namespace}/` : ''}${o.name}`;
    ctx.issues.warn(
      'flux',
      `${o.field.owner} writes ${o.field.pointer} of ${object} (folder ${folder.folder}): ${o.field.writes} Flux applies the manifest's value back with force on every reconcile (which the API server refuses where the field is immutable once set, failing the stage), and its Kustomization has no way to leave the field alone.`,
      `Set the field in the props yourself, so that ${o.field.owner} has nothing to write, or deliver this folder with Argo CD (the library tells its Applications to leave the field).`,
    );
  }
}

/** The delivered folders by the Flux folder of their management cluster; a hosted folder's by `placement`. */
function clustersOf(ctx: DeliveryContext): Map<string, ClusterFolders> {
  const clusters = new Map<string, ClusterFolders>();
  const of = (mc: string | undefined) => {
    let entry = clusters.get(fluxFolder(mc));
    if (!entry) clusters.set(fluxFolder(mc), (entry = { mc, others: [], hosted: [] }));
    return entry;
  };
  const names = new Set(ctx.folders.map((f) => f.folder)); // looked up for each hosted cluster's folder: indexed once
  for (const folder of ctx.delivered) {
    const target = folder.target;
    if (target.kind === 'management') {
      const entry = of(target.name);
      if (folder.folder === targetFolder(target)) entry.main = folder;
      else entry.others.push(folder);
      continue;
    }
    const key = `${target.namespace}/${target.name}`;
    const mc = ctx.placement.get(key);
    if (mc !== undefined && !names.has(targetFolder(managementTarget(mc)))) {
      ctx.issues.error(`placement[${JSON.stringify(key)}]`, `hosted cluster ${key} is placed on management cluster ${quote(mc)}, which has no folder in the output.`, 'Place it on a management cluster of the fleet.');
    }
    of(mc).hosted.push(folder);
  }
  return clusters;
}

/** `gitops-<name>`: the source, the folder's own Kustomization, the staged management folders, and the hosted clusters' folder. */
function managementPart(cluster: ClusterFolders, last: KustomizationSpecDependsOn | undefined, settings: FluxSettings, ctx: DeliveryContext, waves?: ReadonlyMap<string, FolderWave>): PlannedPart {
  const folder = fluxFolder(cluster.mc);
  const source: GitRepository = {
    apiVersion: DELIVERY_API_VERSIONS.gitRepository,
    kind: 'GitRepository',
    metadata: { name: FLUX_SOURCE_NAME, namespace: settings.namespace },
    spec: { url: ctx.repoURL, ref: { branch: ctx.revision }, interval: settings.interval },
  };
  const objects: PlanItem[] = [planItem(source, PHASES.day2)];
  const add = (k: FluxKustomization) => objects.push(planItem(k, PHASES.day2));
  add(kustomization(FLUX_SELF_NAME, settings.namespace, repoPath(ctx, folder), settings, { wait: false }));
  if (cluster.main) stageKustomizations(cluster.main, settings.namespace, undefined, settings, ctx, undefined, waveRules(cluster.main, [], waves, ctx)).forEach(add);
  for (const other of cluster.others) stageKustomizations(other, settings.namespace, last, settings, ctx).forEach(add);
  if (cluster.hosted.length > 0) add(kustomization(FLUX_HOSTED_NAME, settings.namespace, repoPath(ctx, fluxHostedFolder(cluster.mc)), settings, { wait: false, dependsOn: last ? [{ name: last.name }] : [] }));
  return { label: `Flux delivery (${folder})`, target: managementTarget(cluster.mc), folder, objects };
}

/** `gitops-<name>.hosted`: each hosted cluster's staged folder, in its namespace, applied with its admin kubeconfig. */
function hostedPart(cluster: ClusterFolders, last: KustomizationSpecDependsOn | undefined, settings: FluxSettings, ctx: DeliveryContext, waves?: ReadonlyMap<string, FolderWave>): PlannedPart {
  const folder = fluxHostedFolder(cluster.mc);
  const objects = cluster.hosted.flatMap((hosted) => {
    const target = hosted.target as { readonly namespace: string; readonly name: string };
    const after = waves ? earlierWaveRefs(hosted, cluster.hosted, waves, hostedLastStageRef) : [];
    return stageKustomizations(hosted, target.namespace, last, settings, ctx, target.name, waveRules(hosted, after, waves, ctx)).map((k) => planItem(k, PHASES.day2));
  });
  return { label: `Flux delivery (${folder})`, target: managementTarget(cluster.mc), folder, objects };
}

/** What a rollout adds to a folder's stages: the earlier wave's folders its first stage waits for, and which stages are suspended. */
interface WaveRules {
  readonly after: readonly KustomizationSpecDependsOn[];
  readonly suspended: (stage: string) => boolean;
}

function waveRules(folder: FolderSpec, after: readonly KustomizationSpecDependsOn[], waves: ReadonlyMap<string, FolderWave> | undefined, ctx: DeliveryContext): WaveRules | undefined {
  const rollout = ctx.rollout;
  return rollout && waves ? { after, suspended: (stage) => suspendedStage(folder, stage, waves, rollout) } : undefined;
}

/** The reference to a hosted cluster's folder's last stage Kustomization, in the cluster's namespace. */
function hostedLastStageRef(folder: FolderSpec): KustomizationSpecDependsOn | undefined {
  const stage = folder.stages[folder.stages.length - 1];
  return stage && folder.target.kind === 'hosted-cluster' ? { name: stageKustomizationName(folder, stage.name), namespace: folder.target.namespace } : undefined;
}

/** The reference to a folder's last stage Kustomization, from anywhere (with its namespace). */
function lastStageRef(folder: FolderSpec, settings: FluxSettings): KustomizationSpecDependsOn | undefined {
  const stage = folder.stages[folder.stages.length - 1];
  return stage ? { name: stageKustomizationName(folder, stage.name), namespace: settings.namespace } : undefined;
}

/**
 * One Kustomization per stage of a folder, in STAGES order, each after the one before; the first
 * after `first` (another folder's last stage) when given, and after the earlier wave's folders of
 * a rollout (`rules`). `cluster`: a hosted cluster's name, whose admin kubeconfig applies them.
 */
function stageKustomizations(folder: FolderSpec, namespace: string, first: KustomizationSpecDependsOn | undefined, settings: FluxSettings, ctx: DeliveryContext, cluster?: string, rules?: WaveRules): FluxKustomization[] {
  const local = (ref: KustomizationSpecDependsOn) => (ref.namespace === namespace ? { name: ref.name } : ref);
  let previous: KustomizationSpecDependsOn[] = [...(first ? [local(first)] : []), ...(rules?.after ?? []).map(local)];
  return folder.stages.map((stage) => {
    const name = stageKustomizationName(folder, stage.name);
    if (name.length > MAX_LABEL_LENGTH) {
      ctx.issues.error(
        'flux',
        `the Kustomization ${name} of folder ${folder.folder} has a name of ${name.length} characters; Flux labels what it applies with the name, and a label value has at most ${MAX_LABEL_LENGTH}.`,
        'Give the management cluster or hosted cluster a shorter name.',
      );
    }
    const exprs = stageHealthCheckExprs(stage);
    const k = kustomization(name, namespace, repoPath(ctx, folder.folder, stage.name), settings, {
      wait: true,
      dependsOn: previous,
      suspend: rules?.suspended(stage.name) ?? false,
      sourceNamespace: namespace === settings.namespace ? undefined : settings.namespace,
      ...(cluster ? { kubeConfig: { secretRef: { name: secretNames.adminKubeconfig(cluster), key: secretKeys.adminKubeconfig } } } : {}),
      ...(exprs.length > 0 ? { healthCheckExprs: exprs.map((e) => ({ ...e })) } : {}),
    });
    previous = [{ name }];
    return k;
  });
}

/** A Kustomization of the GitRepository (in `sourceNamespace` when it is another). */
function kustomization(
  name: string,
  namespace: string,
  path: string,
  settings: FluxSettings,
  more: { wait: boolean; dependsOn?: readonly KustomizationSpecDependsOn[]; sourceNamespace?: string; suspend?: boolean } & Pick<FluxKustomization['spec'], 'kubeConfig' | 'healthCheckExprs'>,
): FluxKustomization {
  const { wait, dependsOn, sourceNamespace, kubeConfig, healthCheckExprs, suspend } = more;
  return {
    apiVersion: DELIVERY_API_VERSIONS.kustomization,
    kind: 'Kustomization',
    metadata: { name, namespace },
    spec: {
      interval: settings.interval,
      sourceRef: { kind: 'GitRepository', name: FLUX_SOURCE_NAME, ...(sourceNamespace ? { namespace: sourceNamespace } : {}) },
      path: `./${path}`,
      prune: true,
      wait,
      ...(wait && settings.timeout ? { timeout: settings.timeout } : {}),
      ...(dependsOn?.length ? { dependsOn } : {}),
      // A paused rollout's wave in progress: Flux applies nothing more of it until the rollout resumes.
      ...(suspend ? { suspend } : {}),
      ...(kubeConfig ? { kubeConfig } : {}),
      ...(healthCheckExprs ? { healthCheckExprs } : {}),
    },
  };
}
