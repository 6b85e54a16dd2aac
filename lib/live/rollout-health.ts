/**
 * The live health gate of a rollout's wave, read-only: each HostedCluster of the wave has applied
 * its target (its version history's newest entry is the target image, `Completed`), is
 * `Available` and not `Degraded`, and its NodePools are done updating (`UpdatingVersion` not true),
 * `Ready`, and those that follow the wave (their release is the wave's image) report the target's
 * version, each on its own management cluster. What `hcp-constructs rollout next --kubeconfig`
 * checks before it starts the next wave.
 */
import type { KubernetesObject } from '../api';
import type { KubeClient } from './kube-client';

const HYPERSHIFT = 'hypershift.openshift.io/v1beta1';

interface Condition {
  readonly type?: string;
  readonly status?: string;
  readonly message?: string;
}

const conditionOf = (object: KubernetesObject, type: string): Condition | undefined =>
  ((object as { status?: { conditions?: Condition[] } }).status?.conditions ?? []).find((c) => c.type === type);

interface VersionEntry {
  readonly image?: string;
  readonly version?: string;
  readonly state?: string;
}

/** What keeps one cluster of the wave from being healthy at `image`, as lines. */
async function clusterProblems(client: KubeClient, cluster: string, image: string): Promise<string[]> {
  const [namespace, name] = cluster.split('/');
  const hc = await client.get(HYPERSHIFT, 'HostedCluster', namespace, name);
  if (!hc) return [`${cluster}: no HostedCluster on the management cluster`];
  const problems: string[] = [];
  const history = (hc as { status?: { version?: { history?: VersionEntry[] } } }).status?.version?.history ?? [];
  const newest = history[0];
  if (newest?.image !== image) problems.push(`${cluster}: the control plane runs ${newest?.image ?? 'no version yet'}, not ${image}`);
  else if (newest.state !== 'Completed') problems.push(`${cluster}: the control plane's update to ${image} is ${newest.state ?? 'not reported'}, not Completed`);
  const available = conditionOf(hc, 'Available');
  if (available?.status !== 'True') problems.push(`${cluster}: not Available${available?.message ? ` (${available.message})` : ''}`);
  // Degraded: the operator needs someone to act (HostedClusterDegraded); the rollout stops here.
  const degraded = conditionOf(hc, 'Degraded');
  if (degraded?.status === 'True') problems.push(`${cluster}: Degraded${degraded.message ? ` (${degraded.message})` : ''}`);
  // The version the operator read from the target's payload: what a NodePool at the target reports.
  const targetVersion = history.find((h) => h.image === image)?.version;
  for (const pool of (await client.list(HYPERSHIFT, 'NodePool', { namespace })) ?? []) {
    const { spec, status } = pool as { spec?: { clusterName?: string; release?: { image?: string } }; status?: { version?: string } };
    if (spec?.clusterName !== name) continue;
    const updating = conditionOf(pool, 'UpdatingVersion');
    if (updating?.status === 'True') problems.push(`${cluster}: NodePool ${pool.metadata.name} is still updating its version`);
    // UpdatingVersion false says nothing until the operator has seen the new release (a status
    // written before it, or none yet): the version the pool reports does. A pinned pool is not checked.
    else if (targetVersion !== undefined && spec.release?.image === image && status?.version !== targetVersion) {
      problems.push(`${cluster}: NodePool ${pool.metadata.name} runs ${status?.version ?? 'no version yet'}, not ${targetVersion}`);
    }
    if (conditionOf(pool, 'Ready')?.status === 'False') problems.push(`${cluster}: NodePool ${pool.metadata.name} is not Ready`);
  }
  return problems;
}

/**
 * What keeps a wave (`namespace/name` → target image) from being healthy on the live management
 * clusters; empty when it is. `clients`: one client for every cluster, or each cluster's own (its
 * management cluster's), or the line that says why it cannot be read.
 */
export async function liveWaveProblems(clients: KubeClient | ReadonlyMap<string, KubeClient | string>, clusters: Readonly<Record<string, string>>): Promise<string[]> {
  const found: string[] = [];
  for (const [cluster, image] of Object.entries(clusters)) {
    const client = clients instanceof Map ? clients.get(cluster) : clients;
    if (client === undefined) found.push(`${cluster}: no kubeconfig reads its management cluster`);
    else if (typeof client === 'string') found.push(client);
    else found.push(...(await clusterProblems(client as KubeClient, cluster, image)));
  }
  return found;
}
