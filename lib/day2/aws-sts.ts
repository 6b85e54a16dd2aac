/**
 * An OLM operator that reaches AWS with short-lived credentials (documentation chapter 8.3-8.5:
 * the Cloud Credential Operator of a hosted cluster on AWS runs in manual mode, with STS). The
 * operator reads its role from the `ROLEARN` environment variable the Subscription sets on its
 * pods, creates a CredentialsRequest naming that role and the projected token path, and the CCO
 * writes a Secret (key `credentials`) that the AWS SDK reads. The role itself trusts the hosted
 * cluster's OIDC provider for the operator's service accounts (lib/platforms/aws
 * `awsOperatorRoleTrustPolicy`; the Pulumi `AwsOperatorRole` creates it).
 *
 * | phase (wave) | object | ready when |
 * |---|---|---|
 * | day-2 (4) | CredentialsRequest in `openshift-cloud-credential-operator` | `status.provisioned` true |
 */
import type { CredentialsRequest, HostedCluster, SubscriptionSpecConfigEnv } from '../api';
import { GUEST_API_VERSIONS } from '../api';
import type { IssueCollector } from '../core/errors';
import { PHASES, PlanItem, planItem } from '../core/plan-model';
import type { OcpVersion } from '../core/release';
import { quote } from '../core/schema';
import { awsPlatform } from '../platforms/aws';
import type { GuestOperatorAwsProps } from './guest-operators-props';

/** Where the CCO reads CredentialsRequests (chapter 8.5). */
export const CREDENTIALS_REQUEST_NAMESPACE = 'openshift-cloud-credential-operator';

/** The bound service-account token the operator's pods mount for STS (chapter 8.5, `webIdentityTokenPath`). */
export const STS_TOKEN_PATH = '/var/run/secrets/openshift/serviceaccount/token';

/** The environment variable the Subscription sets and the operator reads the role from (chapter 8.5). */
export const ROLE_ARN_ENV = 'ROLEARN';

/** The first release whose CCO serves operators with STS (chapter 8.5 prerequisites: 4.14 or later). */
const STS_MIN_MINOR = 14;

/** An IAM role ARN in any partition: `arn:<partition>:iam::<12 digits>:role/<path/name>`. */
const ROLE_ARN = /^arn:aws(-cn|-us-gov)?:iam::\d{12}:role\/[\w+=,.@\-/]{1,512}$/;

/** The Subscription's `config.env` for the role. */
export function roleArnEnv(roleArn: string): SubscriptionSpecConfigEnv[] {
  return [{ name: ROLE_ARN_ENV, value: roleArn }];
}

/**
 * Checks STS for one operator against its cluster (AWS, 4.14 or later, a role ARN) and plans the
 * CredentialsRequest when one is asked for. `path` is where the operator's `aws` settings are.
 */
export function planAwsSts(cluster: { readonly hostedCluster: HostedCluster; readonly version?: OcpVersion }, aws: GuestOperatorAwsProps, operatorNamespace: string, path: string, issues: IssueCollector): PlanItem[] {
  const { namespace = '', name } = cluster.hostedCluster.metadata;
  const type = cluster.hostedCluster.spec.platform.type;
  if (type !== awsPlatform.type) {
    issues.error(path, `${namespace}/${name} runs on ${type}; operators get AWS roles through the Cloud Credential Operator only on ${awsPlatform.type} hosted clusters.`, 'Drop aws, or give the operator credentials another way.');
  }
  if (cluster.version && cluster.version.major === 4 && cluster.version.minor < STS_MIN_MINOR) {
    issues.error(path, `${namespace}/${name} runs OpenShift 4.${cluster.version.minor}; operators use STS through the Cloud Credential Operator from 4.${STS_MIN_MINOR} on.`, `Use a 4.${STS_MIN_MINOR} or later release.`);
  }
  if (!ROLE_ARN.test(aws.roleArn)) {
    issues.error(`${path}.roleArn`, `${quote(aws.roleArn)} is not an IAM role ARN.`, 'Give arn:aws:iam::<account>:role/<name>.');
  }
  const request = aws.credentialsRequest;
  if (!request) return [];
  if (request.serviceAccountNames.length === 0) {
    issues.error(`${path}.credentialsRequest.serviceAccountNames`, 'no service account is named; the CCO writes the Secret for the service accounts the role trusts.', 'Name the operator\'s service account(s).');
  }
  const object: CredentialsRequest = {
    apiVersion: GUEST_API_VERSIONS.credentialsRequest,
    kind: 'CredentialsRequest',
    metadata: { name: request.name, namespace: CREDENTIALS_REQUEST_NAMESPACE },
    spec: {
      secretRef: { name: request.secretName, namespace: operatorNamespace },
      serviceAccountNames: [...request.serviceAccountNames],
      cloudTokenPath: STS_TOKEN_PATH,
      providerSpec: {
        apiVersion: GUEST_API_VERSIONS.credentialsRequest,
        kind: 'AWSProviderSpec',
        statementEntries: (request.statements ?? []).map((s) => ({ effect: s.effect, action: [...s.action], resource: s.resource })),
        stsIAMRoleARN: aws.roleArn,
      },
    },
  };
  // The CCO sets status.provisioned once it wrote the Secret (cloud-credential-operator credentialsrequest types).
  return [planItem(object, PHASES.day2, { kind: 'jsonpath', path: '.status.provisioned', value: 'true' })];
}
