/**
 * The example fleet of examples/fleet-app.ts as one Pulumi program: the management clusters
 * `east` and `west`, each prepared and given the hosted clusters the fleet places on it, through
 * one Kubernetes provider each:
 *
 *   pulumi config set cluster fleet
 *   pulumi config set --secret --path 'managementKubeconfigs.east' "$(cat east.kubeconfig)"
 *   pulumi config set --secret --path 'managementKubeconfigs.west' "$(cat west.kubeconfig)"
 *
 * The stack output `placement` is the record that keeps each hosted cluster where it was placed.
 */
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import { EXAMPLE_OPTIONS } from '../examples/clusters';
import { EXAMPLE_FLEET } from '../examples/fleet-app';
import { Fleet } from '../lib/pulumi';

export function fleetProgram(): Record<string, pulumi.Output<unknown>> {
  const kubeconfigs = new pulumi.Config().requireSecretObject<Record<string, string>>('managementKubeconfigs');
  const providers = Object.fromEntries(
    EXAMPLE_FLEET.managementClusters.map(({ name }) => [name, new k8s.Provider(`management-${name}`, { kubeconfig: kubeconfigs.apply((all) => all[name] ?? '') })]),
  );
  const fleet = new Fleet('fleet', { ...EXAMPLE_FLEET, providers, options: EXAMPLE_OPTIONS });
  return { placement: fleet.placement };
}
