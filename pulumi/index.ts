/**
 * Example Pulumi program: one hosted cluster on a management cluster that already runs the
 * HyperShift operator. The cluster is the None or the KubeVirt example of examples/clusters.ts,
 * with its pull secret (and optionally SSH key and etcd key) given as secret config:
 *
 *   pulumi config set cluster none                                  # or kubevirt
 *   pulumi config set --secret pullSecret "$(cat pull-secret.json)"
 *   pulumi config set --secret sshPublicKey "$(cat ~/.ssh/id_ed25519.pub)"          # optional
 *   pulumi config set --secret etcdEncryptionKey "$(openssl rand -base64 32)"       # optional
 *   pulumi config set --secret kubeconfig "$(cat mgmt.kubeconfig)"                  # optional
 *   pulumi up
 *
 * Without `etcdEncryptionKey` the example's existing Secret `<name>-etcd-encryption-key` is used;
 * without `kubeconfig` the ambient kubeconfig is.
 */
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import { SUPPORTED_VERSIONS, kubevirtCluster, noneCluster } from '../examples/clusters';
import { HostedClusterBundle } from '../lib/pulumi';

const config = new pulumi.Config();
const choice = config.get('cluster') ?? 'none';
const examples = { none: noneCluster, kubevirt: kubevirtCluster } as const;
if (!(choice in examples)) throw new Error(`config "cluster" must be one of ${Object.keys(examples).join(', ')}; got "${choice}".`);
const example = examples[choice as keyof typeof examples];

const pullSecret = config.requireSecret('pullSecret');
const sshPublicKey = config.getSecret('sshPublicKey');
const etcdEncryptionKey = config.getSecret('etcdEncryptionKey');
const kubeconfig = config.getSecret('kubeconfig');

// The values replace the example's SecretSources for the same Secrets.
const { pullSecret: _pullSecret, sshKey: _sshKey, secretEncryption, ...props } = example;
const provider = kubeconfig ? new k8s.Provider('management', { kubeconfig }) : undefined;

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

export const hostedClusterName = cluster.hostedClusterName;
export const namespace = cluster.namespace;
export const controlPlaneNamespace = cluster.controlPlaneNamespace;
export const kubeconfigSecretName = cluster.kubeconfigSecretName;
export const resources = cluster.resources;
export const warnings = cluster.warnings;
