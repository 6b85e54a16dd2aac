/** The IAM table: trust policies, names and their limits (permissions are checked against upstream in test/pulumi/aws/iam.test.ts). */
import { IssueCollector } from '../../lib/core';
import { AWS_MAX_INFRA_ID_LENGTH, AWS_OPERATOR_ROLES, awsIamNames, awsIssuerURL, awsRolePolicy, awsWebIdentityTrustPolicy, checkAwsIamNames, cliRolesRef } from '../../lib/platforms/aws';

const issuer = 'https://oidc-bucket.s3.us-east-2.amazonaws.com/demo';
const provider = 'arn:aws:iam::123456789012:oidc-provider/oidc-bucket.s3.us-east-2.amazonaws.com/demo';

test('the issuer is the OIDC bucket URL with the infraID as path', () => {
  expect(awsIssuerURL('oidc-bucket', 'us-east-2', 'demo')).toBe(issuer);
});

test('web-identity trust: the provider, sub as upstream (string for one account, list for several) and aud = openshift', () => {
  expect(awsWebIdentityTrustPolicy(provider, issuer, ['system:serviceaccount:kube-system:control-plane-operator'])).toEqual({
    Version: '2012-10-17',
    Statement: [
      {
        Effect: 'Allow',
        Principal: { Federated: provider },
        Action: 'sts:AssumeRoleWithWebIdentity',
        Condition: {
          StringEquals: {
            'oidc-bucket.s3.us-east-2.amazonaws.com/demo:sub': 'system:serviceaccount:kube-system:control-plane-operator',
            'oidc-bucket.s3.us-east-2.amazonaws.com/demo:aud': 'openshift',
          },
        },
      },
    ],
  });
  const registry = awsWebIdentityTrustPolicy(provider, issuer, AWS_OPERATOR_ROLES.imageRegistryARN.serviceAccounts);
  expect(registry.Statement[0].Condition.StringEquals['oidc-bucket.s3.us-east-2.amazonaws.com/demo:sub']).toEqual([
    'system:serviceaccount:openshift-image-registry:cluster-image-registry-operator',
    'system:serviceaccount:openshift-image-registry:registry',
  ]);
});

test("names are the CLI's: <infraID>-<suffix> roles, the worker role, policy and instance profile; rolesRef matches cliRolesRef", () => {
  const names = awsIamNames('demo');
  expect(names).toEqual({
    roles: {
      ingressARN: 'demo-openshift-ingress',
      imageRegistryARN: 'demo-openshift-image-registry',
      storageARN: 'demo-aws-ebs-csi-driver-controller',
      networkARN: 'demo-cloud-network-config-controller',
      kubeCloudControllerARN: 'demo-cloud-controller',
      nodePoolManagementARN: 'demo-node-pool',
      controlPlaneOperatorARN: 'demo-control-plane-operator',
    },
    kmsProviderRole: 'demo-kms-provider',
    workerRole: 'demo-worker-role',
    workerPolicy: 'demo-worker-policy',
    instanceProfile: 'demo-worker',
  });
  const ref = cliRolesRef('123456789012', 'demo');
  for (const [key, name] of Object.entries(names.roles)) expect(ref[key as keyof typeof ref]).toBe(`arn:aws:iam::123456789012:role/${name}`);
});

test('role names past 64 characters are refused, never truncated; the limit is the longest suffix', () => {
  const longest = 'x'.repeat(AWS_MAX_INFRA_ID_LENGTH);
  const ok = new IssueCollector('t');
  checkAwsIamNames(longest, ok, 'infraID');
  expect(ok.issues).toEqual([]);
  expect(`${longest}-cloud-network-config-controller`).toHaveLength(64);
  const bad = new IssueCollector('t');
  checkAwsIamNames(`${longest}y`, bad, 'infraID');
  expect(bad.issues.map((i) => [i.path, i.message, i.fix])).toEqual([
    ['infraID', expect.stringMatching(/cloud-network-config-controller" would be 65 characters \(1 role name\(s\) too long\); AWS allows 64/), `Use an infraID of at most ${AWS_MAX_INFRA_ID_LENGTH} characters.`],
  ]);
});

test('zone ARNs use the partition and take IDs with or without the /hostedzone/ prefix', () => {
  const policy = awsRolePolicy(AWS_OPERATOR_ROLES.ingressARN, { publicZoneId: '/hostedzone/ZPUB', privateZoneId: 'ZPRIV', localZoneId: 'ZLOCAL', partition: 'aws-us-gov' });
  expect(policy.Statement[1].Resource).toEqual(['arn:aws-us-gov:route53:::hostedzone/ZPUB', 'arn:aws-us-gov:route53:::hostedzone/ZPRIV']);
  const cpo = awsRolePolicy(AWS_OPERATOR_ROLES.controlPlaneOperatorARN, { publicZoneId: 'ZPUB', privateZoneId: 'ZPRIV', localZoneId: 'ZLOCAL' });
  expect(cpo.Statement[1].Resource).toBe('arn:aws:route53:::hostedzone/ZLOCAL');
});
