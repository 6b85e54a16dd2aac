/**
 * The IAM of a hosted cluster, as `hypershift create iam aws` creates it: the OIDC provider of
 * the cluster's issuer, the seven control-plane roles of {@link AWS_OPERATOR_ROLES}, the worker
 * role and instance profile, and optionally a KMS key with the kms-provider role.
 */
import * as aws from '@pulumi/aws';
import * as pulumi from '@pulumi/pulumi';
import { IssueCollector } from '../../core/errors';
import {
  AWS_KMS_PROVIDER_ROLE,
  AWS_OIDC,
  AWS_OPERATOR_ROLES,
  AWS_TAG_KEYS,
  AWS_WORKER,
  AwsPartition,
  AwsRoleKey,
  AwsRolesRef,
  awsIamNames,
  awsRolePolicy,
  awsWebIdentityTrustPolicy,
  checkAwsIamNames,
  isAwsIssuerURL,
} from '../../platforms/aws';
import { HcpResourceError } from '../errors';

/** Type token of {@link AwsIam}. */
export const AWS_IAM_TYPE = 'hcp:aws:Iam';

/** Args of {@link AwsIam}: the cluster's infraID and OIDC issuer, its hosted zones, and the optional KMS key and tags. */
export interface AwsIamArgs {
  /** The infrastructure ID the IAM names derive from (`<infraID>-worker`, ...) and that every IAM resource is tagged with. */
  readonly infraID: string;
  /** Adds the `hypershift.openshift.io/cluster-name` tag, as `create cluster aws` does. @default none */
  readonly clusterName?: string;
  /** The cluster's OIDC issuer (see `awsIssuerURL`); it becomes the provider and the trust condition. */
  readonly issuerURL: string;
  /** An OIDC provider that exists already for this issuer. @default one is created */
  readonly existingOidcProviderArn?: pulumi.Input<string>;
  /** Zones the ingress and control-plane-operator roles may change. */
  readonly publicZoneId: pulumi.Input<string>;
  /** The cluster's private zone, where the ingress role may change records too. */
  readonly privateZoneId: pulumi.Input<string>;
  /** The `<name>.hypershift.local` zone, where the control-plane-operator role writes the PrivateLink records. */
  readonly localZoneId: pulumi.Input<string>;
  /**
   * Encrypt etcd with KMS: `true` creates a key (rotation on); an ARN uses that key, whose key
   * policy must let the kms-provider role use it (the CLI does not edit key policies either).
   * @default no KMS (etcd is encrypted with an aescbc key Secret)
   */
  readonly kms?: boolean | { readonly keyArn: pulumi.Input<string> };
  /** @default 'aws' */
  readonly partition?: AwsPartition;
  /** The user's tags, after the library's. @default none */
  readonly tags?: Readonly<Record<string, string>>;
}

/**
 * `hcp create iam aws` as a component. Every role trusts the cluster's OIDC provider for its
 * service accounts (`sub`) and, safer than upstream, only for tokens minted for `openshift`
 * (`aud`). Each role has one inline policy named after it, as the CLI creates. Names longer than
 * IAM allows are refused, never truncated.
 */
export class AwsIam extends pulumi.ComponentResource {
  /** ARN of the IAM OIDC provider of the issuer (created, or the existing one given); every role trusts it. */
  readonly oidcProviderArn: pulumi.Output<string>;
  /** The OIDC issuer URL the roles trust, as given in the args. */
  readonly issuerURL: string;
  /** The seven ARNs for `spec.platform.aws.rolesRef`. */
  readonly rolesRef: pulumi.Output<AwsRolesRef>;
  /** The seven control-plane roles, by their key in `spec.platform.aws.rolesRef`. */
  readonly roles: Readonly<Record<AwsRoleKey, aws.iam.Role>>;
  /** The role of the worker instances, behind the instance profile. */
  readonly workerRole: aws.iam.Role;
  /** The NodePools' `instanceProfile`: `<infraID>-worker`. */
  readonly instanceProfileName: pulumi.Output<string>;
  /** ARN of the KMS key that encrypts etcd (created, or the one given); undefined without `kms`. */
  readonly kmsKeyArn?: pulumi.Output<string>;
  /** ARN of the role the control plane's KMS provider assumes to use that key; undefined without `kms`. */
  readonly kmsProviderRoleArn?: pulumi.Output<string>;

  constructor(name: string, args: AwsIamArgs, opts?: pulumi.ComponentResourceOptions) {
    const issues = new IssueCollector(`IAM ${args.infraID}`);
    checkAwsIamNames(args.infraID, issues, 'infraID');
    if (!isAwsIssuerURL(args.issuerURL)) issues.error('issuerURL', `"${args.issuerURL}" is not an https URL.`, 'Use https://<bucket>.s3.<region>.amazonaws.com/<infraID>.');
    if (issues.issues.length > 0) throw new HcpResourceError(issues.issues);
    super(AWS_IAM_TYPE, name, {}, opts);
    const parent = { parent: this };
    const names = awsIamNames(args.infraID);
    // IAM tags (create_iam.go additionalIAMTags): infra-id, cluster-name when known, then the user's.
    const tags = {
      ...args.tags,
      [AWS_TAG_KEYS.infraID]: args.infraID,
      ...(args.clusterName ? { [AWS_TAG_KEYS.clusterName]: args.clusterName } : {}),
    };
    this.issuerURL = args.issuerURL;

    this.oidcProviderArn = args.existingOidcProviderArn
      ? pulumi.output(args.existingOidcProviderArn)
      : new aws.iam.OpenIdConnectProvider(
          `${args.infraID}-oidc`,
          { url: args.issuerURL, clientIdLists: [...AWS_OIDC.clientIds], thumbprintLists: [AWS_OIDC.thumbprint], tags },
          parent,
        ).arn;

    const trust: RoleTrust = { oidcProviderArn: this.oidcProviderArn, issuerURL: args.issuerURL, tags, parent };
    const refs = pulumi.all([args.publicZoneId, args.privateZoneId, args.localZoneId]).apply(([publicZoneId, privateZoneId, localZoneId]) => ({
      publicZoneId,
      privateZoneId,
      localZoneId,
      partition: args.partition ?? 'aws',
    }));
    const roles = Object.fromEntries(
      (Object.keys(AWS_OPERATOR_ROLES) as AwsRoleKey[]).map((key) => {
        const role = AWS_OPERATOR_ROLES[key];
        return [key, webIdentityRole(trust, names.roles[key], role.serviceAccounts, refs.apply((r) => JSON.stringify(awsRolePolicy(role, r))))];
      }),
    ) as Record<AwsRoleKey, aws.iam.Role>;
    this.roles = roles;
    this.rolesRef = pulumi.all(Object.fromEntries(Object.entries(roles).map(([key, role]) => [key, role.arn]))) as unknown as pulumi.Output<AwsRolesRef>;

    this.workerRole = new aws.iam.Role(names.workerRole, { name: names.workerRole, path: '/', assumeRolePolicy: JSON.stringify(AWS_WORKER.trustPolicy), tags }, parent);
    new aws.iam.RolePolicy(names.workerPolicy, { name: names.workerPolicy, role: this.workerRole.name, policy: JSON.stringify(AWS_WORKER.policyDocument) }, parent);
    const profile = new aws.iam.InstanceProfile(names.instanceProfile, { name: names.instanceProfile, path: '/', role: this.workerRole.name, tags }, parent);
    this.instanceProfileName = profile.name;

    if (args.kms) {
      const kms = createKms(args.kms, `${args.infraID}-etcd`, `etcd encryption of hosted cluster ${args.clusterName ?? args.infraID}`, names.kmsProviderRole, trust);
      this.kmsKeyArn = kms.keyArn;
      this.kmsProviderRoleArn = kms.roleArn;
    }

    this.registerOutputs({
      oidcProviderArn: this.oidcProviderArn,
      issuerURL: this.issuerURL,
      rolesRef: this.rolesRef,
      instanceProfileName: this.instanceProfileName,
      ...(this.kmsKeyArn ? { kmsKeyArn: this.kmsKeyArn, kmsProviderRoleArn: this.kmsProviderRoleArn } : {}),
    });
  }
}

/** What every role of the cluster is created with: the OIDC provider and issuer it trusts, its tags, its parent. */
interface RoleTrust {
  readonly oidcProviderArn: pulumi.Output<string>;
  readonly issuerURL: string;
  readonly tags: Readonly<Record<string, string>>;
  readonly parent: pulumi.CustomResourceOptions;
}

/** A role the service accounts assume with a token of the cluster's issuer, with one inline policy named after it (iam.go CreateRoleWithInlinePolicy). */
function webIdentityRole(trust: RoleTrust, roleName: string, serviceAccounts: readonly string[], policy: pulumi.Input<string>): aws.iam.Role {
  const role = new aws.iam.Role(
    roleName,
    {
      name: roleName,
      assumeRolePolicy: trust.oidcProviderArn.apply((arn) => JSON.stringify(awsWebIdentityTrustPolicy(arn, trust.issuerURL, serviceAccounts))),
      tags: trust.tags,
    },
    trust.parent,
  );
  new aws.iam.RolePolicy(roleName, { name: roleName, role: role.name, policy }, trust.parent);
  return role;
}

/** The etcd key (created with rotation on, or the one given) and the kms-provider role that may use it. */
function createKms(
  kms: true | { readonly keyArn: pulumi.Input<string> },
  keyName: string,
  description: string,
  roleName: string,
  trust: RoleTrust,
): { keyArn: pulumi.Output<string>; roleArn: pulumi.Output<string> } {
  const keyArn =
    typeof kms === 'object'
      ? pulumi.output(kms.keyArn)
      : // Without a key policy AWS gives the account's principals access through IAM policies,
        // which is what the kms-provider role's policy grants (AWS KMS "default key policy").
        new aws.kms.Key(keyName, { description, enableKeyRotation: true, tags: trust.tags }, trust.parent).arn;
  const role = webIdentityRole(
    trust,
    roleName,
    AWS_KMS_PROVIDER_ROLE.serviceAccounts,
    keyArn.apply((arn) => JSON.stringify({ Version: '2012-10-17', Statement: AWS_KMS_PROVIDER_ROLE.statements(arn) })),
  );
  return { keyArn, roleArn: role.arn };
}
