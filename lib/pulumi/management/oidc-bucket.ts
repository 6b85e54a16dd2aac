/**
 * The S3 bucket the HyperShift operator publishes the OIDC documents of AWS hosted clusters to,
 * and the IAM user it writes with. Entry `hcp-constructs/pulumi/aws` (loads
 * @pulumi/aws; `hcp-constructs/pulumi` does not).
 *
 * Narrowest public access that works: AWS STS fetches, without credentials, only
 * `<issuer>/.well-known/openid-configuration` and the keys it names, `<issuer>/openid/v1/jwks`,
 * where the issuer is `https://<bucket>.s3.<region>.amazonaws.com/<infraID>`. The documentation's
 * policy makes every object public (`<bucket>/*`); this one allows those two keys under any
 * infraID prefix and nothing else: no listing, no other key, ACLs ignored and blocked, objects
 * owned by the bucket owner.
 */
import * as aws from '@pulumi/aws';
import * as pulumi from '@pulumi/pulumi';
import { HcpResourceError } from '../errors';

export const OIDC_BUCKET_TYPE = 'hcp:management:OidcBucket';

/** The two keys STS reads under each issuer (infraID) prefix. */
export const OIDC_PUBLIC_KEYS = ['.well-known/openid-configuration', 'openid/v1/jwks'] as const;

/** Args of {@link OidcBucket}: the bucket's name, its tags, and whether to create a user for the operator. */
export interface OidcBucketArgs {
  /** Bucket name: globally unique, no dots (the operator refuses them: virtual-host TLS). */
  readonly bucketName: string;
  /** Tags on every resource. @default none */
  readonly tags?: Readonly<Record<string, string>>;
  /** Create an IAM user and access key for the operator; false when you give it a role instead. @default true */
  readonly createUser?: boolean;
}

/** The bucket policy: public GetObject on the discovery document and keys only. */
export function oidcBucketPolicy(bucketArn: string): object {
  return {
    Version: '2012-10-17',
    Statement: [
      {
        Sid: 'PublicOidcDiscovery',
        Effect: 'Allow',
        Principal: '*',
        Action: 's3:GetObject',
        Resource: OIDC_PUBLIC_KEYS.map((key) => `${bucketArn}/*/${key}`),
      },
    ],
  };
}

/** What the operator needs: write and delete the documents (hypershift `create iam`'s oidc-s3 policy). */
export function oidcWriterPolicy(bucketArn: string): object {
  return {
    Version: '2012-10-17',
    Statement: [{ Effect: 'Allow', Action: ['s3:PutObject', 's3:DeleteObject'], Resource: [`${bucketArn}/*`] }],
  };
}

/**
 * The S3 bucket the HyperShift operator publishes the OIDC documents of AWS hosted clusters to, public only
 * where STS reads, and optionally an IAM user allowed to write them.
 */
export class OidcBucket extends pulumi.ComponentResource {
  /** The bucket resource (objects owned by the bucket owner, public ACLs blocked). */
  readonly bucket: aws.s3.Bucket;
  /** The bucket's name: for `hypershift install --oidc-storage-provider-s3-bucket-name`, and `oidc.bucketName` of an {@link AwsHostedCluster}. */
  readonly bucketName: pulumi.Output<string>;
  /** The bucket's region: `oidc.bucketRegion` of an {@link AwsHostedCluster}. */
  readonly region: pulumi.Output<string>;
  /** `https://<bucket>.s3.<region>.amazonaws.com`: a hosted cluster's issuer is this plus `/<infraID>`. */
  readonly issuerBase: pulumi.Output<string>;
  /** An AWS credentials file (`default` profile) for the `credentials` key of the operator's Secret; a secret. Undefined without `createUser`. */
  readonly credentialsFile?: pulumi.Output<string>;

  constructor(name: string, args: OidcBucketArgs, opts?: pulumi.ComponentResourceOptions) {
    if (args.bucketName.includes('.') || !/^[a-z0-9][a-z0-9-]{1,61}[a-z0-9]$/.test(args.bucketName)) {
      throw new HcpResourceError([
        { severity: 'error', object: `OidcBucket ${name}`, path: 'bucketName', message: `"${args.bucketName}" is not a bucket name the operator accepts (3-63 lower-case letters, digits and hyphens, no dots).`, fix: 'Choose another name.' },
      ]);
    }
    super(OIDC_BUCKET_TYPE, name, {}, opts);
    const tags = { ...args.tags };
    const child = { parent: this };
    this.bucket = new aws.s3.Bucket(name, { bucket: args.bucketName, tags }, child);
    const ownership = new aws.s3.BucketOwnershipControls(name, { bucket: this.bucket.id, rule: { objectOwnership: 'BucketOwnerEnforced' } }, child);
    // ACLs stay blocked; only a bucket policy may grant public reads, and ours grants two keys.
    const access = new aws.s3.BucketPublicAccessBlock(
      name,
      { bucket: this.bucket.id, blockPublicAcls: true, ignorePublicAcls: true, blockPublicPolicy: false, restrictPublicBuckets: false },
      child,
    );
    new aws.s3.BucketPolicy(name, { bucket: this.bucket.id, policy: this.bucket.arn.apply((arn) => JSON.stringify(oidcBucketPolicy(arn))) }, { ...child, dependsOn: [access, ownership] });
    this.bucketName = this.bucket.bucket;
    this.region = this.bucket.region;
    this.issuerBase = pulumi.interpolate`https://${this.bucket.bucket}.s3.${this.bucket.region}.amazonaws.com`;
    if (args.createUser ?? true) {
      const user = new aws.iam.User(name, { name: `${args.bucketName}-oidc-writer`.slice(0, 64), tags }, child);
      new aws.iam.UserPolicy(name, { user: user.name, policy: this.bucket.arn.apply((arn) => JSON.stringify(oidcWriterPolicy(arn))) }, child);
      const key = new aws.iam.AccessKey(name, { user: user.name }, child);
      this.credentialsFile = pulumi.secret(pulumi.interpolate`[default]\naws_access_key_id = ${key.id}\naws_secret_access_key = ${key.secret}\n`);
    }
    this.registerOutputs({ bucketName: this.bucketName, region: this.region, issuerBase: this.issuerBase, credentialsFile: this.credentialsFile });
  }
}
