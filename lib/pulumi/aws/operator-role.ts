/**
 * The IAM role an OLM operator inside an AWS hosted cluster assumes through STS (documentation
 * chapter 8.5): it trusts the hosted cluster's OIDC provider for the operator's service accounts
 * (`sub` system:serviceaccount:<namespace>:<name>, `aud` openshift, as every role of
 * {@link AwsIam}), with one inline policy of the permissions the operator needs. Its ARN is
 * known before it exists (account, partition, name), so the Subscription that names it can be
 * planned and checked at preview.
 */
import * as aws from '@pulumi/aws';
import * as pulumi from '@pulumi/pulumi';
import { IssueCollector } from '../../core/errors';
import { quote } from '../../core/schema';
import type { AwsPartition, AwsPolicyStatement } from '../../platforms/aws';
import { AWS_IAM_ROLE_NAME_MAX, awsRoleArn, awsWebIdentityTrustPolicy, isAwsIssuerURL, serviceAccountSubject } from '../../platforms/aws';
import { HcpResourceError } from '../errors';

/** Type token of {@link AwsOperatorRole}. */
export const AWS_OPERATOR_ROLE_TYPE = 'hcp:aws:OperatorRole';

/**
 * Args of {@link AwsOperatorRole}: its name and account, the OIDC issuer and provider it trusts, the service
 * accounts that may assume it, and its permissions.
 */
export interface AwsOperatorRoleArgs {
  /** Role name (at most 64 characters); also the inline policy's. */
  readonly roleName: string;
  /** The AWS account the role is created in (12 digits): the ARN is known before the role exists. */
  readonly accountId: string;
  /** The hosted cluster's OIDC issuer (`AwsIam.issuerURL`, the HostedCluster's `issuerURL`). */
  readonly issuerURL: string;
  /** The IAM OIDC provider of that issuer (`AwsIam.oidcProviderArn`). */
  readonly oidcProviderArn: pulumi.Input<string>;
  /** The operator's service accounts that may assume the role. */
  readonly serviceAccounts: readonly { readonly namespace: string; readonly name: string }[];
  /** The permissions of the role's inline policy. */
  readonly statements: readonly AwsPolicyStatement[];
  /** @default 'aws' */
  readonly partition?: AwsPartition;
  /** @default none */
  readonly tags?: Readonly<Record<string, string>>;
}

/** One operator's role; pass {@link AwsOperatorRole.roleArn} as the operator's `aws.roleArn`. */
export class AwsOperatorRole extends pulumi.ComponentResource {
  /** `arn:<partition>:iam::<account>:role/<roleName>`, known now. */
  readonly roleArn: string;
  /** The IAM role, which trusts the issuer's OIDC provider for the given service accounts only. */
  readonly role: aws.iam.Role;
  /** Its inline policy, named after it. */
  readonly policy: aws.iam.RolePolicy;

  constructor(name: string, args: AwsOperatorRoleArgs, opts?: pulumi.ComponentResourceOptions) {
    const issues = new IssueCollector(`AwsOperatorRole ${args.roleName}`);
    if (!/^[\w+=,.@-]{1,64}$/.test(args.roleName) || args.roleName.length > AWS_IAM_ROLE_NAME_MAX) {
      issues.error('roleName', `${quote(args.roleName)} is not an IAM role name (at most ${AWS_IAM_ROLE_NAME_MAX} of letters, digits and +=,.@_-).`, 'Use a shorter name of those characters.');
    }
    if (!/^\d{12}$/.test(args.accountId)) issues.error('accountId', `${quote(args.accountId)} is not an AWS account ID.`, 'Give the 12 digits of the account.');
    if (!isAwsIssuerURL(args.issuerURL)) issues.error('issuerURL', `${quote(args.issuerURL)} is not an https URL.`, 'Use the HostedCluster\'s issuerURL.');
    if (args.serviceAccounts.length === 0) issues.error('serviceAccounts', 'no service account may assume the role.', 'Name the operator\'s service account(s).');
    if (args.statements.length === 0) issues.error('statements', 'the role would grant nothing.', 'Give the permissions the operator needs.');
    if (issues.issues.length > 0) throw new HcpResourceError(issues.issues);
    super(AWS_OPERATOR_ROLE_TYPE, name, {}, opts);
    const parent = { parent: this };
    this.roleArn = awsRoleArn(args.partition ?? 'aws', args.accountId, args.roleName);
    const subjects = args.serviceAccounts.map((s) => serviceAccountSubject(s.namespace, s.name));
    this.role = new aws.iam.Role(
      args.roleName,
      {
        name: args.roleName,
        assumeRolePolicy: pulumi.output(args.oidcProviderArn).apply((arn) => JSON.stringify(awsWebIdentityTrustPolicy(arn, args.issuerURL, subjects))),
        ...(args.tags ? { tags: args.tags } : {}),
      },
      parent,
    );
    this.policy = new aws.iam.RolePolicy(args.roleName, { name: args.roleName, role: this.role.name, policy: JSON.stringify({ Version: '2012-10-17', Statement: args.statements }) }, parent);
    this.registerOutputs({ roleArn: this.roleArn });
  }
}
