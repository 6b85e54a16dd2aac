/**
 * Secret values given as values (Pulumi secret config, a vault read at deploy time) rather than as
 * references: each becomes a Secret with the CLI's name and key, and the plan references it by
 * name, so no value ever enters the plan. Values known now are checked now; the caller checks
 * the others once they resolve, with the same `check`.
 */
import type { Secret } from '../api';
import { CLI_DEFAULTS } from './defaults';
import { IssueCollector, ValidationIssue } from './errors';
import { SecretContract, SecretSource, clusterSecretContracts, secretShell } from './secrets';

/** The values a hosted cluster's Secrets can be created from. */
export interface SecretValues<V> {
  /** Docker config JSON with an `auths` object; becomes Secret `<name>-pull-secret`, key `.dockerconfigjson`. @default none */
  readonly pullSecret?: V;
  /** OpenSSH public key; becomes Secret `<name>-ssh-key`, key `id_rsa.pub`. @default none */
  readonly sshPublicKey?: V;
  /** 32 random bytes, base64-encoded; becomes Secret `<name>-etcd-encryption-key`, key `key` (aescbc). @default none */
  readonly etcdEncryptionKey?: V;
}

/** A Secret to create from a value: the Secret without its value, where the value goes, and how to check it. */
export interface ValueSecret<V> {
  /** Which of the {@link SecretValues} it is made from. */
  readonly prop: keyof SecretValues<V>;
  /** The Secret as its contract describes it, without data. */
  readonly secret: Secret;
  readonly key: string;
  /** `data` for binary values given base64-encoded, else `stringData`. */
  readonly field: 'data' | 'stringData';
  readonly value: V;
  /** Where the value was given, for messages: `secretValues.pullSecret of HostedCluster clusters/x`. */
  readonly path: string;
  /** Why a resolved value is malformed, or undefined; never echoes the value. */
  readonly check: (value: string) => string | undefined;
}

/** The props a hosted cluster's secret references live in. */
interface SecretProps {
  readonly name: string;
  readonly namespace?: string;
  readonly pullSecret?: SecretSource;
  readonly sshKey?: SecretSource;
  readonly secretEncryption?: unknown;
}

/**
 * Replaces the SecretSources of the given values by references to the Secrets made from them.
 * `isKnown` tells which values can be checked now (plain strings).
 */
export function applySecretValues<P extends SecretProps, V>(
  props: P,
  values: SecretValues<V>,
  isKnown: (value: V) => value is V & string,
): { readonly props: P & { readonly pullSecret: SecretSource }; readonly secrets: readonly ValueSecret<V>[]; readonly issues: readonly ValidationIssue[] } {
  const namespace = props.namespace ?? CLI_DEFAULTS.namespace;
  const object = `HostedCluster ${namespace}/${props.name}`;
  const issues = new IssueCollector(object);
  const secrets: ValueSecret<V>[] = [];
  const contracts = clusterSecretContracts(props.name, namespace);

  const fromValue = (value: V | undefined, given: unknown, prop: keyof SecretValues<V>, contract: SecretContract): SecretSource | undefined => {
    if (value === undefined) return undefined;
    const path = `secretValues.${prop}`;
    if (given !== undefined) issues.error(path, `${prop} is given both here and as a SecretSource prop.`, 'Remove one of the two.');
    const check = (v: string) => contract.checkValue?.(v);
    const problem = isKnown(value) ? check(value) : undefined;
    if (problem) issues.error(path, problem, 'Provide a value in the documented format.');
    const { secret, valueField } = secretShell(contract);
    secrets.push({ prop, secret, key: contract.key, field: valueField, value, path: `${path} of ${object}`, check });
    return SecretSource.existing(contract.name);
  };

  const pullSecret = fromValue(values.pullSecret, props.pullSecret, 'pullSecret', contracts.pullSecret);
  const sshKey = fromValue(values.sshPublicKey, props.sshKey, 'sshPublicKey', contracts.sshKey);
  const etcdKey = fromValue(values.etcdEncryptionKey, props.secretEncryption, 'etcdEncryptionKey', contracts.etcdEncryptionKey);
  if (!pullSecret && !props.pullSecret) {
    issues.error('pullSecret', 'no pull secret is given.', 'Set pullSecret to a SecretSource, or secretValues.pullSecret to the value.');
  }
  return {
    props: {
      ...props,
      // A placeholder keeps planning going when the pull secret is missing; that error is reported above.
      pullSecret: pullSecret ?? props.pullSecret ?? SecretSource.existing(contracts.pullSecret.name),
      ...(sshKey ? { sshKey } : {}),
      ...(etcdKey ? { secretEncryption: { aescbc: etcdKey } } : {}),
    },
    secrets,
    issues: issues.issues,
  };
}
