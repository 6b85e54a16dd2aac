/**
 * A hosted cluster's etcd: the volume of the etcd the operator runs (managed), the snapshot a new
 * cluster starts from, or an etcd the user runs (unmanaged). The props schema, the spec, and the
 * checks: on the props (what only they tell, such as a key given or not), and on the final
 * HostedCluster (whatever set the fields, specOverrides included).
 */
import type { HostedClusterSpec } from '../api';
import { v } from './valibot';
import { CLI_DEFAULTS } from './defaults';
import type { IssueCollector } from './errors';
import type { EtcdProps, SecretEncryptionProps } from './hosted-cluster-props';
import { MAX_ETCD_ENDPOINT_LENGTH, MAX_RESTORE_SNAPSHOT_URL_LENGTH } from './limits';
import { MAX_SUBDOMAIN_LENGTH, secretNames } from './names';
import { quote, strict, text } from './schema';
import { secretSourceSchema } from './secrets';

/** An etcd of your own. @internal */
export const unmanagedEtcdPropsSchema = strict({
  endpoint: text({ max: MAX_ETCD_ENDPOINT_LENGTH }),
  clientSecret: secretSourceSchema,
});

/** etcd: managed (volume, snapshot) or unmanaged. @internal */
export const etcdPropsSchema = strict({
  storageSize: v.optional(text({ max: 64 })),
  storageClassName: v.optional(text({ max: MAX_SUBDOMAIN_LENGTH })),
  restoreSnapshotURL: v.optional(text({ max: MAX_RESTORE_SNAPSHOT_URL_LENGTH })),
  unmanaged: v.optional(unmanagedEtcdPropsSchema),
});

/** The fields of a managed etcd that an unmanaged one excludes (the CRD's rules on `spec.etcd`). */
const MANAGED_ONLY = ['storageSize', 'storageClassName', 'restoreSnapshotURL'] as const;

/**
 * `spec.etcd`: an unmanaged etcd when `etcd.unmanaged` is given (`clientSecret` is the name of its
 * client Secret), else the managed etcd's volume (`storageClassName` is the default class when the
 * props give none) and its snapshot.
 */
export function etcdSpec(etcd: EtcdProps | undefined, storageClassName: string | undefined, clientSecret: string | undefined): HostedClusterSpec['etcd'] {
  if (etcd?.unmanaged) {
    return { managementType: 'Unmanaged', unmanaged: { endpoint: etcd.unmanaged.endpoint, tls: { clientSecret: { name: clientSecret ?? '' } } } };
  }
  const className = etcd?.storageClassName ?? storageClassName;
  return {
    managementType: 'Managed',
    managed: {
      storage: {
        type: 'PersistentVolume',
        persistentVolume: { size: etcd?.storageSize ?? CLI_DEFAULTS.etcdStorageSize, ...(className ? { storageClassName: className } : {}) },
        ...(etcd?.restoreSnapshotURL !== undefined ? { restoreSnapshotURL: [etcd.restoreSnapshotURL] } : {}),
      },
    },
  };
}

/** What the etcd checks on the props read. */
interface EtcdCheckedProps {
  readonly name: string;
  readonly namespace?: string;
  readonly etcd?: EtcdProps;
  readonly secretEncryption?: SecretEncryptionProps;
}

/**
 * The rules only the props tell: an unmanaged etcd takes none of the managed etcd's settings, and
 * a restored snapshot needs the encryption key of the cluster it came from, which must be given
 * (the snapshot's resources are encrypted with it; a new key cannot read them).
 */
export function checkEtcdProps(props: EtcdCheckedProps, issues: IssueCollector): void {
  const etcd = props.etcd;
  if (etcd?.unmanaged) {
    for (const field of MANAGED_ONLY) {
      if (etcd[field] !== undefined) {
        issues.error(`etcd.${field}`, `etcd.${field} is a setting of the etcd the operator runs, but etcd.unmanaged makes the cluster use an etcd of your own.`, `Remove etcd.${field}, or etcd.unmanaged to let the operator run etcd.`);
      }
    }
    return;
  }
  if (etcd?.restoreSnapshotURL === undefined) return;
  const encryption = props.secretEncryption;
  if (!encryption) {
    const keySecret = `${props.namespace ?? CLI_DEFAULTS.namespace}/${secretNames.etcdEncryptionKey(props.name)}`;
    issues.error(
      'secretEncryption',
      `the snapshot of etcd.restoreSnapshotURL is encrypted with the etcd encryption key of the cluster it was taken from, and no key source is given: the HostedCluster would name Secret ${keySecret} without saying which key it must hold.`,
      'Set secretEncryption.aescbc to the existing Secret or ExternalSecret that holds that cluster\'s aescbc key, or secretEncryption.kms to its KMS key.',
    );
  } else if ('aescbc' in encryption) {
    issues.warn(
      'secretEncryption.aescbc',
      'the snapshot of etcd.restoreSnapshotURL can only be read with the aescbc key of the cluster it was taken from; with any other key the API server cannot decrypt the restored Secrets.',
      'Make sure this source gives that cluster\'s key (the Secret its secretEncryption.aescbc.activeKey names), not a new one.',
    );
  } else {
    issues.warn(
      'secretEncryption.kms',
      'the snapshot of etcd.restoreSnapshotURL can only be read through the KMS key of the cluster it was taken from.',
      'Give that cluster\'s KMS key, with a role allowed to use it.',
    );
  }
}

const URL_PATH = 'spec.etcd.managed.storage.restoreSnapshotURL';

/** The checks on the final HostedCluster's etcd: the snapshot URL and the unmanaged endpoint. */
export function validateEtcd(etcd: HostedClusterSpec['etcd'], issues: IssueCollector): void {
  const urls = etcd.managed?.storage.restoreSnapshotURL ?? [];
  if (urls.length > 1) {
    issues.error(URL_PATH, `${urls.length} snapshot URLs are given; the HostedCluster takes at most one.`, 'Give the URL of one snapshot.');
  }
  urls.forEach((url, index) => checkSnapshotURL(url, `${URL_PATH}[${index}]`, issues));
  const endpoint = etcd.unmanaged?.endpoint;
  if (endpoint !== undefined && !/^https:\/\/[^\s/?#]+[^\s]*$/.test(endpoint)) {
    issues.error('spec.etcd.unmanaged.endpoint', `${quote(endpoint)} is not an https:// URL.`, 'Give the etcd client URL, e.g. https://etcd.example.com:2379: the control plane reaches an etcd of your own over TLS only.');
  }
}

/** The scheme the CRD allows, a host, no white space; and the expiry of a pre-signed URL. */
function checkSnapshotURL(url: string, path: string, issues: IssueCollector): void {
  if (!/^(https|s3):\/\/[^\s/?#]+[^\s]*$/.test(url)) {
    issues.error(path, `${quote(url)} is not an https:// or s3:// URL.`, 'Give the snapshot\'s pre-signed https:// URL (aws s3 presign s3://<bucket>/<key>) or its s3:// URL.');
    return;
  }
  const expires = /[?&]x-amz-expires=(\d+)/i.exec(url)?.[1];
  if (expires !== undefined) {
    issues.warn(
      path,
      `the URL is pre-signed and stops working ${Number(expires).toLocaleString('en-US')} seconds after it was signed (X-Amz-Expires; S3 allows at most 7 days). The etcd pods download it once, on their first start, while their volume is empty.`,
      'Create the hosted cluster before the URL expires. The URL can never change once the cluster exists: if it expired first, delete the cluster and create it again with a new URL.',
    );
  }
}
