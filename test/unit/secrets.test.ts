/** Secrets the library writes: labels agree with what the operator does with them. */
import { AUTO_CREATED_FOR_INFRA_LABEL, SAFE_TO_DELETE_LABEL, planObjects } from '../../lib/core';
import { planHostedCluster } from '../../lib/platforms';
import { agentCluster, SUPPORTED_VERSIONS } from '../../examples/clusters';

describe('labels', () => {
  const objects = planObjects(planHostedCluster({ ...agentCluster, pullSecret: { inline: '{"auths":{}}' } }, { supportedVersions: SUPPORTED_VERSIONS, allowInlineSecrets: true }));

  test('Secrets and ExternalSecret targets carry the CLI\'s safe-to-delete label and never auto-created-for-infra', () => {
    const secret = objects.find((o) => o.kind === 'Secret')!;
    expect(secret.metadata.labels).toEqual({ [SAFE_TO_DELETE_LABEL]: 'true' });
    const external = objects.find((o) => o.kind === 'ExternalSecret') as unknown as { spec: { target: { template: { metadata: { labels: object } } } } };
    expect(external.spec.target.template.metadata.labels).toEqual({ [SAFE_TO_DELETE_LABEL]: 'true' });
    // With both labels the operator would add an owner reference and garbage-collect the Secret
    // under the GitOps tool's feet (reconcileCLISecrets).
    for (const object of objects) expect(object.metadata.labels?.[AUTO_CREATED_FOR_INFRA_LABEL]).toBeUndefined();
  });
});
