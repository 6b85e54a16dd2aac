/**
 * The fleet's side of a rollout: what the rollout reads of each placed hosted cluster (its
 * management cluster and zone, labels, release, NodePools and their surge machines), and the props
 * a cluster is synthesized with once its wave is started (the target release, for the cluster and
 * for the NodePools that follow it, or, at the first of two steps, for the cluster only).
 */
import type { ManagementComponent } from '../core/platform-needs';
import type { ReleaseProps } from '../core/release-props';
import { isPlainObject } from '../core/schema';
import { platformDefinition } from '../platforms';
import type { HostedClusterProps } from '../platforms/props';
import type { RolloutCluster } from './rollout/rollout-plan';

/**
 * Management components that provide a platform's machines from the management side: its VMs
 * (OpenShift Virtualization) or its hosts (assisted-service agents). A Replace upgrade of such a
 * pool needs room there for its surge machines; cloud machines need none.
 */
const MACHINES_FROM_MANAGEMENT: readonly ManagementComponent[] = ['virtualization', 'assistedService'];

/**
 * Surge machines one NodePool's upgrade adds: `replace.rollingUpdate.maxSurge` (the CRD's default
 * 1; a percentage of its replicas, rounded up, as the NodePool controller reads it) for a Replace
 * pool on such a platform, else none.
 */
function surgeMachines(pool: Record<string, unknown>, platform: string): number {
  const definition = platformDefinition(platform);
  if (!definition?.createsMachines || !definition.management.components.some((c) => MACHINES_FROM_MANAGEMENT.includes(c))) return 0;
  if ((pool.upgradeType ?? definition.defaultUpgradeType) !== 'Replace') return 0;
  const replace = isPlainObject(pool.replace) ? pool.replace : {};
  const rolling = isPlainObject(replace.rollingUpdate) ? replace.rollingUpdate : {};
  const maxSurge = rolling.maxSurge ?? 1;
  if (typeof maxSurge === 'number') return Math.max(0, Math.floor(maxSurge));
  const percent = typeof maxSurge === 'string' ? /^(\d+)%$/.exec(maxSurge) : null;
  const replicas = typeof pool.replicas === 'number' ? pool.replicas : isPlainObject(pool.autoScaling) && typeof pool.autoScaling.max === 'number' ? pool.autoScaling.max : 0;
  return percent ? Math.ceil((replicas * Number(percent[1])) / 100) : 1;
}

const isRelease = (value: unknown): value is ReleaseProps => isPlainObject(value) && typeof value.image === 'string';

/** What the rollout reads of one placed cluster. */
export function rolloutCluster(given: { index: number; key: string; platform: string; props: HostedClusterProps }, managementCluster: string, zone: string | undefined): RolloutCluster {
  const props = given.props as unknown as Record<string, unknown>;
  const pools = Array.isArray(props.nodePools) ? (props.nodePools as unknown[]) : [];
  return {
    key: given.key,
    index: given.index,
    platform: given.platform,
    managementCluster,
    ...(zone !== undefined ? { zone } : {}),
    labels: isPlainObject(props.labels) ? (props.labels as Record<string, string>) : {},
    release: isRelease(props.release) ? props.release : { image: '' },
    nodePools: pools.filter(isPlainObject).map((pool, i) => ({
      name: typeof pool.name === 'string' ? pool.name : `nodePools[${i}]`,
      ...(isRelease(pool.release) ? { release: pool.release } : {}),
      surge: surgeMachines(pool, given.platform),
    })),
  };
}

/**
 * The cluster's NodePools as props: those it gives, else its platform's default ones (as the plan
 * makes them, core/plan.ts), so that they can be given a release of their own.
 */
function poolsOf(props: HostedClusterProps): NonNullable<HostedClusterProps['nodePools']> | undefined {
  if (props.nodePools) return props.nodePools;
  const platform: Record<string, unknown> = isPlainObject(props.platform) ? props.platform : {};
  const definition = platformDefinition(platform.type);
  if (!definition) return undefined;
  const block = definition.blockKey ? platform[definition.blockKey] : undefined;
  return definition.contribute.defaultPools(block as never, props.name).map(({ name, platform: pool }) => ({ name, ...(pool ? { platform: pool } : {}) })) as NonNullable<HostedClusterProps['nodePools']>;
}

/**
 * The cluster's props with `release`, and the NodePools that gave the cluster's own release (or
 * none) moved with it; with `nodePoolsHeld` (the first of a wave's two steps) those NodePools, the
 * platform's default ones included, are given the cluster's release before the move explicitly, so
 * they stay where they are.
 */
export function withRelease(props: HostedClusterProps, release: ReleaseProps, nodePoolsHeld = false): HostedClusterProps {
  if (props.release.image === release.image && props.release.version === release.version) return props;
  const before = props.release;
  const nodePools = (nodePoolsHeld ? poolsOf(props) : props.nodePools)?.map((pool) => {
    if (pool.release !== undefined && pool.release.image !== before.image) return pool;
    if (nodePoolsHeld) return pool.release ? pool : { ...pool, release: before };
    return { ...pool, release };
  });
  return { ...props, release, ...(nodePools ? { nodePools } : {}) } as HostedClusterProps;
}
