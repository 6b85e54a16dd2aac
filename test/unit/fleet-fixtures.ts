/** Fleets for the fleet tests: small management clusters (2 medium control planes each) and None/KubeVirt clusters. */
import { EXAMPLE_OPTIONS, kubevirtCluster, noneCluster } from '../../examples/clusters';
import { SecretSource } from '../../lib/core/secrets';
import { FleetRecord, checkFleet } from '../../lib/fleet';

/** Two workers of 16 vCPU: 2 medium-load control planes (vCPU usage). */
export const smallWorkers = { count: 2, vCPU: 16, memoryGiB: 64, maxPods: 250 };

export const mc = (name: string, extra: object = {}, cluster: object = {}) => ({
  name,
  cluster: {
    platforms: ['None', 'KubeVirt'],
    metallb: { pools: [{ name: 'p', addresses: ['10.0.0.100-10.0.0.120'] }] },
    storage: 'lvms',
    defaultStorageClass: 'lvms-vg1',
    capacity: { workers: smallWorkers },
    ...cluster,
  },
  nodePortAddress: `192.0.2.${name.length}`,
  ...extra,
});

export const none = (name: string, extra: object = {}) => ({
  ...noneCluster,
  name,
  services: undefined,
  controllerAvailabilityPolicy: 'HighlyAvailable',
  secretEncryption: { aescbc: SecretSource.existing(`${name}-etcd-key`) },
  ...extra,
});

export const kubevirt = (name: string, extra: object = {}) => ({ ...kubevirtCluster, name, ...extra });

export const fleet = (input: unknown, previous?: FleetRecord) => checkFleet(input, previous, EXAMPLE_OPTIONS);
export const errors = (input: unknown, previous?: FleetRecord) => fleet(input, previous).issues.filter((i) => i.severity === 'error');
export const warnings = (input: unknown, previous?: FleetRecord) => fleet(input, previous).issues.filter((i) => i.severity === 'warning');
export const record = (placements: Record<string, string>, allocations: FleetRecord['allocations'] = {}): FleetRecord => ({ version: 1, placements, allocations });
