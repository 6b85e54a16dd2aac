/**
 * The benchmark workload: N distinct hosted clusters built from the examples in
 * examples/clusters.ts, the four platforms round-robin, each with exactly 2 NodePools and its
 * secrets as ExternalSecrets (pull secret, SSH key, etcd encryption key). Also the ways of
 * writing them that the benchmark compares: the library's synth, its one-thread core floor, a
 * plain js-yaml emitter and the Fleet construct over 100 management clusters.
 */
import * as jsYaml from 'js-yaml';
import * as fs from 'fs';
import * as path from 'path';
import { App, Chart } from 'cdk8s';
import type { FleetProps, HostedClusterProps, KubernetesObject, PlanOptions } from '../lib';
import { SecretSource, checkHostedCluster, formatIssues } from '../lib';
import { ANNOTATIONS } from '../lib/core/defaults';
import { toYamlStream } from '../lib/core/yaml';
import { Fleet, HostedClusterBundle, SynthResult, synthAtomically } from '../lib/cdk8s';
import { EXAMPLE_MANAGEMENT_CLUSTER, SUPPORTED_VERSIONS, agentCluster, awsCluster, kubevirtCluster, noneCluster } from '../examples/clusters';

export const OPTIONS: PlanOptions = { supportedVersions: SUPPORTED_VERSIONS };

const PLATFORM_ORDER = ['Agent', 'KubeVirt', 'AWS', 'None'] as const;

const vault = (key: string, property?: string) => SecretSource.external({ store: 'vault', key, property });

/** The props of cluster number `index` (0-based); names are `c00001`, `c00002`, ... */
export function clusterProps(index: number): HostedClusterProps {
  const name = `c${String(index + 1).padStart(5, '0')}`;
  const namespace = `clusters-${name}`;
  const secrets = {
    pullSecret: vault('hosted-clusters/pull-secret'),
    sshKey: vault(`hosted-clusters/${name}`, 'ssh-public-key'),
    secretEncryption: { aescbc: vault(`hosted-clusters/${name}`, 'etcd-encryption-key') },
  };
  const platform = PLATFORM_ORDER[index % PLATFORM_ORDER.length];
  switch (platform) {
    case 'Agent':
      return {
        ...agentCluster,
        name,
        namespace,
        platform: { type: 'Agent', agent: { agentNamespace: namespace } },
        services: { apiServerAddress: `api.${name}.int.massopen.cloud` },
        ...secrets,
        nodePools: [
          { name: `${name}-workers`, replicas: 0 },
          { name: `${name}-infra`, replicas: 0, platform: { agent: { agentLabelSelector: { matchLabels: { role: 'infra' } } } } },
        ],
      };
    case 'KubeVirt':
      return {
        ...kubevirtCluster,
        name,
        namespace,
        ...secrets,
        nodePools: (kubevirtCluster.nodePools ?? []).map((pool, i) => ({ ...pool, name: `${name}-${i === 0 ? 'workers' : 'infra'}` })),
      };
    case 'AWS': {
      if (awsCluster.platform.type !== 'AWS') throw new Error('awsCluster is not an AWS cluster');
      const aws = awsCluster.platform.aws;
      return {
        ...awsCluster,
        name,
        namespace,
        platform: { type: 'AWS', aws: { ...aws, issuerURL: `https://hcp-oidc-example.s3.us-east-2.amazonaws.com/${name}` } },
        ...secrets,
        // No nodePools prop: the default is one pool per zone, and the example has two zones.
      };
    }
    case 'None':
      return {
        ...noneCluster,
        name,
        namespace,
        ...secrets,
        nodePools: [
          { name: `${name}-workers`, replicas: 2 },
          { name: `${name}-storage`, replicas: 1, nodeLabels: { 'node-role.kubernetes.io/storage': '' } },
        ],
      };
  }
}

/** Props of clusters `first` .. `first + count - 1`. */
export function workload(count: number, first = 0): HostedClusterProps[] {
  return Array.from({ length: count }, (_, i) => clusterProps(first + i));
}

/** Chart id, as defineExample names it. */
export const chartId = (props: HostedClusterProps) => `${props.platform.type.toLowerCase()}-${props.name}`;

/** One cluster's objects exactly as HostedClusterBundle renders them (sync-wave annotation included). */
export interface PlainCluster {
  readonly chartId: string;
  readonly objects: readonly KubernetesObject[];
}

/**
 * The plan's objects with the `argocd.argoproj.io/sync-wave` annotation renderObject adds
 * (lib/cdk8s/render.ts), in phase order. Throws when a cluster has errors.
 */
export function plainObjects(props: HostedClusterProps, options: PlanOptions = OPTIONS): PlainCluster {
  const { plan, issues } = checkHostedCluster(props, options);
  const errors = issues.filter((i) => i.severity === 'error');
  if (!plan || errors.length > 0) throw new Error(`cluster ${props.name} is invalid:\n${formatIssues(errors)}`);
  const objects = plan.phases.flatMap((phase) =>
    phase.objects.map((object) => {
      const { metadata, ...rest } = object;
      return {
        ...rest,
        metadata: { ...metadata, annotations: { ...metadata.annotations, [ANNOTATIONS.argoSyncWave]: String(phase.wave) } },
      } as KubernetesObject;
    }),
  );
  return { chartId: chartId(props), objects };
}

/**
 * The JSON cdk8s writes for an object: null/undefined dropped, keys sorted, then apiVersion,
 * kind and metadata first (ApiObject.toJson). Lets the yaml baseline emit the same bytes.
 */
export function canonical(object: KubernetesObject): Record<string, unknown> {
  const sorted = sanitize(object) as Record<string, unknown>;
  const result: Record<string, unknown> = {};
  for (const key of ['apiVersion', 'kind', 'metadata', ...Object.keys(sorted)]) if (key in sorted) result[key] = sorted[key];
  return result;
}

function sanitize(value: unknown): unknown {
  if (value === null || value === undefined) return undefined;
  if (typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(sanitize);
  const out: Record<string, unknown> = {};
  for (const key of Object.keys(value).sort()) {
    const v = sanitize((value as Record<string, unknown>)[key]);
    if (v !== undefined && v !== null) out[key] = v;
  }
  return out;
}

/** Library: the guides' way, one Chart and one HostedClusterBundle per cluster (as `defineExample`). */
export function defineFleet(app: App, clusters: readonly HostedClusterProps[], options: PlanOptions = OPTIONS): void {
  for (const cluster of clusters) new HostedClusterBundle(new Chart(app, chartId(cluster)), 'cluster', { ...cluster, options });
}

/** Library: `synthAtomically` (what `runSynth` runs) into `outdir`, one file per cluster. */
export function synthFleet(outdir: string, clusters: readonly HostedClusterProps[], options: PlanOptions = OPTIONS): SynthResult {
  return synthAtomically(outdir, (app) => defineFleet(app, clusters, options));
}


/** js-yaml 4's dump, no anchors, no line wrapping, double quotes (as the library calls it, with js-yaml's default schema). */
export const jsYamlStream = (docs: readonly unknown[]) => docs.map((doc) => jsYaml.dump(doc, { noRefs: true, lineWidth: -1, quotingType: '"' })).join('---\n');

/** Where the library writes a cluster's file in the output folder: its management cluster's folder, the stage of its objects. */
export const CLUSTER_FOLDER = path.join('management', '05-resources');

/** Baseline: one file per cluster in `<outdir>/management/05-resources/`, as the library names them, written with writeFileSync. */
export function writeFleetFiles(outdir: string, clusters: readonly { chartId: string; docs: readonly unknown[] }[]): number {
  const folder = path.join(outdir, CLUSTER_FOLDER);
  fs.mkdirSync(folder, { recursive: true });
  for (const cluster of clusters) fs.writeFileSync(path.join(folder, `${cluster.chartId}.yaml`), jsYamlStream(cluster.docs));
  return clusters.length;
}

/**
 * The one-thread core floor: the library's own core doing the synth's work in one thread and
 * process, with no constructs: per cluster `checkHostedCluster`, the planned objects with their
 * sync-wave annotation, cdk8s's key order, the library's YAML (`toYamlStream`), one
 * `writeFileSync`. Returns the number of objects written.
 */
export function coreFloor(outdir: string, clusters: readonly HostedClusterProps[], options: PlanOptions = OPTIONS): number {
  const folder = path.join(outdir, CLUSTER_FOLDER);
  fs.mkdirSync(folder, { recursive: true });
  let objects = 0;
  for (const props of clusters) {
    const cluster = plainObjects(props, options);
    fs.writeFileSync(path.join(folder, `${cluster.chartId}.yaml`), toYamlStream(cluster.objects.map(canonical)));
    objects += cluster.objects.length;
  }
  return objects;
}

/** How many management clusters the `fleet` variant spreads the clusters over (the issue's 10,000 over 100). */
export const FLEET_MANAGEMENT_CLUSTERS = 100;

/**
 * The workload as one fleet: {@link FLEET_MANAGEMENT_CLUSTERS} management clusters like the
 * example's (every platform), each with room for 200 hosted clusters (40 workers of 64 vCPU, the
 * add-on's limit raised to 300), and Argo CD with ACM delivering every folder.
 */
export function fleetProps(clusters: readonly HostedClusterProps[]): FleetProps {
  const engine = EXAMPLE_MANAGEMENT_CLUSTER.multiclusterEngine ?? {};
  const cluster = {
    ...EXAMPLE_MANAGEMENT_CLUSTER,
    multiclusterEngine: { ...engine, hypershiftAddOn: { ...engine.hypershiftAddOn, hcMaxNumber: 300 } },
    capacity: { workers: [{ name: 'control-plane', count: 40, vCPU: 64, memoryGiB: 256, maxPods: 500 }] },
  };
  return {
    managementClusters: Array.from({ length: FLEET_MANAGEMENT_CLUSTERS }, (_, i) => ({ name: `mc-${String(i).padStart(3, '0')}`, cluster })),
    hostedClusters: clusters,
    delivery: { repoURL: 'https://git.example.com/platform/hosted-clusters.git', argoCd: {}, acm: {} },
  };
}

/**
 * The bench's `fleet` variant: the same clusters as one Fleet over 100 management clusters, with
 * placement, delivery objects, kustomization files and the fleet report, synthesized into `outdir`.
 * Its files are not compared with the other variants' (other folders).
 */
export function synthFleetConstruct(outdir: string, clusters: readonly HostedClusterProps[], options: PlanOptions = OPTIONS): SynthResult {
  return synthAtomically(outdir, (app) => void new Fleet(app, 'fleet', { ...fleetProps(clusters), options }));
}

export const ms = (ns: bigint) => Number(ns) / 1e6;
