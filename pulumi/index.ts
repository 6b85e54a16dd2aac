/**
 * The root Pulumi program (Pulumi.yaml): one hosted cluster, chosen with `pulumi config set cluster`:
 * `aws` (default; pulumi/aws.ts: network, IAM, HostedCluster, kubeconfig output), or the `none` and
 * `kubevirt` examples on a management cluster you already have (pulumi/on-premises.ts).
 * The stack outputs are what the chosen program returns.
 */
import * as pulumi from '@pulumi/pulumi';
import { awsProgram } from './aws';
import { ON_PREMISES_EXAMPLES, onPremisesProgram } from './on-premises';

export = (): Record<string, unknown> => {
  const choice = new pulumi.Config().get('cluster') ?? 'aws';
  if (choice === 'aws') return awsProgram();
  if (choice in ON_PREMISES_EXAMPLES) return onPremisesProgram(choice as keyof typeof ON_PREMISES_EXAMPLES);
  throw new Error(`config "cluster" must be one of aws, ${Object.keys(ON_PREMISES_EXAMPLES).join(', ')}; got "${choice}".`);
};
