/** Fleets with a rollout for the rollout tests: None clusters and a KubeVirt one on 4.16.4, moving to 4.17.3. */
import type { RolloutPrevious, RolloutRecord } from '../../lib/fleet';
import { checkFleet } from '../../lib/fleet';
import { kubevirt, mc, none } from './fleet-fixtures';

export const FROM = 'quay.io/openshift-release-dev/ocp-release:4.16.4-x86_64';
export const TO = 'quay.io/openshift-release-dev/ocp-release:4.17.3-x86_64';
export const TO_MULTI = 'quay.io/openshift-release-dev/ocp-release:4.17.3-multi';

/** The update graph as the update service serves it: 4.16.4 → 4.17.3 is conditional on one risk; 4.16.4 → 4.16.9 is not. */
export const GRAPH = {
  nodes: [{ version: '4.16.4', payload: 'x' }, { version: '4.17.3' }, { version: '4.16.9' }, { version: '4.15.20' }],
  edges: [[0, 2], [3, 0]],
  conditionalEdges: [{ edges: [{ from: '4.16.4', to: '4.17.3' }], risks: [{ name: 'OVNKubernetesMTU', message: 'Pods on nodes with a custom MTU may lose traffic.', url: 'https://issues.example.com/OCPBUGS-1' }] }],
};

/** Four None clusters (a: label tier=canary) on three management clusters in two zones, and a KubeVirt one. */
export const rolloutFleet = (rollout: object, clusters: object[] = defaultClusters()) => ({
  managementClusters: [mc('m0', { zone: 'z1' }, { capacity: { workers: bigWorkers } }), mc('m1', { zone: 'z1' }, { capacity: { workers: bigWorkers } }), mc('m2', { zone: 'z2' }, { capacity: { workers: bigWorkers } })],
  hostedClusters: clusters,
  rollout,
});

const bigWorkers = { count: 4, vCPU: 64, memoryGiB: 256, maxPods: 250 };

export const defaultClusters = () => [
  none('a', { release: { image: FROM }, labels: { tier: 'canary' }, managementCluster: 'm0' }),
  none('b', { release: { image: FROM }, managementCluster: 'm1' }),
  none('c', { release: { image: FROM }, managementCluster: 'm2' }),
  none('d', { release: { image: FROM }, managementCluster: 'm2' }),
  kubevirt('kv', { managementCluster: 'm1' }),
];

/** 4.13 included, for a NodePool three minors behind a 4.16 control plane. */
const OPTIONS = { supportedVersions: ['4.17', '4.16', '4.15', '4.14', '4.13'] };

export const ROLLOUT = {
  target: { image: TO },
  overrides: [{ platform: 'KubeVirt', release: { image: TO_MULTI } }],
  canary: { labels: { tier: 'canary' }, soak: '24h' },
  waves: [{ name: 'zone-1', zones: ['z1'] }, { name: 'rest', maxConcurrent: 1 }],
  acknowledgedRisks: ['OVNKubernetesMTU'],
  updateGraph: GRAPH,
};

export const planned = (rollout: object = ROLLOUT, previous: RolloutPrevious = {}, clusters?: object[]) => checkFleet(rolloutFleet(rollout, clusters), undefined, OPTIONS, undefined, previous);
/** The same fleet delivered by Flux (each wave then takes two steps) or by Argo CD. */
export const plannedDelivered = (engine: 'flux' | 'argoCd', rollout: object = ROLLOUT, previous: RolloutPrevious = {}, clusters?: object[]) =>
  checkFleet({ ...rolloutFleet(rollout, clusters), delivery: { repoURL: 'https://git.example.com/fleet.git', [engine]: {} } }, undefined, OPTIONS, undefined, previous);
export const errorsOf = (rollout: object, previous: RolloutPrevious = {}, clusters?: object[]) => planned(rollout, previous, clusters).issues.filter((i) => i.severity === 'error');

/** A record of `reached` waves of the plan. */
export const advanced = (record: RolloutRecord, reached: number, startedAt = '2026-12-01T00:00:00.000Z'): RolloutRecord => ({ ...record, reached, startedAt });
