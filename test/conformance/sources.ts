/**
 * The sources the conformance suites send to API servers: the examples and the fixtures,
 * synthesized through cdk8s exactly as users get them, and every object they emit as a case
 * (custom resources for the crd-server, built-in objects for the kube-apiserver). Not a test itself.
 */
import { App, Chart } from 'cdk8s';
import { parseAllDocuments } from 'yaml';
import { EdgeSite, HostedClusterBackup, HostedClusterBundle, HostedClusterImport, HostedClusterIngress, HostedClusterMigration, HostedClusterOperators, HostedClusterRestore, HostedClusterSriov, HostedClusterWorkloadBackup, ManagementCluster } from '../../lib/cdk8s';
import { checkDelivery, planHostedCluster } from '../../lib';
import { defineExample } from '../../examples/app';
import { define as defineAzureExample } from '../../examples/azure';
import { EXAMPLE_FLEET, defineFleetExample } from '../../examples/fleet-app';
import { define as definePowervsExample } from '../../examples/powervs';
import { EXAMPLE_CLUSTERS, EXAMPLE_DAY2, EXAMPLE_MANAGEMENT_CLUSTER, SUPPORTED_VERSIONS, awsCluster } from '../../examples/clusters';
import { CONFORMANCE_FIXTURES } from './fixtures';
import { DAY2_FIXTURES, OPERATORS_FIXTURES, WORKLOAD_BACKUP_FIXTURES } from './day2-fixtures';
import { MANAGEMENT_FIXTURES as BASE_MANAGEMENT_FIXTURES } from './management-fixtures';
import { IMPORT_FIXTURES } from './import-fixtures';
import { DATA_PROTECTION_FIXTURES, MIGRATION_FIXTURES, PROTECTION_FIXTURES } from './protection-fixtures';
import { EDGE_FIXTURES } from './edge-fixtures';
import { DELIVERY_FIXTURES, FLEET_FOLDERS, FLEET_PLACEMENT } from './delivery-fixtures';
import type { PlannedPart } from '../../lib/core';
import { PlannedConstruct } from '../../lib/cdk8s/planned-construct';
import type { Construct } from 'constructs';
import { isCustomResource } from './crd-server';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Obj = any;

/** Management clusters: the presets, every optional field, and OADP's shapes. */
export const MANAGEMENT_FIXTURES = [...BASE_MANAGEMENT_FIXTURES, ...DATA_PROTECTION_FIXTURES];

export interface Case {
  readonly title: string;
  readonly source: string;
  readonly object: Obj;
}

/** Synthesizes an App the way users do and returns the parsed documents. */
function synthesize(define: (app: App) => void): Obj[] {
  const app = new App();
  define(app);
  return parseAllDocuments(app.synthYaml())
    .map((doc) => doc.toJS())
    .filter((doc) => doc !== null && doc !== undefined);
}

/** Where each object came from; a source that failed to synthesize records its error instead. */
export interface SourceDocs {
  readonly source: string;
  readonly docs: Obj[];
  readonly error?: unknown;
}

function collect(source: string, define: (app: App) => void): SourceDocs {
  try {
    return { source, docs: synthesize(define) };
  } catch (error) {
    return { source, docs: [], error };
  }
}

/** A delivery part rendered through cdk8s as users will get it (part E brings the public construct). */
class DeliveryPart extends PlannedConstruct<PlannedPart> {
  constructor(scope: Construct, id: string, part: PlannedPart) {
    super(scope, id, { plan: part, issues: [] });
  }
}

export const SOURCES: SourceDocs[] = [
  ...EXAMPLE_CLUSTERS.map((cluster) =>
    collect(`example ${cluster.platform.type.toLowerCase()}-${cluster.name}`, (app) => defineExample(app, [cluster], undefined, null, [], undefined, undefined, [])),
  ),
  collect('example azure', defineAzureExample),
  collect('example management-cluster', (app) => defineExample(app, [], undefined, undefined, [], undefined, undefined, [])),
  // The PowerVS example app: its management cluster and its hosted cluster.
  collect('example powervs', definePowervsExample),
  // The built-in example as npm run synth writes it: the fleet, its two management clusters and the hub's delivery objects.
  collect('example fleet', defineFleetExample),
  collect('example fleet with Flux', (app) => defineFleetExample(app, { ...EXAMPLE_FLEET, delivery: { repoURL: 'https://git.example.com/platform/hosted-clusters.git', flux: {} } })),
  // The day-2 example, one source per cluster: kv-lb and the router's Service inside it, aws-prod and SR-IOV inside it.
  ...EXAMPLE_DAY2.map((day2) => collect(`example day-2 ${day2.cluster.name}`, (app) => defineExample(app, [], undefined, null, [day2], undefined, undefined, []))),
  ...DAY2_FIXTURES.map((fixture) =>
    collect(`fixture ${fixture.id}`, (app) => {
      const chart = new Chart(app, fixture.id);
      const cluster = new HostedClusterBundle(chart, 'cluster', { ...fixture.cluster, options: { supportedVersions: SUPPORTED_VERSIONS } });
      new HostedClusterIngress(chart, 'ingress', { cluster, ...fixture.ingress });
    }),
  ),
  ...OPERATORS_FIXTURES.map((fixture) =>
    collect(`fixture ${fixture.id}`, (app) => {
      const chart = new Chart(app, fixture.id);
      const cluster = new HostedClusterBundle(chart, 'cluster', { ...fixture.cluster, options: { supportedVersions: SUPPORTED_VERSIONS } });
      new HostedClusterOperators(chart, 'operators', { cluster, ...fixture.operators });
      new HostedClusterSriov(chart, 'sriov', { cluster, ...fixture.sriov });
    }),
  ),
  ...WORKLOAD_BACKUP_FIXTURES.map((fixture) =>
    collect(`fixture ${fixture.id}`, (app) => {
      const chart = new Chart(app, fixture.id);
      const cluster = new HostedClusterBundle(chart, 'cluster', { ...fixture.cluster, options: { supportedVersions: SUPPORTED_VERSIONS } });
      new HostedClusterWorkloadBackup(chart, 'workloads', { cluster, ...fixture.backup });
    }),
  ),
  ...IMPORT_FIXTURES.map((fixture) =>
    collect(`fixture ${fixture.id}`, (app) => {
      const chart = new Chart(app, fixture.id);
      const cluster = new HostedClusterBundle(chart, 'cluster', { ...fixture.cluster, options: { supportedVersions: SUPPORTED_VERSIONS } });
      new HostedClusterImport(chart, 'import', { cluster, ...fixture.import });
    }),
  ),
  ...CONFORMANCE_FIXTURES.map((fixture) =>
    collect(`fixture ${fixture.id}`, (app) => {
      new HostedClusterBundle(new Chart(app, fixture.id), 'cluster', { ...fixture.props, options: fixture.options });
    }),
  ),
  ...MANAGEMENT_FIXTURES.map((fixture) =>
    collect(`management fixture ${fixture.id}`, (app) => {
      new ManagementCluster(new Chart(app, fixture.id), 'management', fixture.props);
    }),
  ),
  // A cluster's Schedule, Backup or Restore alone (its HostedCluster is posted by the other sources).
  ...PROTECTION_FIXTURES.map((fixture) =>
    collect(`management protection ${fixture.id}`, (app) => {
      const chart = new Chart(app, fixture.id);
      const cluster = { plan: planHostedCluster(fixture.cluster, { supportedVersions: SUPPORTED_VERSIONS }) };
      if (fixture.backup) new HostedClusterBackup(chart, 'backup', { cluster, ...fixture.backup });
      if (fixture.restore) new HostedClusterRestore(chart, 'restore', { cluster, ...fixture.restore });
    }),
  ),
  // Edge sites on the hub: the example's (examples/edge.ts) and the other shapes.
  ...EDGE_FIXTURES.map((fixture) =>
    collect(`edge site fixture ${fixture.id}`, (app) => {
      new EdgeSite(new Chart(app, fixture.id), 'site', fixture.props);
    }),
  ),
  // Delivery by Argo CD (each generator, each form of health checks), ACM and Flux, over a small fleet's folders.
  ...DELIVERY_FIXTURES.map((fixture) =>
    collect(`delivery fixture ${fixture.id}`, (app) => {
      const { parts, issues } = checkDelivery(fixture.props, FLEET_FOLDERS, FLEET_PLACEMENT);
      if (!parts) throw new Error(JSON.stringify(issues));
      const chart = new Chart(app, fixture.id);
      parts.forEach((part, i) => new DeliveryPart(chart, `part-${i}`, part));
    }),
  ),
  // A migration's objects on both management clusters (the cluster itself stays in its own app).
  ...MIGRATION_FIXTURES.map((fixture) =>
    collect(`management migration ${fixture.id}`, (app) => {
      const management = EXAMPLE_MANAGEMENT_CLUSTER;
      new HostedClusterMigration(new Chart(app, fixture.id), 'migration', {
        ...fixture.migration,
        cluster: awsCluster,
        options: { supportedVersions: SUPPORTED_VERSIONS },
        sourceManagementCluster: management,
        destinationManagementCluster: management,
      });
    }),
  ),
];
/** The sources of one hosted cluster each (the fleet's sources hold the example's six, checked on their own below). */
export const HOSTED_CLUSTER_SOURCES = SOURCES.filter((s) => !s.source.includes('management') && !s.source.startsWith('edge site') && !s.source.startsWith('delivery') && !s.source.startsWith('example fleet'));

export const caseOf = (source: string, object: Obj): Case => ({
  title: `${object.kind} ${object.metadata?.namespace ?? ''}/${object.metadata?.name} (${source})`,
  source,
  object,
});
/**
 * OperatorHub's CRD is not among the reference CRDs; its spec is the one HostedCluster embeds at
 * spec.configuration.operatorhub, so it is posted inside a HostedCluster of the same source.
 */
function embeddedOperatorHub(source: string, docs: readonly Obj[], object: Obj): Case {
  const hostedCluster = JSON.parse(JSON.stringify(docs.find((d) => d.kind === 'HostedCluster')));
  hostedCluster.metadata.name = `operatorhub-${hostedCluster.metadata.name}`;
  hostedCluster.spec.configuration = { ...hostedCluster.spec.configuration, operatorhub: object.spec };
  return { title: `OperatorHub /cluster as HostedCluster configuration.operatorhub (${source})`, source, object: hostedCluster };
}
export const ALL_CASES = SOURCES.flatMap(({ source, docs }) => docs.map((object) => (object.kind === 'OperatorHub' ? embeddedOperatorHub(source, docs, object) : caseOf(source, object))));
export const CUSTOM_CASES = ALL_CASES.filter((c) => isCustomResource(c.object));
export const BUILT_IN_CASES = ALL_CASES.filter((c) => !isCustomResource(c.object));
