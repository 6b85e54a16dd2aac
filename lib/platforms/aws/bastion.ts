/**
 * The bastion of a private AWS hosted cluster, as data: a small instance in a public subnet of the
 * cluster's VPC that admits SSH from the given networks only. A Private cluster's API and nodes
 * are reachable from inside the VPC only; the documentation's way in is SSH through a bastion
 * (HCP documentation, AWS: "Creating a private hosted cluster" lists "a bastion instance on AWS" as
 * a prerequisite, and "Accessing a private management cluster" connects with
 * `ssh -o ProxyCommand="ssh ec2-user@<bastion_ip> -W %h:%p" core@<node_ip>`). The Pulumi
 * component `AwsBastion` creates exactly this; nothing here talks to AWS.
 */
import { parseCidr } from '../../core/cidr';
import type { IssueCollector } from '../../core/errors';
import { quote } from '../../core/schema';
import type { AwsNamedResource, AwsTagOwner } from './network';
import { awsEc2Tags } from './network';

/** The bastion's defaults: Amazon Linux 2023, whose user is the documentation's `ec2-user`, on the smallest burstable type that runs it well. */
export const AWS_BASTION_DEFAULTS = {
  instanceType: 't3.micro',
  /** The login user of Amazon Linux images, as the documentation's ProxyCommand uses it. */
  user: 'ec2-user',
  /** The newest Amazon Linux 2023 image for x86_64 (t3 instances), looked up among Amazon's own. */
  ami: { owner: 'amazon', namePattern: 'al2023-ami-2023.*-x86_64' },
  sshPort: 22,
} as const;

/** What decides the bastion: plain values. */
export interface AwsBastionInput {
  readonly infraID: string;
  readonly clusterName: string;
  /** IPv4 networks SSH is admitted from (your office, your VPN). */
  readonly sshCidrs: readonly string[];
  /** The user's tags, after the library's. @default none */
  readonly tags?: Readonly<Record<string, string>>;
}

/** The bastion's security group and instance, with names, tags and the one ingress rule. */
export interface AwsBastionLayout {
  readonly securityGroup: AwsNamedResource & { readonly sshCidrs: readonly string[] };
  readonly instance: AwsNamedResource;
}

/** Names `<infraID>-bastion` (instance) and `<infraID>-bastion-sg`, and the network's tags. */
export function awsBastionLayout(input: AwsBastionInput): AwsBastionLayout {
  const owner: AwsTagOwner = { infraID: input.infraID, clusterName: input.clusterName, extra: input.tags };
  const named = (name: string): AwsNamedResource => ({ name, tags: awsEc2Tags(owner, name) });
  return {
    securityGroup: { ...named(`${input.infraID}-bastion-sg`), sshCidrs: [...input.sshCidrs] },
    instance: named(`${input.infraID}-bastion`),
  };
}

/** The SSH networks: at least one, each an IPv4 CIDR; the whole internet is allowed with a warning. */
export function checkAwsBastionInput(input: Pick<AwsBastionInput, 'sshCidrs'>, issues: IssueCollector, path: string): void {
  if (input.sshCidrs.length === 0) issues.error(`${path}.sshCidrs`, 'no network may reach the bastion.', 'List the networks SSH comes from, e.g. your VPN\'s 198.51.100.0/24.');
  input.sshCidrs.forEach((text, index) => {
    const cidr = parseCidr(text);
    if (typeof cidr === 'string' || cidr.family !== 4) {
      issues.error(`${path}.sshCidrs[${index}]`, `${quote(text)} is not an IPv4 CIDR${typeof cidr === 'string' ? `: ${cidr}` : ''}.`, 'Write it as 198.51.100.0/24 (a security group rule takes IPv4 CIDRs here).');
    } else if (cidr.prefix === 0) {
      issues.warn(`${path}.sshCidrs[${index}]`, 'SSH to the bastion is open to the whole internet.', 'Admit only the networks you connect from.');
    }
  });
}

/** The documentation's command to reach a node through the bastion at `address`. */
export function bastionSshCommand(address: string): string {
  return `ssh -o ProxyCommand="ssh ${AWS_BASTION_DEFAULTS.user}@${address} -W %h:%p" core@<node address>`;
}
