/**
 * The None, KubeVirt or Agent example of examples/clusters.ts on a management cluster that runs the
 * HyperShift operator, with its pull secret (and optionally SSH key and etcd key) as secret config:
 *
 *   pulumi config set cluster none                                  # or kubevirt, agent
 *   pulumi config set --secret pullSecret "$(cat pull-secret.json)"
 *   pulumi config set --secret sshPublicKey "$(cat ~/.ssh/id_ed25519.pub)"          # optional
 *   pulumi config set --secret etcdEncryptionKey "$(openssl rand -base64 32)"       # optional
 *   pulumi config set --secret managementKubeconfig "$(cat mgmt.kubeconfig)"        # optional
 *
 * Without `etcdEncryptionKey` the example's existing Secret `<name>-etcd-encryption-key` is used;
 * without `managementKubeconfig` the ambient kubeconfig is.
 */
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import { SUPPORTED_VERSIONS, agentCluster, kubevirtCluster, noneCluster } from '../examples/clusters';
import { HostedClusterBundle } from '../lib/pulumi';

export const ON_PREMISES_EXAMPLES = { none: noneCluster, kubevirt: kubevirtCluster, agent: agentCluster } as const;

/** The provider of `managementKubeconfig` (or `kubeconfig`), or undefined for the ambient kubeconfig. */
export function managementProvider(): k8s.Provider | undefined {
  const config = new pulumi.Config();
  const kubeconfig = config.getSecret('managementKubeconfig') ?? config.getSecret('kubeconfig');
  return kubeconfig ? new k8s.Provider('management', { kubeconfig }) : undefined;
}

export function onPremisesProgram(choice: keyof typeof ON_PREMISES_EXAMPLES): Record<string, pulumi.Output<unknown>> {
  const config = new pulumi.Config();
  const example = ON_PREMISES_EXAMPLES[choice];
  const pullSecret = config.requireSecret('pullSecret');
  const sshPublicKey = config.getSecret('sshPublicKey');
  const etcdEncryptionKey = config.getSecret('etcdEncryptionKey');

  // The values replace the example's SecretSources for the same Secrets.
  const { pullSecret: _pullSecret, sshKey: _sshKey, secretEncryption, ...props } = example;
  const provider = managementProvider();
  const cluster = new HostedClusterBundle(
    example.name,
    {
      ...props,
      ...(etcdEncryptionKey ? {} : { secretEncryption }),
      options: { supportedVersions: SUPPORTED_VERSIONS },
      secretValues: { pullSecret, sshPublicKey, etcdEncryptionKey },
    },
    { provider },
  );
  return {
    hostedClusterName: cluster.hostedClusterName,
    namespace: cluster.namespace,
    controlPlaneNamespace: cluster.controlPlaneNamespace,
    kubeconfigSecretName: cluster.kubeconfigSecretName,
    resources: cluster.resources,
    warnings: cluster.warnings,
  };
}
