/** Operators inside a hosted cluster, as users write them (kept equal to `hostedClusterOperatorsPropsSchema` by test/types/props-match-schemas.ts). */
import type { SubscriptionSpecConfigTolerations } from '../api';
import type { OlmOperatorProps } from '../management/management-cluster-props';

/** A toleration of the operator's or the catalog's pods (the core/v1 Toleration). */
export type GuestToleration = SubscriptionSpecConfigTolerations;

/** What an IAM policy statement does. */
export const IAM_EFFECTS = ['Allow', 'Deny'] as const;

/** A permission of the IAM role, as the CredentialsRequest's `AWSProviderSpec` writes it. */
export interface AwsStatementProps {
  /** `Allow` or `Deny`. */
  readonly effect: (typeof IAM_EFFECTS)[number];
  /** IAM actions (`s3:GetObject`). */
  readonly action: readonly string[];
  /** The resource ARN (`arn:aws:s3:::my-bucket/*`). */
  readonly resource: string;
}

/**
 * A CredentialsRequest written for the operator: for operators that do not create their own.
 * The documented operators create it themselves at start (it cannot ship in their bundle).
 */
export interface CredentialsRequestProps {
  /** CredentialsRequest name (in `openshift-cloud-credential-operator`). */
  readonly name: string;
  /** Secret the Cloud Credential Operator writes, in the operator's namespace (key `credentials`). */
  readonly secretName: string;
  /** Service accounts of the operator that read the Secret; the role must trust each. */
  readonly serviceAccountNames: readonly string[];
  /** Permissions the role needs (documentation only for CCO in manual mode: the role's policy grants them). @default none */
  readonly statements?: readonly AwsStatementProps[];
}

/** AWS STS for an operator (CCO in manual mode, documentation chapter 8.5). */
export interface GuestOperatorAwsProps {
  /** ARN of the IAM role the operator assumes (`ROLEARN` on its pods); it trusts the hosted cluster's OIDC provider. */
  readonly roleArn: string;
  /** Write the CredentialsRequest too. @default none (the operator creates its own) */
  readonly credentialsRequest?: CredentialsRequestProps;
}

/** One operator OLM installs inside the hosted cluster: Namespace, OperatorGroup and Subscription. */
export interface GuestOperatorProps extends OlmOperatorProps {
  /** Nodes the operator's pods run on (`Subscription.spec.config.nodeSelector`). @default the operator's own */
  readonly nodeSelector?: Readonly<Record<string, string>>;
  /** Tolerations of the operator's pods (`Subscription.spec.config.tolerations`). @default none */
  readonly tolerations?: readonly GuestToleration[];
  /** AWS STS: the role the operator assumes (hosted clusters on AWS). @default none */
  readonly aws?: GuestOperatorAwsProps;
}

/** A CatalogSource inside the hosted cluster: its catalog pod runs on the hosted cluster's nodes. */
export interface GuestCatalogSourceProps {
  /** CatalogSource name; not one of the four default sources (the control plane owns those names). */
  readonly name: string;
  /** Index image (`mirror.example.com/redhat/redhat-operator-index:v4.17`). */
  readonly image: string;
  /** Namespace: `openshift-marketplace` serves every namespace, any other only its own. @default 'openshift-marketplace' */
  readonly namespace?: string;
  /** @default the name */
  readonly displayName?: string;
  /** @default 'hcp-constructs' */
  readonly publisher?: string;
  /** How often OLM polls the image for updates (`30m`). @default no polling */
  readonly pollInterval?: string;
  /** Nodes the catalog pod runs on (`spec.grpcPodConfig.nodeSelector`). @default any node */
  readonly nodeSelector?: Readonly<Record<string, string>>;
  /** Tolerations of the catalog pod (`spec.grpcPodConfig.tolerations`). @default none */
  readonly tolerations?: readonly GuestToleration[];
}

/** The hosted cluster's `OperatorHub cluster`: which default catalogs OLM offers. */
export interface GuestOperatorHubProps {
  /** Remove the four default catalogs (disconnected clusters, mirrored catalogs). @default false */
  readonly disableAllDefaultSources?: boolean;
  /** Default sources switched one by one. @default none */
  readonly sources?: readonly { readonly name: string; readonly disabled: boolean }[];
}

/** OLM operators inside a hosted cluster. */
export interface HostedClusterOperatorsProps {
  /** Operators to install. @default none */
  readonly operators?: readonly GuestOperatorProps[];
  /** CatalogSources to create (mirrored or your own catalogs). @default none */
  readonly catalogSources?: readonly GuestCatalogSourceProps[];
  /** The hosted cluster's OperatorHub; only with `olmCatalogPlacement: guest`. @default left as the control plane sets it */
  readonly operatorHub?: GuestOperatorHubProps;
}
