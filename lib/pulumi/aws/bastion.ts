/**
 * The bastion of a private hosted cluster ({@link awsBastionLayout}): a security group that admits
 * SSH from the given networks, an Amazon Linux instance in a public subnet of the cluster's VPC,
 * and optionally the key pair it is reached with.
 */
import * as aws from '@pulumi/aws';
import * as pulumi from '@pulumi/pulumi';
import { IssueCollector, formatIssues } from '../../core/errors';
import { AWS_BASTION_DEFAULTS, AwsBastionInput, awsBastionLayout, bastionSshCommand, checkAwsBastionInput } from '../../platforms/aws';
import { HcpResourceError } from '../errors';

/** Type token of {@link AwsBastion}. */
export const AWS_BASTION_TYPE = 'hcp:aws:Bastion';

/** How the bastion is reached and what it runs; `AwsHostedCluster`'s `aws.bastion` takes these. */
export interface AwsBastionOptions {
  /** IPv4 networks SSH is admitted from (your office, your VPN). */
  readonly sshCidrs: readonly string[];
  /** An EC2 key pair that exists already. Give this or `publicKey`. @default none */
  readonly keyName?: pulumi.Input<string>;
  /** An SSH public key to create the key pair `<infraID>-bastion` from. Give this or `keyName`. @default none */
  readonly publicKey?: pulumi.Input<string>;
  /** EC2 instance type. @default 't3.micro' */
  readonly instanceType?: string;
  /** AMI of an x86_64 image whose user is `ec2-user`. @default the newest Amazon Linux 2023 image */
  readonly ami?: pulumi.Input<string>;
  /** A public subnet of the cluster's VPC. @default the first zone's public subnet (required with an existing VPC) */
  readonly subnetId?: pulumi.Input<string>;
}

/** Args of {@link AwsBastion}: its options, and the cluster and VPC it serves. */
export interface AwsBastionArgs extends AwsBastionOptions {
  /** The infraID the names derive from (`<infraID>-bastion`) and that every resource is tagged with. */
  readonly infraID: string;
  /** The cluster's name, for the `hypershift.openshift.io/cluster-name` tag. */
  readonly clusterName: string;
  /** The cluster's VPC. */
  readonly vpcId: pulumi.Input<string>;
  /** A public subnet of that VPC (the instance gets a public address there). */
  readonly subnetId: pulumi.Input<string>;
  /** The user's tags, after the library's. @default none */
  readonly tags?: Readonly<Record<string, string>>;
}

/** Everything about the bastion's args AWS would refuse: SSH networks and one way to log in. */
export function checkAwsBastionArgs(args: Pick<AwsBastionOptions, 'sshCidrs' | 'keyName' | 'publicKey'>, issues: IssueCollector, path: string): void {
  checkAwsBastionInput(args, issues, path);
  if ((args.keyName === undefined) === (args.publicKey === undefined)) {
    issues.error(path, args.keyName === undefined ? 'no key pair: nobody could log in to the bastion.' : 'both keyName and publicKey are given.', 'Give keyName (an existing EC2 key pair) or publicKey (one is created), not both.');
  }
}

/**
 * A bastion for SSH into a private cluster's nodes: the security group `<infraID>-bastion-sg`
 * (SSH from `sshCidrs` in, everything out), the instance `<infraID>-bastion` with a public address,
 * IMDSv2 required and an encrypted root volume, and the key pair when `publicKey` is given. The
 * nodes admit SSH from the VPC through the worker security group the HyperShift operator creates.
 */
export class AwsBastion extends pulumi.ComponentResource {
  /** The instance's public address. */
  readonly publicIp: pulumi.Output<string>;
  /** ID of the instance. */
  readonly instanceId: pulumi.Output<string>;
  /** ID of its security group. */
  readonly securityGroupId: pulumi.Output<string>;
  /** The documentation's command to a node: `ssh -o ProxyCommand="ssh ec2-user@<bastion> -W %h:%p" core@<node address>`. */
  readonly sshCommand: pulumi.Output<string>;

  constructor(name: string, args: AwsBastionArgs, opts?: pulumi.ComponentResourceOptions) {
    const issues = new IssueCollector(`Bastion ${args.infraID}`);
    checkAwsBastionArgs(args, issues, 'bastion');
    if (issues.issues.some((i) => i.severity === 'error')) throw new HcpResourceError(issues.issues);
    super(AWS_BASTION_TYPE, name, {}, opts);
    for (const warning of issues.issues) pulumi.log.warn(formatIssues([warning]).trim(), this);
    const parent = { parent: this };
    const input: AwsBastionInput = { infraID: args.infraID, clusterName: args.clusterName, sshCidrs: args.sshCidrs, tags: args.tags };
    const layout = awsBastionLayout(input);

    const group = new aws.ec2.SecurityGroup(
      layout.securityGroup.name,
      {
        vpcId: args.vpcId,
        description: `SSH to the bastion of ${args.clusterName}`,
        ingress: [{ protocol: 'tcp', fromPort: AWS_BASTION_DEFAULTS.sshPort, toPort: AWS_BASTION_DEFAULTS.sshPort, cidrBlocks: [...layout.securityGroup.sshCidrs] }],
        egress: [{ protocol: '-1', fromPort: 0, toPort: 0, cidrBlocks: ['0.0.0.0/0'] }],
        tags: layout.securityGroup.tags,
      },
      parent,
    );
    const keyName = args.keyName ?? new aws.ec2.KeyPair(layout.instance.name, { keyName: layout.instance.name, publicKey: args.publicKey!, tags: layout.instance.tags }, parent).keyName;
    const ami =
      args.ami ??
      aws.ec2.getAmiOutput({ owners: [AWS_BASTION_DEFAULTS.ami.owner], mostRecent: true, filters: [{ name: 'name', values: [AWS_BASTION_DEFAULTS.ami.namePattern] }] }, parent).id;
    const instance = new aws.ec2.Instance(
      layout.instance.name,
      {
        ami,
        instanceType: args.instanceType ?? AWS_BASTION_DEFAULTS.instanceType,
        subnetId: args.subnetId,
        vpcSecurityGroupIds: [group.id],
        associatePublicIpAddress: true,
        keyName,
        metadataOptions: { httpTokens: 'required', httpEndpoint: 'enabled' },
        rootBlockDevice: { encrypted: true },
        tags: layout.instance.tags,
      },
      parent,
    );
    this.publicIp = instance.publicIp;
    this.instanceId = instance.id;
    this.securityGroupId = group.id;
    this.sshCommand = instance.publicIp.apply(bastionSshCommand);
    this.registerOutputs({ publicIp: this.publicIp, instanceId: this.instanceId, securityGroupId: this.securityGroupId, sshCommand: this.sshCommand });
  }
}
