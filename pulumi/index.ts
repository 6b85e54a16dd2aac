/**
 * The root Pulumi program (Pulumi.yaml), chosen with `pulumi config set cluster`: one hosted cluster,
 * `aws` (default; pulumi/aws.ts: network, IAM, HostedCluster, kubeconfig output), or the `none`,
 * `kubevirt` and `agent` examples on a management cluster you already have (pulumi/on-premises.ts);
 * or `management`, the example management cluster's preparation (pulumi/management.ts); or `fleet`,
 * the example fleet over two management clusters (pulumi/fleet.ts).
 * The stack outputs are what the chosen program returns.
 */
import * as pulumi from '@pulumi/pulumi';
import { awsProgram } from './aws';
import { fleetProgram } from './fleet';
import { managementProgram } from './management';
import { ON_PREMISES_EXAMPLES, onPremisesProgram } from './on-premises';

export = (): Record<string, unknown> => {
  const choice = new pulumi.Config().get('cluster') ?? 'aws';
  if (choice === 'aws') return awsProgram();
  if (choice === 'management') return managementProgram();
  if (choice === 'fleet') return fleetProgram();
  if (choice in ON_PREMISES_EXAMPLES) return onPremisesProgram(choice as keyof typeof ON_PREMISES_EXAMPLES);
  throw new Error(`config "cluster" must be one of aws, ${Object.keys(ON_PREMISES_EXAMPLES).join(', ')}, management, fleet; got "${choice}".`);
};
