/**
 * A Kubernetes provider for the API of a hosted cluster, built from its admin kubeconfig: the
 * Secret `<name>-admin-kubeconfig` (key `kubeconfig`) the HyperShift operator writes next to the
 * HostedCluster on the management cluster. It is read once the HostedCluster is Available, so
 * everything applied through the provider waits for the cluster.
 */
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import type { HostedClusterPlan } from '../core';
import { secretKeys, secretNames, targetKey, hostedClusterTarget } from '../core';

/** What is needed of a HostedClusterBundle (or anything that has a HostedCluster resource and its plan). */
export interface HostedClusterRef {
  /** The cluster's name and namespace: the admin kubeconfig Secret is `<name>-admin-kubeconfig` in that namespace. */
  readonly plan: Pick<HostedClusterPlan, 'name' | 'namespace'>;
  /** The HostedCluster resource: the Secret is read after it is ready (Available). */
  readonly hostedCluster: k8s.apiextensions.CustomResource;
  /** The management cluster's provider. @default the ambient one */
  readonly managementProvider?: pulumi.ProviderResource;
}

/** Options of {@link hostedClusterProvider} and {@link adminKubeconfig}: how the resources they make are named, and their parent. */
export interface HostedClusterProviderOptions {
  /** Name of the provider; the Secret read is named `<name>-admin-kubeconfig`. @default `hosted-<namespace>-<name>` */
  readonly name?: string;
  /** Parent of the provider and of the Secret read. @default none */
  readonly parent?: pulumi.Resource;
}

/** The admin kubeconfig of `cluster`, as a secret Output, read from the management cluster once the HostedCluster is ready. */
export function adminKubeconfig(cluster: HostedClusterRef, opts: HostedClusterProviderOptions = {}): pulumi.Output<string> {
  const { namespace, name } = cluster.plan;
  const resourceName = opts.name ?? `hosted-${targetKey(hostedClusterTarget(namespace, name))}`;
  // The id is unknown until the HostedCluster is ready, so a preview reads nothing.
  const id = cluster.hostedCluster.metadata.apply(() => `${namespace}/${secretNames.adminKubeconfig(name)}`);
  const secret = k8s.core.v1.Secret.get(`${resourceName}-admin-kubeconfig`, id, {
    ...(opts.parent ? { parent: opts.parent } : {}),
    ...(cluster.managementProvider ? { provider: cluster.managementProvider } : {}),
    dependsOn: [cluster.hostedCluster],
  });
  const key = secretKeys.adminKubeconfig;
  return pulumi.secret(secret.data.apply((data) => Buffer.from(data?.[key] ?? '', 'base64').toString('utf8')));
}

/** A `k8s.Provider` for the API of the hosted cluster, from its admin kubeconfig (kept secret in the state). */
export function hostedClusterProvider(cluster: HostedClusterRef, opts: HostedClusterProviderOptions = {}): k8s.Provider {
  const { namespace, name } = cluster.plan;
  const resourceName = opts.name ?? `hosted-${targetKey(hostedClusterTarget(namespace, name))}`;
  return new k8s.Provider(resourceName, { kubeconfig: adminKubeconfig(cluster, { ...opts, name: resourceName }) }, opts.parent ? { parent: opts.parent } : {});
}
