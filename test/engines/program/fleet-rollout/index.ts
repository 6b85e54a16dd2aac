/**
 * A fleet program as a consumer writes it (docs/rollouts.md, Pulumi): the package imported by
 * name, the fleet read from JSON stack config, a Kubernetes provider per management cluster, and
 * the rollout's state given back each stage. Config: `fleet` (FleetProps as JSON, without
 * providers), `managementKubeconfigs` (secret object: a kubeconfig per management cluster),
 * `rolloutState` (optional: the last update's `rollout` output, advanced by
 * `hcp-constructs rollout next --record`).
 */
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import type { FleetProps } from 'hcp-constructs';
import { Fleet } from 'hcp-constructs/pulumi';

const config = new pulumi.Config();
const props = config.requireObject<FleetProps>('fleet');
const kubeconfigs = config.requireSecretObject<Record<string, string>>('managementKubeconfigs');
const providers = Object.fromEntries(
  props.managementClusters.map(({ name }) => [name, new k8s.Provider(`management-${name}`, { kubeconfig: kubeconfigs.apply((all) => all[name] ?? '') })]),
);
const fleet = new Fleet('fleet', { ...props, providers, rolloutState: config.get('rolloutState') });
export const placement = fleet.placement;
export const rollout = fleet.rollout;
