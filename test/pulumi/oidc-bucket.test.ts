/** OidcBucket under strict mocks: public reads of the two OIDC keys only, a writer user, and no @pulumi/aws in the main Pulumi entry. */
import * as pulumi from '@pulumi/pulumi';

const registrations: Array<{ type: string; inputs: Record<string, unknown> }> = [];
const ready = pulumi.runtime.setMocks(
  {
    newResource(args) {
      registrations.push({ type: args.type, inputs: args.inputs });
      const state: Record<string, unknown> = { ...args.inputs, arn: `arn:aws:s3:::${String(args.inputs.bucket ?? args.name)}`, region: 'us-east-1', secret: 'SECRET' };
      return { id: `${args.name}-id`, state };
    },
    call(args) {
      throw new Error(`unexpected provider function call: ${args.token}`);
    },
  },
  'hcp-constructs',
  'test',
  false,
);
const valueOf = <T>(output: pulumi.Output<T>): Promise<T> => new Promise((resolve) => output.apply(resolve));

test('the main Pulumi entry does not load @pulumi/aws', () => {
  jest.isolateModules(() => {
    require('../../lib/pulumi');
    expect(Object.keys(require.cache).some((f) => f.includes('@pulumi/aws/'))).toBe(false);
  });
});

test('bucket policy: GetObject on <prefix>/.well-known/openid-configuration and <prefix>/openid/v1/jwks only; public ACLs blocked', async () => {
  await ready;
  const { OidcBucket } = await import('../../lib/pulumi/aws');
  const { oidcBucketPolicy } = await import('../../lib/pulumi/management/oidc-bucket');
  expect(oidcBucketPolicy('arn:aws:s3:::b')).toEqual({
    Version: '2012-10-17',
    Statement: [{ Sid: 'PublicOidcDiscovery', Effect: 'Allow', Principal: '*', Action: 's3:GetObject', Resource: ['arn:aws:s3:::b/*/.well-known/openid-configuration', 'arn:aws:s3:::b/*/openid/v1/jwks'] }],
  });
  const bucket = new OidcBucket('oidc', { bucketName: 'hcp-oidc-test' });
  await valueOf(bucket.credentialsFile!);
  await valueOf(bucket.issuerBase);
  const types = registrations.map((r) => r.type);
  expect(types).toEqual(expect.arrayContaining(['aws:s3/bucket:Bucket', 'aws:s3/bucketPolicy:BucketPolicy', 'aws:s3/bucketPublicAccessBlock:BucketPublicAccessBlock', 'aws:iam/user:User', 'aws:iam/userPolicy:UserPolicy', 'aws:iam/accessKey:AccessKey']));
  const block = registrations.find((r) => r.type.endsWith('BucketPublicAccessBlock'))!.inputs;
  expect(block).toMatchObject({ blockPublicAcls: true, ignorePublicAcls: true, blockPublicPolicy: false, restrictPublicBuckets: false });
  const writer = JSON.parse(registrations.find((r) => r.type.endsWith('UserPolicy'))!.inputs.policy as string);
  expect(writer.Statement[0].Action).toEqual(['s3:PutObject', 's3:DeleteObject']);
  expect(() => new OidcBucket('bad', { bucketName: 'has.dots' })).toThrow(/no dots/);
});
