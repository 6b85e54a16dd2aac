/**
 * The inputs of issue 17 ("every finding in one run", "errors a user can act on"), each with every
 * finding it must give, as `formatIssues` prints them. The core, the cdk8s constructs and the
 * Pulumi components are each held to the same lines (test/unit/one-run.test.ts,
 * test/cdk8s/one-run.test.ts, test/pulumi/one-run.test.ts).
 */
import type { PlanOptions } from '../../lib';
import { SecretSource } from '../../lib';

/** A valid None cluster on 4.17; each case changes it. */
export const BASE = {
  name: 'demo',
  release: { image: 'quay.io/openshift-release-dev/ocp-release:4.17.3-x86_64' },
  platform: { type: 'None' },
  baseDomain: 'lab.example.com',
  services: { apiServerAddress: '192.0.2.10' },
  controllerAvailabilityPolicy: 'HighlyAvailable',
  pullSecret: SecretSource.existing('demo-pull-secret'),
  secretEncryption: { aescbc: SecretSource.existing('demo-etcd-encryption-key') },
} as const;

export interface OneRunCase {
  readonly title: string;
  /** Any value: props read from YAML or JSON. */
  readonly props: Record<string, unknown>;
  readonly options?: PlanOptions;
  /** Every finding, in order, as `formatIssues` prints it. */
  readonly lines: readonly string[];
}

const { release: _release, baseDomain: _baseDomain, ...withoutRelease } = BASE;
const cluster = 'HostedCluster clusters/demo';
const long = 'a'.repeat(60);

export const ONE_RUN_CASES: readonly OneRunCase[] = [
  {
    title: 'two unknown keys at the top level: both are reported',
    props: { ...BASE, controllerAvailabiltyPolicy: 'HighlyAvailable', nodepools: [{ name: 'workers' }] },
    lines: [
      `  error ${cluster} controllerAvailabiltyPolicy: unknown key "controllerAvailabiltyPolicy"; did you mean "controllerAvailabilityPolicy"? Fix: Rename it to "controllerAvailabilityPolicy", or remove it.`,
      `  error ${cluster} nodepools: unknown key "nodepools"; did you mean "nodePools"? Fix: Rename it to "nodePools", or remove it.`,
    ],
  },
  {
    title: 'relase, nodepools, basedomain: three findings, the missing release in the finding of its misspelling',
    props: { ...withoutRelease, relase: BASE.release, nodepools: [], basedomain: 'lab.example.com' },
    lines: [
      `  error ${cluster} relase: unknown key "relase"; did you mean "release"? It is required and not given. Fix: Rename it to "release".`,
      `  error ${cluster} nodepools: unknown key "nodepools"; did you mean "nodePools"? Fix: Rename it to "nodePools", or remove it.`,
      `  error ${cluster} basedomain: unknown key "basedomain"; did you mean "baseDomain"? Fix: Rename it to "baseDomain", or remove it.`,
    ],
  },
  {
    title: 'replicas "3" hides neither the 69-character control-plane namespace nor the overlapping networks',
    props: {
      ...BASE,
      name: long,
      networking: { clusterNetwork: ['10.0.0.0/14'], serviceNetwork: ['10.1.0.0/16'] },
      nodePools: [{ name: 'workers', replicas: '3' }],
    },
    lines: [
      `  error HostedCluster clusters/${long} nodePools[0].replicas: "3" (a string) is not a whole number. Fix: Give a whole number from 0 to 2000.`,
      `  error HostedCluster clusters/${long} name: the control-plane namespace "clusters-${long}" would be 69 characters; the limit is 63. Fix: Shorten the cluster name or its namespace.`,
      `  error HostedCluster clusters/${long} networking.serviceNetwork[0] (spec.networking.serviceNetwork[0].cidr): 10.1.0.0/16 overlaps clusterNetwork[0], 10.0.0.0/14. Fix: Pick non-overlapping ranges for the cluster, service and machine networks.`,
    ],
  },
  {
    title: 'a 4.13 NodePool under a 4.17 HostedCluster is told which release the NodePool needs',
    props: { ...BASE, nodePools: [{ name: 'old', release: { image: 'quay.io/openshift-release-dev/ocp-release:4.13.10-x86_64' } }] },
    lines: [
      "  error NodePool clusters/old nodePools[0].release.image: NodePool version 4.13 is 4 minor releases behind the HostedCluster's 4.17; at most 3 are supported. Fix: Upgrade the NodePool to 4.14 or later (at most 3 minor releases behind the control plane's 4.17).",
    ],
  },
  {
    title: 'a NodePool newer than its HostedCluster is told to give the pool the cluster\'s release or upgrade the cluster first',
    props: { ...BASE, nodePools: [{ name: 'new', release: { image: 'quay.io/openshift-release-dev/ocp-release:4.17.5-x86_64' } }] },
    lines: [
      "  error NodePool clusters/new nodePools[0].release.image: NodePool version 4.17.5 is newer than the HostedCluster's 4.17.3. Fix: Give the NodePool 4.17.3 or an earlier release; to run 4.17.5, upgrade the HostedCluster to it first, then the NodePool.",
    ],
  },
  {
    title: 'the three networks take the same shapes: a CIDR or { cidr }',
    props: {
      ...BASE,
      networking: { clusterNetwork: [{ cidr: '10.132.0.0/14', hostPrefix: 23 }], serviceNetwork: [{ cidr: '172.31.0.0/16' }], machineNetwork: [{ cidr: '192.168.122.0/24' }, 'fd00::/64'] },
    },
    lines: [],
  },
  {
    title: 'a network of neither shape, or not in a list, is refused with an example of both shapes',
    props: { ...BASE, networking: { clusterNetwork: [{ cidr: 10 }], serviceNetwork: [172], machineNetwork: '192.168.122.0/24' } },
    lines: [
      `  error ${cluster} networking.clusterNetwork[0].cidr: 10 (a number) is not a string. Fix: Give the CIDR as a string, e.g. "10.132.0.0/14".`,
      `  error ${cluster} networking.serviceNetwork[0]: 172 (a number) is neither a CIDR string nor { cidr }. Fix: Give "172.31.0.0/16" or { cidr: "172.31.0.0/16" }.`,
      `  error ${cluster} networking.machineNetwork: "192.168.122.0/24" (a string) is not a list. Fix: Give a list such as ["192.168.122.0/24"].`,
    ],
  },
  {
    title: 'a hostPrefix belongs to a pod network only',
    props: { ...BASE, networking: { serviceNetwork: [{ cidr: '172.31.0.0/16', hostPrefix: 23 }] } },
    lines: [`  error ${cluster} networking.serviceNetwork[0].hostPrefix: unknown key "hostPrefix". Fix: Remove it; the keys here are cidr.`],
  },
  {
    title: 'a wrong value in a NodePool: its other fields, the other NodePools and the cluster are still checked',
    props: {
      ...BASE,
      baseDomain: 'Not_A_Domain',
      nodePools: [
        { name: 'a', replicas: -1, nodeDrainTimeout: 'soon' },
        { name: 'b', nodeDrainTimeout: 'later' },
      ],
    },
    lines: [
      `  error ${cluster} nodePools[0].replicas: -1 is less than 0. Fix: Give 0 or more.`,
      `  error ${cluster} baseDomain (spec.dns.baseDomain): "Not_A_Domain" is not a domain name. Fix: Use a domain such as example.com.`,
      '  error NodePool clusters/a nodePools[0].nodeDrainTimeout: "soon" is not a duration. Fix: Write it as 30s, 10m or 1h30m.',
      '  error NodePool clusters/b nodePools[1].nodeDrainTimeout: "later" is not a duration. Fix: Write it as 30s, 10m or 1h30m.',
    ],
  },
];
