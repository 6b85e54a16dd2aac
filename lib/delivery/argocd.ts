/**
 * Argo CD delivery, in folder `gitops-<hub>` on the management cluster that runs Argo CD: an
 * AppProject that allows exactly the repository, the destination clusters and the cluster-scoped
 * kinds of the folders; one ApplicationSet making an Application per folder (the folder's own
 * kustomization.yaml lists its stages, and sync waves order the objects within it); and the
 * library's health checks, as a patch of the operator's ArgoCD resource or of `argocd-cm`.
 * The Applications leave the fields other controllers write over the manifest (field-owners.ts)
 * out of their diff and their syncs. Only fields Argo CD v3.5.1 has are written.
 */
import type { AppProject, ApplicationIgnoreDifferences, ApplicationSet, ApplicationSetGenerator, ArgoCd, ConfigMap, KubernetesObject } from '../api';
import { DELIVERY_API_VERSIONS } from '../api';
import type { FolderSpec, KindRef, PlannedPart } from '../core';
import { GITOPS_PREFIX, PHASES, apiGroupOf, managementTarget, planItem, quote, targetFolder } from '../core';
import { argoCdConfigMapData, argoCdHealthChecks } from '../gitops';
import type { DeliveryContext } from './context';
import { checkName, repoPath, unknownName } from './context';
import type { ARGO_CD_GENERATORS, ARGO_CD_HEALTH_CHECKS, ArgoCdDeliveryProps } from './delivery-props';
import { ROLLOUT_WAVE_LABEL, folderWaves, rollingSyncStrategy } from './rollout';

/** The Argo CD cluster name of the cluster Argo CD runs on. */
export const IN_CLUSTER = 'in-cluster';
/** The folder of the Argo CD objects when no hub is named. */
const DEFAULT_HUB_FOLDER = `${GITOPS_PREFIX}hub`;
/** The OpenShift GitOps instance whose health checks are patched. */
const OPENSHIFT_GITOPS_INSTANCE = 'openshift-gitops';

/** Argo CD's settings with their defaults. */
export interface ArgoCdSettings {
  /** The management cluster running Argo CD; undefined for the app's. */
  readonly hub?: string;
  /** Namespace of the Argo CD instance. */
  readonly namespace: string;
  /** Name of the AppProject, and of the ApplicationSet and ACM's objects. */
  readonly project: string;
  /** How the ApplicationSet lists the folders. */
  readonly generator: (typeof ARGO_CD_GENERATORS)[number];
  /** How Argo CD learns the health checks. */
  readonly healthChecks: (typeof ARGO_CD_HEALTH_CHECKS)[number];
  /** Destination by delivered folder. */
  readonly destinations: ReadonlyMap<string, string>;
}

/** The folder of the Argo CD objects: `gitops-<hub>`, `gitops-hub` without one. */
const argoCdFolder = (hub: string | undefined): string => (hub === undefined ? DEFAULT_HUB_FOLDER : `${GITOPS_PREFIX}${hub}`);

/**
 * The Argo CD cluster a folder goes to unless `destinations` names one: `management` and the hub's
 * own folder to `in-cluster`, `management-<name>` to `<name>` (the ManagedCluster name, which
 * GitOpsCluster names its cluster Secrets for), `hosted-<namespace>-<name>` to `<name>` (an imported
 * hosted cluster's ManagedCluster), any other folder (an edge site's) to `in-cluster`.
 */
function defaultDestination(folder: FolderSpec, hub: string | undefined): string {
  const target = folder.target;
  if (target.kind === 'hosted-cluster') return target.name;
  return target.name === undefined || target.name === hub ? IN_CLUSTER : target.name;
}

/** What the git generator's template derives from a folder's name (see {@link gitDestinationTemplate}). */
export function gitDerivedDestination(folder: string, hub: string | undefined): string {
  if (folder.startsWith('hosted-')) return folder.slice('hosted-'.length);
  if (folder.startsWith('management-') && folder !== `management-${hub}`) return folder.slice('management-'.length);
  return IN_CLUSTER;
}

/** The Go template (sprig) of the git generator's destination: {@link gitDerivedDestination} over `.path.basename`. */
export function gitDestinationTemplate(hub: string | undefined): string {
  const b = '.path.basename';
  const named = hub === undefined ? `hasPrefix "management-" ${b}` : `and (hasPrefix "management-" ${b}) (ne ${b} "management-${hub}")`;
  return `{{ if hasPrefix "hosted-" ${b} }}{{ trimPrefix "hosted-" ${b} }}{{ else if ${named} }}{{ trimPrefix "management-" ${b} }}{{ else }}${IN_CLUSTER}{{ end }}`;
}

/** The git generator's directory patterns: every folder of the output path but the delivery folders and the reports. */
export function gitDirectories(ctx: Pick<DeliveryContext, 'path'>): Array<{ path: string; exclude?: boolean }> {
  return [{ path: repoPath(ctx, '*') }, { path: repoPath(ctx, `${GITOPS_PREFIX}*`), exclude: true }, { path: repoPath(ctx, 'reports'), exclude: true }];
}

/** The (group, kind) pairs of the folders' cluster-scoped objects, sorted: the AppProject's whitelist. */
export function clusterResourceWhitelist(folders: readonly FolderSpec[]): Array<{ group: string; kind: string }> {
  const pairs = new Map<string, { group: string; kind: string }>();
  for (const ref of folders.flatMap((f) => f.stages.flatMap((s) => s.clusterScoped))) {
    const group = apiGroupOf(ref.apiVersion);
    pairs.set(`${group}/${ref.kind}`, { group, kind: ref.kind });
  }
  return [...pairs.keys()].sort().map((key) => pairs.get(key)!);
}

/** Every kind in the folders. */
const kindsOf = (folders: readonly FolderSpec[]): KindRef[] => folders.flatMap((f) => f.stages.flatMap((s) => s.kinds));

/** The settings, checked: the hub, names, destinations (DA2, DA3). */
function settingsOf(props: ArgoCdDeliveryProps, ctx: DeliveryContext): ArgoCdSettings {
  const { issues, delivered } = ctx;
  const settings = {
    hub: props.hub,
    namespace: props.namespace ?? 'openshift-gitops',
    project: props.project ?? 'hosted-control-planes',
    generator: props.generator ?? 'list',
    healthChecks: props.healthChecks ?? 'argocd',
  };
  checkName(issues, 'argoCd.namespace', 'namespace', settings.namespace, 'label', 'openshift-gitops');
  checkName(issues, 'argoCd.project', 'project name', settings.project, 'subdomain', 'hosted-control-planes');
  const fleet = ctx.folders.flatMap((f) => (f.target.kind === 'management' && f.target.name !== undefined && f.folder === targetFolder(f.target) ? [f.target.name] : []));
  if (settings.hub !== undefined && !fleet.includes(settings.hub)) {
    unknownName(issues, 'argoCd.hub', `no management cluster ${quote(settings.hub)} is in the output (no folder management-${settings.hub})`, settings.hub, fleet, `Name one of the fleet's management clusters (${fleet.join(', ') || 'none'}), or leave hub out for the app's management cluster.`);
  }
  const names = delivered.map((f) => f.folder);
  const known = new Set(names);
  const given = props.destinations ?? {};
  for (const [folder, destination] of Object.entries(given)) {
    if (!known.has(folder)) unknownName(issues, `argoCd.destinations[${JSON.stringify(folder)}]`, `no folder ${quote(folder)} is delivered`, folder, names, `Name one of the folders: ${names.join(', ')}.`);
    if (destination.trim() === '' || /\s/.test(destination)) issues.error(`argoCd.destinations[${JSON.stringify(folder)}]`, `${quote(destination)} is not an Argo CD cluster name.`, 'Give the name of a cluster registered in Argo CD.');
  }
  const destinations = new Map(delivered.map((f) => [f.folder, Object.hasOwn(given, f.folder) ? given[f.folder] : defaultDestination(f, settings.hub)]));
  // Indexed once: the check below runs for each of a fleet's (thousands of) hosted clusters' folders.
  const withManagedCluster = new Set(ctx.folders.filter(hasManagedCluster).map((f) => f.folder));
  for (const f of delivered) checkDestination(f, destinations.get(f.folder)!, Object.hasOwn(given, f.folder), settings, withManagedCluster, ctx);
  return { ...settings, destinations };
}

/** Whether a folder holds an ACM ManagedCluster (which imports a hosted cluster into ACM, and so into Argo CD). */
const hasManagedCluster = (folder: FolderSpec): boolean =>
  folder.stages.some((s) => s.kinds.some((k) => k.kind === 'ManagedCluster' && apiGroupOf(k.apiVersion) === 'cluster.open-cluster-management.io'));

/**
 * DA2 (the git generator derives the folder's destination from its name) and DA3 (a hosted cluster
 * that is not imported). `withManagedCluster`: the folders holding a ManagedCluster.
 */
function checkDestination(
  folder: FolderSpec,
  destination: string,
  given: boolean,
  settings: Omit<ArgoCdSettings, 'destinations'>,
  withManagedCluster: ReadonlySet<string>,
  ctx: DeliveryContext,
): void {
  const path = `argoCd.destinations[${JSON.stringify(folder.folder)}]`;
  if (settings.generator === 'git') {
    const derived = gitDerivedDestination(folder.folder, settings.hub);
    if (derived !== destination) {
      ctx.issues.error(
        given ? path : 'argoCd.generator',
        `the git generator derives folder ${folder.folder}'s Argo CD cluster from its name (${quote(derived)}), but the folder goes to ${quote(destination)}.`,
        `Use generator 'list', or register the cluster in Argo CD as ${quote(derived)}${given ? ' and set this destination to it' : ` and set argoCd.destinations[${JSON.stringify(folder.folder)}] to it`}.`,
      );
    }
  }
  const target = folder.target;
  if (target.kind !== 'hosted-cluster' || given) return;
  const mc = ctx.placement.get(`${target.namespace}/${target.name}`);
  const imported = ctx.managedClusters ? ctx.managedClusters.has(destination) : withManagedCluster.has(targetFolder(managementTarget(mc)));
  if (!imported) {
    ctx.issues.warn(
      path,
      `hosted cluster ${target.namespace}/${target.name} is not imported (no ManagedCluster on its management cluster), so no Argo CD cluster ${quote(destination)} will exist for folder ${folder.folder} and its Application will not sync.`,
      `Import the cluster (HostedClusterImport), or register it in Argo CD and name it in argoCd.destinations[${JSON.stringify(folder.folder)}].`,
    );
  }
}

/** The Argo CD part, and the checked settings it was planned with (which ACM's objects follow). */
export function planArgoCd(props: ArgoCdDeliveryProps, ctx: DeliveryContext): { part: PlannedPart; settings: ArgoCdSettings } {
  const settings = settingsOf(props, ctx);
  const { namespace, project } = settings;
  const delivered = ctx.delivered;
  const appProject: AppProject = {
    apiVersion: DELIVERY_API_VERSIONS.appProject,
    kind: 'AppProject',
    metadata: { name: project, namespace },
    spec: {
      description: 'The output folders of hcp-constructs.',
      sourceRepos: [ctx.repoURL],
      destinations: [...new Set(settings.destinations.values())].sort().map((name) => ({ name, namespace: '*' })),
      clusterResourceWhitelist: clusterResourceWhitelist(delivered),
    },
  };
  const git = settings.generator === 'git';
  const waves = rolloutWaves(ctx, git);
  const generator: ApplicationSetGenerator = git
    ? { git: { repoURL: ctx.repoURL, revision: ctx.revision, directories: gitDirectories(ctx) } }
    : { list: { elements: delivered.map((f) => ({ folder: f.folder, path: repoPath(ctx, f.folder), destination: settings.destinations.get(f.folder)!, ...(waves ? { rolloutWave: waves.get(f.folder)!.name } : {}) })) } };
  const ignoreDifferences = ignoredDifferences(delivered);
  const applicationSet: ApplicationSet = {
    ...{ apiVersion: DELIVERY_API_VERSIONS.applicationSet, kind: 'ApplicationSet', metadata: { name: project, namespace } },
    spec: {
      goTemplate: true,
      goTemplateOptions: ['missingkey=error'],
      generators: [generator],
      ...(waves ? { strategy: rollingSyncStrategy(ctx.rollout!) } : {}),
      template: {
        metadata: { name: git ? '{{.path.basename}}' : '{{.folder}}', ...(waves ? { labels: { [ROLLOUT_WAVE_LABEL]: '{{.rolloutWave}}' } } : {}) },
        spec: {
          project,
          source: { repoURL: ctx.repoURL, targetRevision: ctx.revision, path: git ? '{{.path.path}}' : '{{.path}}' },
          destination: { name: git ? gitDestinationTemplate(settings.hub) : '{{.destination}}' },
          ...(ignoreDifferences.length > 0 ? { ignoreDifferences } : {}),
          syncPolicy: {
            automated: { prune: true, selfHeal: true },
            // A hosted cluster's folder fails until its cluster is registered: keep retrying.
            retry: { limit: -1, backoff: { duration: '30s', factor: 2, maxDuration: '10m' } },
            // A sync copies the ignored fields' live values into what it applies, instead of reverting them.
            syncOptions: ['ServerSideApply=true', ...(ignoreDifferences.length > 0 ? ['RespectIgnoreDifferences=true'] : [])],
          },
        },
      },
    },
  };
  const health = healthCheckObject(settings, kindsOf(delivered));
  const part: PlannedPart = {
    label: `Argo CD delivery (${argoCdFolder(settings.hub)})`,
    target: managementTarget(settings.hub),
    folder: argoCdFolder(settings.hub),
    objects: [
      ...(health ? [planItem(health, PHASES.operatorConfiguration, { kind: 'exists' }, { patch: true })] : []),
      planItem(appProject, PHASES.day2),
      planItem(applicationSet, PHASES.day2),
    ],
  };
  return { part, settings };
}

/** A rollout's waves by folder: the Applications' label and the progressive sync's steps (the list generator's elements carry the label). */
function rolloutWaves(ctx: DeliveryContext, git: boolean): ReturnType<typeof folderWaves> | undefined {
  if (ctx.rollout && git) {
    ctx.issues.warn('argoCd.generator', "the git generator's Applications carry no wave label, so Argo CD syncs every folder of the rollout's waves at once (the waves still start one commit at a time: `hcp-constructs rollout next`).", "Use generator 'list' for a progressive sync in the rollout's order.");
  }
  return ctx.rollout && !git ? folderWaves(ctx, ctx.rollout) : undefined;
}

/**
 * What every Application leaves out of its diff and syncs: per object, the fields other controllers
 * write over its manifest, in the folders' order. One list for the whole ApplicationSet (its
 * template is shared): each entry names its object, which is in one folder only, so the others'
 * Applications never match it.
 */
export function ignoredDifferences(folders: readonly FolderSpec[]): ApplicationIgnoreDifferences[] {
  const byObject = new Map<string, { entry: Omit<ApplicationIgnoreDifferences, 'jsonPointers'>; pointers: string[] }>();
  for (const o of folders.flatMap((f) => f.overwritten)) {
    const key = [o.group, o.kind, o.namespace ?? '', o.name].join('\0');
    let found = byObject.get(key);
    if (!found) byObject.set(key, (found = { entry: { ...(o.group ? { group: o.group } : {}), kind: o.kind, name: o.name, ...(o.namespace ? { namespace: o.namespace } : {}) }, pointers: [] }));
    found.pointers.push(o.field.pointer);
  }
  return [...byObject.values()].map(({ entry, pointers }) => ({ ...entry, jsonPointers: pointers }));
}

/** The health checks of the kinds in the folders, as a patch of the operator's ArgoCD resource or of `argocd-cm`; none when no kind has one. */
function healthCheckObject(settings: ArgoCdSettings, kinds: readonly KindRef[]): KubernetesObject | undefined {
  const present = new Set(kinds.map((k) => `${apiGroupOf(k.apiVersion)}/${k.kind}`));
  const checks = argoCdHealthChecks.filter((c) => present.has(`${c.group}/${c.kind}`));
  if (settings.healthChecks === 'none' || checks.length === 0) return undefined;
  if (settings.healthChecks === 'config-map') {
    const configMap: ConfigMap = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'argocd-cm', namespace: settings.namespace }, data: argoCdConfigMapData(checks) };
    return configMap;
  }
  const argoCd: ArgoCd = {
    apiVersion: DELIVERY_API_VERSIONS.argoCd,
    kind: 'ArgoCD',
    metadata: { name: OPENSHIFT_GITOPS_INSTANCE, namespace: settings.namespace },
    spec: { resourceHealthChecks: checks.map(({ group, kind, check }) => ({ group, kind, check })) },
  };
  return argoCd;
}
