/** The Agent platform: the agent namespace and the capi-provider Role decision. */
import { planObjects } from '../../lib/core';
import { checkHostedCluster, planHostedCluster } from '../../lib/platforms';
import { agentCluster, SUPPORTED_VERSIONS } from '../../examples/clusters';

const options = { supportedVersions: SUPPORTED_VERSIONS };
const agentProps = agentCluster.platform.type === 'Agent' ? agentCluster.platform.agent : undefined;

describe('capi-provider Role', () => {
  test('is not emitted by default: the operator creates and binds its own per-cluster Role (since v0.1.80)', () => {
    expect(planObjects(planHostedCluster(agentCluster, options)).filter((o) => o.kind === 'Role')).toEqual([]);
  });

  test('legacyCapiProviderRole emits the shared Role older operators bind, with the verbs current operators grant', () => {
    const plan = planHostedCluster({ ...agentCluster, platform: { type: 'Agent', agent: { ...agentProps!, legacyCapiProviderRole: true } } }, options);
    const role = planObjects(plan).find((o) => o.kind === 'Role') as unknown as { metadata: { name: string; namespace: string }; rules: unknown };
    expect(role.metadata).toEqual({ name: 'capi-provider-role', namespace: 'clusters' });
    expect(role.rules).toEqual([{ apiGroups: ['agent-install.openshift.io'], resources: ['agents'], verbs: ['get', 'list', 'watch', 'update', 'patch'] }]);
  });
});

describe('agent namespace', () => {
  test('must be a valid namespace name', () => {
    const issue = checkHostedCluster({ ...agentCluster, platform: { type: 'Agent', agent: { agentNamespace: 'Bad NS' } } }, options).issues.find((i) => i.path === 'platform.agent.agentNamespace');
    expect(issue).toMatchObject({
      severity: 'error',
      message: 'agent namespace "Bad NS" must consist of lower-case letters, digits and "-", and start and end with a letter or digit.',
      fix: 'Name the namespace that holds the Agents, e.g. the control-plane namespace.',
    });
  });

  test('a number is refused by the schema', () => {
    const issue = checkHostedCluster({ ...agentCluster, platform: { type: 'Agent', agent: { agentNamespace: 7 } } }, options).issues[0];
    expect(issue).toMatchObject({ path: 'platform.agent.agentNamespace', message: '7 (a number) is not a string.', fix: 'Give the namespace that holds the Agents as a string.' });
  });
});
