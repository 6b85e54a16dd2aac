/**
 * The benchmark workload: N distinct hosted clusters built from the examples in
 * examples/clusters.ts, the four platforms round-robin, each with exactly 2 NodePools and its
 * secrets as ExternalSecrets (pull secret, SSH key, etcd encryption key). Also the three ways of
 * synthesizing them that the benchmark compares.
 */
import { ApiObject, App, Chart, Yaml } from 'cdk8s';
import * as YAML from 'yaml';
import type { HostedClusterProps, KubernetesObject, PlanOptions } from '../lib';
import { ANNOTATIONS, SecretSource, checkHostedCluster, formatIssues } from '../lib';
import { HostedClusterBundle, synthesizeCharts } from '../lib/cdk8s';
import { SUPPORTED_VERSIONS, agentCluster, awsCluster, kubevirtCluster, noneCluster } from '../examples/clusters';

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

/**
 * How an App becomes YAML: `one-pass` is the library's `synthesizeCharts` (what `runSynth` and
 * `synthAtomically` use); `synthYaml` is cdk8s's own `app.synthYaml()`, which resolves and
 * validates the whole app again for every chart. Both give the same bytes.
 */
export type Writer = 'one-pass' | 'synthYaml';

function yamlOf(app: App, writer: Writer): string {
  return writer === 'synthYaml' ? app.synthYaml() : Yaml.stringify(...synthesizeCharts(app).flatMap((chart) => chart.documents));
}

interface Timed {
  readonly yaml: string;
  readonly objects: number;
  readonly constructMs: number;
  readonly synthMs: number;
}

/** Times building an App (which returns the number of objects it added) and writing it as YAML. */
function timed(build: (app: App) => number, writer: Writer, onBuilt?: (constructMs: number) => void): Timed {
  const t0 = process.hrtime.bigint();
  const app = new App();
  const objects = build(app);
  const t1 = process.hrtime.bigint();
  onBuilt?.(ms(t1 - t0));
  const yaml = yamlOf(app, writer);
  const t2 = process.hrtime.bigint();
  return { yaml, objects, constructMs: ms(t1 - t0), synthMs: ms(t2 - t1) };
}

/** Library: HostedClusterBundle in one chart per cluster (like defineExample), then the library's one-pass synthesis. */
export function synthLibrary(clusters: readonly HostedClusterProps[], options: PlanOptions = OPTIONS, onBuilt?: (constructMs: number) => void): Timed {
  const build = (app: App) =>
    clusters.reduce((objects, cluster) => objects + new HostedClusterBundle(new Chart(app, chartId(cluster)), 'cluster', { ...cluster, options }).apiObjects.length, 0);
  return timed(build, 'one-pass', onBuilt);
}

/** Baseline: plain cdk8s ApiObjects of the same objects, one chart per cluster, then `writer`. */
export function synthCdk8s(clusters: readonly PlainCluster[], writer: Writer, onBuilt?: (constructMs: number) => void): Timed {
  const build = (app: App) => {
    let objects = 0;
    for (const cluster of clusters) {
      const chart = new Chart(app, cluster.chartId);
      for (const object of cluster.objects) {
        new ApiObject(chart, `${object.kind}:${object.metadata.namespace ?? ''}:${object.metadata.name}`, object);
        objects++;
      }
    }
    return objects;
  };
  return timed(build, writer, onBuilt);
}

/** Options cdk8s's Yaml.stringify passes to the yaml package. */
const YAML_OPTIONS = { keepUndefined: true, lineWidth: 0, version: '1.1' } as const;

/** Baseline: YAML.stringify of each (canonical) plain object, joined as documents. */
export function synthYaml(docs: readonly Record<string, unknown>[]): { yaml: string; objects: number } {
  return { yaml: docs.map((doc) => YAML.stringify(doc, YAML_OPTIONS)).join('---\n'), objects: docs.length };
}

export const ms = (ns: bigint) => Number(ns) / 1e6;
