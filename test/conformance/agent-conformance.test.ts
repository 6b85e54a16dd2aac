/**
 * Conformance of the agent infrastructure: every InfraEnv, NMStateConfig, BareMetalHost,
 * VirtualMachine and ExternalSecret the examples and fixtures emit is dry-run created, with strict
 * field validation, on the shared crd-server; built-in objects are checked with kubernetes-models.
 */
import { App, Chart } from 'cdk8s';
import { Namespace, Secret } from 'kubernetes-models/v1';
import { parseAllDocuments } from 'yaml';
import { AgentInfrastructure, HostedClusterBundle } from '../../lib/cdk8s';
import { EXAMPLE_OPTIONS } from '../../examples/clusters';
import { EXAMPLE_AGENT_INFRASTRUCTURE, kubevirtAgentsCluster } from '../../examples/agent-infrastructure';
import { agentCluster } from '../../examples/clusters';
import { AGENT_CONFORMANCE_FIXTURES } from './agent-fixtures';
import { describeRejection, isCustomResource } from './crd-server';
import { describeWithCrdServer } from './crd-server-suite';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Obj = any;

const AGENT_KINDS = new Set(['InfraEnv', 'NMStateConfig', 'BareMetalHost', 'VirtualMachine']);

function synthesize(define: (app: App) => void): Obj[] {
  const app = new App();
  define(app);
  return parseAllDocuments(app.synthYaml()).map((d) => d.toJS()).filter((d) => d);
}

const SOURCES = [
  ...[agentCluster, kubevirtAgentsCluster].map((cluster) => ({
    source: `example ${cluster.name}`,
    docs: synthesize((app) => {
      const chart = new Chart(app, cluster.name);
      const bundle = new HostedClusterBundle(chart, 'cluster', { ...cluster, options: EXAMPLE_OPTIONS });
      new AgentInfrastructure(chart, 'hosts', { ...EXAMPLE_AGENT_INFRASTRUCTURE[cluster.name], cluster: bundle });
    }),
  })),
  ...AGENT_CONFORMANCE_FIXTURES.map((fixture) => ({
    source: `fixture ${fixture.id}`,
    docs: synthesize((app) => {
      const chart = new Chart(app, fixture.id);
      const bundle = new HostedClusterBundle(chart, 'cluster', { ...fixture.cluster, options: { ...EXAMPLE_OPTIONS, allowInlineSecrets: fixture.allowInlineSecrets } });
      new AgentInfrastructure(chart, 'hosts', { ...fixture.infrastructure, cluster: bundle, options: { allowInlineSecrets: fixture.allowInlineSecrets } });
    }),
  })),
];

const CASES = SOURCES.flatMap(({ source, docs }) => docs.map((object: Obj) => ({ title: `${object.kind} ${object.metadata.namespace ?? ''}/${object.metadata.name} (${source})`, object })));
const CUSTOM = CASES.filter((c) => isCustomResource(c.object));
const BUILT_IN = CASES.filter((c) => !isCustomResource(c.object));

test('the sources cover every agent kind, waves 0-3', () => {
  expect(new Set(CUSTOM.map((c) => c.object.kind).filter((k) => AGENT_KINDS.has(k)))).toEqual(AGENT_KINDS);
  for (const c of CASES) expect(c.object.metadata.annotations['argocd.argoproj.io/sync-wave']).toMatch(/^[0-3]$/);
});

test.each(BUILT_IN.map((c) => [c.title, c] as const))('%s matches the Kubernetes schema', (_title, c) => {
  const Model = c.object.kind === 'Secret' ? Secret : Namespace;
  expect(() => new Model(c.object).validate()).not.toThrow();
});

describeWithCrdServer('agent infrastructure against the real API server schema', 'the API-server conformance checks need ../shared/tools/crd-server.', (server) => {
  const counts = new Map<string, number>();

  afterAll(() => {
    // eslint-disable-next-line no-console
    console.log(`agent conformance: accepted ${[...counts].map(([kind, n]) => `${n} ${kind}`).join(', ')}`);
  });

  test.each(CUSTOM.map((c) => [c.title, c] as const))('%s is accepted', async (_title, c) => {
    const result = await server().dryRunCreate(c.object);
    expect(result.status === 201 ? 'accepted (201)' : describeRejection(result)).toBe('accepted (201)');
    counts.set(c.object.kind, (counts.get(c.object.kind) ?? 0) + 1);
  });

  test('negative controls: a BareMetalHost without bmc.credentialsName and an NMStateConfig with a bad MAC are rejected', async () => {
    const bmh = JSON.parse(JSON.stringify(CUSTOM.find((c) => c.object.kind === 'BareMetalHost')!.object));
    delete bmh.spec.bmc.credentialsName;
    expect((await server().dryRunCreate(bmh)).status).toBe(422);
    const nm = JSON.parse(JSON.stringify(CUSTOM.find((c) => c.object.kind === 'NMStateConfig')!.object));
    nm.spec.interfaces[0].macAddress = 'not-a-mac';
    expect((await server().dryRunCreate(nm)).status).toBe(422);
  });
});
