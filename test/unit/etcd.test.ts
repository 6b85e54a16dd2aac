/**
 * A hosted cluster's etcd (issue 19, checks C1-C4): the snapshot a new cluster starts from and the
 * key it needs, and an etcd of your own with its client Secret. Every rule with its exact message,
 * props path and fix; the rendered fields; the paths findings of later checks translate through.
 */
import type { ExternalSecret } from '../../lib/api';
import { CORE_PREVIOUS_STATE_CHECKS, SecretSource, ValidationIssue, checkAgainstPrevious, contributionOf, previousObjects } from '../../lib/core';
import { HostedClusterProps, checkHostedCluster } from '../../lib/platforms';
import { noneCluster, SUPPORTED_VERSIONS } from '../../examples/clusters';

const options = { supportedVersions: SUPPORTED_VERSIONS };
const cluster = (more: Partial<HostedClusterProps>): HostedClusterProps => ({ ...noneCluster, ...more }) as HostedClusterProps;
const SNAPSHOT = 'https://backups.s3.eu-west-1.amazonaws.com/edge-lab/etcd-0-snapshot.db';
const PRESIGNED = `${SNAPSHOT}?X-Amz-Algorithm=AWS4-HMAC-SHA256&X-Amz-Expires=3600&X-Amz-Signature=abc`;
const client = SecretSource.external({ store: 'vault', key: 'edge-lab/etcd-client' });

/** Findings of the props whose path starts with one of `prefixes` (the example's own warnings left out). */
function findings(props: HostedClusterProps, ...prefixes: string[]): Omit<ValidationIssue, 'object'>[] {
  return checkHostedCluster(props, options)
    .issues.filter((i) => prefixes.some((p) => i.path.startsWith(p)))
    .map(({ object: _object, ...rest }) => rest);
}

describe('etcd.restoreSnapshotURL (C1-C3)', () => {
  const restoring = cluster({ etcd: { storageSize: '16Gi', restoreSnapshotURL: SNAPSHOT } });

  test('is rendered as the one URL of spec.etcd.managed.storage.restoreSnapshotURL, beside the volume', () => {
    const { plan } = checkHostedCluster(restoring, options);
    expect(plan?.hostedCluster.spec.etcd).toEqual({
      managementType: 'Managed',
      managed: { storage: { type: 'PersistentVolume', persistentVolume: { size: '16Gi' }, restoreSnapshotURL: [SNAPSHOT] } },
    });
  });

  test('C1: the scheme is https or s3 (the CRD rule), found at the prop', () => {
    expect(findings(cluster({ etcd: { restoreSnapshotURL: 'http://backups.example.com/snap.db' } }), 'etcd')).toEqual([
      {
        severity: 'error',
        path: 'etcd.restoreSnapshotURL',
        renderedPath: 'spec.etcd.managed.storage.restoreSnapshotURL[0]',
        message: '"http://backups.example.com/snap.db" is not an https:// or s3:// URL.',
        fix: 'Give the snapshot\'s pre-signed https:// URL (aws s3 presign s3://<bucket>/<key>) or its s3:// URL.',
      },
    ]);
    expect(findings(cluster({ etcd: { restoreSnapshotURL: 's3://backups/edge-lab/etcd-0-snapshot.db' } }), 'etcd')).toEqual([]);
  });

  test('C1: at most 1024 characters (the CRD)', () => {
    expect(findings(cluster({ etcd: { restoreSnapshotURL: `${SNAPSHOT}?${'x'.repeat(1024)}` } }), 'etcd')).toEqual([
      expect.objectContaining({ severity: 'error', path: 'etcd.restoreSnapshotURL', message: expect.stringContaining('is longer than the 1024 characters allowed.') }),
    ]);
  });

  test('C1: the HostedCluster takes one URL; more through specOverrides are refused at the override', () => {
    const props = cluster({ specOverrides: { etcd: { managementType: 'Managed', managed: { storage: { type: 'PersistentVolume', restoreSnapshotURL: [SNAPSHOT, SNAPSHOT.replace('-0-', '-1-')] } } } } });
    expect(findings(props, 'specOverrides')).toEqual([
      {
        severity: 'error',
        path: 'specOverrides.etcd.managed.storage.restoreSnapshotURL',
        message: '2 snapshot URLs are given; the HostedCluster takes at most one.',
        fix: 'Give the URL of one snapshot.',
      },
    ]);
  });

  test('C2: without a key source the restored data cannot be read: an error in place of the missing-key warning', () => {
    expect(findings(cluster({ etcd: { restoreSnapshotURL: SNAPSHOT }, secretEncryption: undefined }), 'secretEncryption', 'etcd')).toEqual([
      {
        severity: 'error',
        path: 'secretEncryption',
        message:
          'the snapshot of etcd.restoreSnapshotURL is encrypted with the etcd encryption key of the cluster it was taken from, and no key source is given: the HostedCluster would name Secret none-clusters/edge-lab-etcd-encryption-key without saying which key it must hold.',
        fix: 'Set secretEncryption.aescbc to the existing Secret or ExternalSecret that holds that cluster\'s aescbc key, or secretEncryption.kms to its KMS key.',
      },
    ]);
  });

  test('C2: with a key source, a warning that it must be the backed-up cluster\'s key', () => {
    expect(findings(restoring, 'secretEncryption')).toEqual([
      {
        severity: 'warning',
        path: 'secretEncryption.aescbc',
        message: 'the snapshot of etcd.restoreSnapshotURL can only be read with the aescbc key of the cluster it was taken from; with any other key the API server cannot decrypt the restored Secrets.',
        fix: 'Make sure this source gives that cluster\'s key (the Secret its secretEncryption.aescbc.activeKey names), not a new one.',
      },
    ]);
    const kms = { provider: 'AWS' as const, aws: { region: 'eu-west-1', activeKey: { arn: 'arn:aws:kms:eu-west-1:123456789012:key/old' }, auth: { awsKms: 'arn:aws:iam::123456789012:role/kms' } } };
    expect(findings(cluster({ etcd: { restoreSnapshotURL: SNAPSHOT }, secretEncryption: { kms } }), 'secretEncryption')).toEqual([
      {
        severity: 'warning',
        path: 'secretEncryption.kms',
        message: 'the snapshot of etcd.restoreSnapshotURL can only be read through the KMS key of the cluster it was taken from.',
        fix: 'Give that cluster\'s KMS key, with a role allowed to use it.',
      },
    ]);
  });

  test('C3: a pre-signed URL expires: a warning with its lifetime, read only on the first start', () => {
    expect(findings(cluster({ etcd: { restoreSnapshotURL: PRESIGNED } }), 'etcd')).toEqual([
      {
        severity: 'warning',
        path: 'etcd.restoreSnapshotURL',
        renderedPath: 'spec.etcd.managed.storage.restoreSnapshotURL[0]',
        message:
          'the URL is pre-signed and stops working 3,600 seconds after it was signed (X-Amz-Expires; S3 allows at most 7 days). The etcd pods download it once, on their first start, while their volume is empty.',
        fix: 'Create the hosted cluster before the URL expires. The URL can never change once the cluster exists: if it expired first, delete the cluster and create it again with a new URL.',
      },
    ]);
  });

  test('a changed URL against the previous output is refused at the prop (the CRD\'s transition rules)', () => {
    const { plan } = checkHostedCluster(restoring, options);
    const hc = plan!.hostedCluster;
    const storage = hc.spec.etcd.managed!.storage;
    const earlier = 's3://backups/edge-lab/etcd-0-snapshot.db';
    const before = { ...hc, spec: { ...hc.spec, etcd: { ...hc.spec.etcd, managed: { storage: { ...storage, restoreSnapshotURL: [earlier] } } } } };
    const refused = checkAgainstPrevious(previousObjects([['management', before]]), contributionOf(plan!, []).objects, CORE_PREVIOUS_STATE_CHECKS);
    expect(refused.map((f) => `${f.severity} ${f.path}: ${f.message}`)).toEqual([
      `error etcd.restoreSnapshotURL: restoreSnapshotURL is immutable: it was ["${earlier}"] in the previous output and is ["${SNAPSHOT}"] now, so the API server would refuse the update (rule \`self == oldSelf\`).`,
    ]);
    // Added after creation: the rule on the storage block, named at the prop too.
    const { restoreSnapshotURL: _url, ...withoutUrl } = storage;
    const added = checkAgainstPrevious(previousObjects([['management', { ...hc, spec: { ...hc.spec, etcd: { ...hc.spec.etcd, managed: { storage: withoutUrl } } } }]]), contributionOf(plan!, []).objects, CORE_PREVIOUS_STATE_CHECKS);
    expect(added.map((f) => f.path)).toEqual(['etcd.restoreSnapshotURL']);
  });
});

describe('etcd.unmanaged (C4)', () => {
  const own = cluster({ etcd: { unmanaged: { endpoint: 'https://etcd.example.com:2379', clientSecret: client } } });

  test('renders managementType Unmanaged with the endpoint and the client Secret, no managed block', () => {
    const { plan } = checkHostedCluster(own, options);
    expect(plan?.hostedCluster.spec.etcd).toEqual({
      managementType: 'Unmanaged',
      unmanaged: { endpoint: 'https://etcd.example.com:2379', tls: { clientSecret: { name: 'edge-lab-etcd-client-tls' } } },
    });
  });

  test('the client Secret from a store: one ExternalSecret writing the three keys the operator reads, each a property of the key', () => {
    const { plan } = checkHostedCluster(own, options);
    const external = plan!.objects.map((item) => item.object).find((o): o is ExternalSecret => o.kind === 'ExternalSecret');
    expect(external?.metadata.name).toBe('edge-lab-etcd-client-tls');
    expect(external?.spec.data).toEqual(['etcd-client-ca.crt', 'etcd-client.crt', 'etcd-client.key'].map((key) => ({ secretKey: key, remoteRef: { key: 'edge-lab/etcd-client', property: key } })));
    // An existing Secret is referenced by its name, nothing is written.
    const existing = checkHostedCluster(cluster({ etcd: { unmanaged: { endpoint: 'https://etcd.example.com:2379', clientSecret: SecretSource.existing('etcd-client') } } }), options).plan!;
    expect(existing.hostedCluster.spec.etcd.unmanaged?.tls.clientSecret.name).toBe('etcd-client');
    expect(existing.objects.map((item) => item.object.kind)).not.toContain('ExternalSecret');
  });

  test('the endpoint is an https URL (the CRD\'s pattern), found at the prop', () => {
    expect(findings(cluster({ etcd: { unmanaged: { endpoint: 'http://etcd.example.com:2379', clientSecret: client } } }), 'etcd')).toEqual([
      {
        severity: 'error',
        path: 'etcd.unmanaged.endpoint',
        message: '"http://etcd.example.com:2379" is not an https:// URL.',
        fix: 'Give the etcd client URL, e.g. https://etcd.example.com:2379: the control plane reaches an etcd of your own over TLS only.',
      },
    ]);
    expect(findings(cluster({ etcd: { unmanaged: { endpoint: `https://${'e'.repeat(250)}.example.com`, clientSecret: client } } }), 'etcd')).toEqual([
      expect.objectContaining({ severity: 'error', path: 'etcd.unmanaged.endpoint', message: expect.stringContaining('is longer than the 255 characters allowed.') }),
    ]);
  });

  test('excludes every setting of the managed etcd (the CRD\'s rules on spec.etcd), each at its prop', () => {
    const props = cluster({ etcd: { storageSize: '16Gi', storageClassName: 'fast', restoreSnapshotURL: SNAPSHOT, unmanaged: { endpoint: 'https://etcd.example.com:2379', clientSecret: client } } });
    expect(findings(props, 'etcd').map((f) => [f.path, f.message, f.fix])).toEqual(
      ['storageSize', 'storageClassName', 'restoreSnapshotURL'].map((field) => [
        `etcd.${field}`,
        `etcd.${field} is a setting of the etcd the operator runs, but etcd.unmanaged makes the cluster use an etcd of your own.`,
        `Remove etcd.${field}, or etcd.unmanaged to let the operator run etcd.`,
      ]),
    );
  });

  test('the client Secret has three keys: an inline value (one string) cannot give them', () => {
    const props = cluster({ etcd: { unmanaged: { endpoint: 'https://etcd.example.com:2379', clientSecret: SecretSource.inline('-----BEGIN CERTIFICATE-----') } } });
    expect(findings(props, 'etcd')).toEqual([
      {
        severity: 'error',
        path: 'etcd.unmanaged.clientSecret.inline',
        message: 'Secret edge-lab-etcd-client-tls holds 3 keys (etcd-client-ca.crt, etcd-client.crt and etcd-client.key); an inline value is one string.',
        fix: 'Create the Secret with these keys and give { existingSecret: <name> }, or store them as properties of one key of a secret store and give { externalSecret }.',
      },
    ]);
  });

  test('a store\'s key holds the three as properties, so the source takes no property', () => {
    const props = cluster({ etcd: { unmanaged: { endpoint: 'https://etcd.example.com:2379', clientSecret: SecretSource.external({ store: 'vault', key: 'etcd', property: 'tls' }) } } });
    expect(findings(props, 'etcd')).toEqual([
      {
        severity: 'error',
        path: 'etcd.unmanaged.clientSecret.externalSecret.property',
        message: 'this Secret reads the properties etcd-client-ca.crt, etcd-client.crt and etcd-client.key of the store\'s key, so it takes no property.',
        fix: 'Remove property; store etcd-client-ca.crt, etcd-client.crt and etcd-client.key as properties of one key.',
      },
    ]);
  });

  test('switching between managed and unmanaged etcd is refused at etcd.unmanaged, given or removed', () => {
    const managed = checkHostedCluster(noneCluster, options).plan!;
    const unmanaged = checkHostedCluster(own, options).plan!;
    const switched = (from: typeof managed, to: typeof managed) =>
      checkAgainstPrevious(previousObjects([['management', from.hostedCluster]]), contributionOf(to, []).objects, CORE_PREVIOUS_STATE_CHECKS)
        .filter((f) => f.message.startsWith('managementType'))
        .map((f) => f.path);
    expect(switched(managed, unmanaged)).toEqual(['etcd.unmanaged']);
    expect(switched(unmanaged, managed)).toEqual(['etcd.unmanaged']);
  });
});

test('the planned HostedCluster records the props paths of its etcd fields, for the checks that read the plan later', () => {
  const item = (props: HostedClusterProps) => checkHostedCluster(props, options).plan!.objects.find((i) => i.object.kind === 'HostedCluster')!;
  const restoring = item(cluster({ etcd: { restoreSnapshotURL: SNAPSHOT } }));
  expect(restoring.paths?.('spec.etcd.managed.storage.restoreSnapshotURL[0]').path).toBe('etcd.restoreSnapshotURL');
  const own = item(cluster({ etcd: { unmanaged: { endpoint: 'https://etcd.example.com:2379', clientSecret: client } } }));
  expect(own.paths?.('spec.etcd.unmanaged.endpoint').path).toBe('etcd.unmanaged.endpoint');
  expect(own.paths?.('spec.etcd.unmanaged.tls.clientSecret.name').path).toBe('etcd.unmanaged.clientSecret');
  expect(own.paths?.('spec.etcd.managementType').path).toBe('etcd.unmanaged');
});
