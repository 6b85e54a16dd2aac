/** Numeric limits of AWS names and tags, each with where it comes from. */

/**
 * AWS name limits (AWS IAM User Guide, "IAM and AWS STS quotas", name lengths): role names 64
 * characters, instance profile names 128.
 */
export const AWS_IAM_ROLE_NAME_MAX = 64;
export const AWS_INSTANCE_PROFILE_NAME_MAX = 128;

/** HostedCluster and NodePool CRDs, `platform.aws.resourceTags`: maxItems 25, key maxLength 128, value maxLength 256. */
export const AWS_TAGS = { maxPerList: 25, keyMax: 128, valueMax: 256 } as const;
