/**
 * Test helper: *plausible* variations of the example clusters, the kind of props users write,
 * so that many of them pass the library's validation (the soundness test posts what it accepts
 * to the API server). Mixed with the junk of mutate.ts, which the library sometimes accepts too.
 */
import fc from 'fast-check';
import { BASES, Base, Edit, Mutation, appliesTo, editArb, expand, parsePattern, withDescription } from './mutate';

// ----- value generators -----------------------------------------------------------------------

const label = fc.stringMatching(/^[a-z]([a-z0-9-]{0,12}[a-z0-9])?$/);
const domain = fc.stringMatching(/^[a-z]([a-z0-9-]{0,8}[a-z0-9])?(\.[a-z]([a-z0-9-]{0,8}[a-z0-9])?){1,3}\.(com|io|net|org)$/);
const qualifiedKey = fc.oneof(label, fc.tuple(domain, label).map(([d, l]) => `${d}/${l}`));
const labelValue = fc.oneof(fc.constant(''), fc.stringMatching(/^[A-Za-z0-9]([A-Za-z0-9_.-]{0,20}[A-Za-z0-9])?$/));
const labels = fc.dictionary(qualifiedKey, labelValue, { maxKeys: 4 });
const annotations = fc.dictionary(qualifiedKey, fc.string({ maxLength: 30 }), { maxKeys: 3 });
const octet = fc.integer({ min: 0, max: 255 });
const ipv4 = fc.tuple(octet, octet, octet, fc.integer({ min: 1, max: 254 })).map((o) => o.join('.'));
const ipv6 = fc.constantFrom('fd00::10', '2001:db8::1', 'fd2e:6f44:5dd8:c956::5');
/** An IPv4 network with no host bits set. */
const cidr4 = fc.tuple(octet, octet, fc.integer({ min: 8, max: 24 })).map(([a, b, prefix]) => {
  const ip = ((a << 24) | (b << 16)) >>> 0;
  const masked = prefix === 0 ? 0 : (ip & (~0 << (32 - prefix))) >>> 0;
  return `${[24, 16, 8, 0].map((s) => (masked >>> s) & 255).join('.')}/${prefix}`;
});
const cidr6 = fc.constantFrom('fd01::/48', 'fd02::/112', 'fd03:1::/64', 'fd10::/56');
const quantity = fc.tuple(fc.integer({ min: 1, max: 2048 }), fc.constantFrom('Gi', 'Mi', 'G', 'Ti', '')).map(([n, u]) => `${n}${u}`);
const cpu = fc.oneof(fc.integer({ min: 100, max: 8000 }).map((n) => `${n}m`), fc.integer({ min: 1, max: 16 }).map(String));
const duration = fc.tuple(fc.integer({ min: 0, max: 120 }), fc.constantFrom('s', 'm', 'h')).map(([n, u]) => `${n}${u}`);
const date = fc
  .date({ min: new Date('2020-01-01T00:00:00Z'), max: new Date('2100-01-01T00:00:00Z'), noInvalidDate: true })
  .chain((d) => fc.constantFrom(d.toISOString(), d.toISOString().replace(/\.\d{3}Z$/, 'Z'), d.toISOString().replace('Z', '+02:00')));
const pausedUntil = fc.oneof(fc.boolean(), date);
const accountId = fc.stringMatching(/^[0-9]{12}$/);
const region = fc.constantFrom('us-east-1', 'us-east-2', 'us-west-2', 'eu-west-1', 'eu-central-1', 'ap-southeast-2');
const hex = (n: number) => fc.stringMatching(new RegExp(`^[0-9a-f]{${n}}$`));
const kmsArn = fc.tuple(region, accountId, fc.uuid()).map(([r, a, u]) => `arn:aws:kms:${r}:${a}:key/${u}`);
const roleArn = fc.tuple(accountId, label).map(([a, l]) => `arn:aws:iam::${a}:role/${l}`);
const versions = ['4.14.10', '4.14.38', '4.15.20', '4.15.41', '4.16.4', '4.16.30', '4.17.3', '4.17.12'];
const releaseImage = fc
  .tuple(fc.constantFrom(...versions), fc.constantFrom('x86_64', 'multi', 'aarch64'))
  .map(([v, a]) => `quay.io/openshift-release-dev/ocp-release:${v}-${a}`);
const release = fc.oneof(
  releaseImage.map((image) => ({ image })),
  fc.tuple(hex(64), fc.constantFrom(...versions)).map(([d, version]) => ({ image: `quay.io/openshift-release-dev/ocp-release@sha256:${d}`, version })),
);
const secretSource = fc.oneof(
  label.map((existingSecret) => ({ existingSecret })),
  fc
    .record(
      {
        store: label,
        key: fc.tuple(label, label).map(([a, b]) => `${a}/${b}`),
        property: label,
        storeKind: fc.constantFrom('ClusterSecretStore', 'SecretStore'),
        refreshInterval: fc.constantFrom('15m', '1h', '24h', '0'),
      },
      { requiredKeys: ['store', 'key'] },
    )
    .map((externalSecret) => ({ externalSecret })),
);
const taintEffect = fc.constantFrom('NoSchedule', 'PreferNoSchedule', 'NoExecute');
const taint = fc.record({ key: qualifiedKey, value: labelValue, effect: taintEffect }, { requiredKeys: ['key', 'effect'] });
const toleration = fc.record(
  {
    key: qualifiedKey,
    operator: fc.constantFrom('Exists', 'Equal'),
    value: labelValue,
    effect: taintEffect,
    tolerationSeconds: fc.integer({ min: 0, max: 3600 }),
  },
  { requiredKeys: ['key'] },
);
const kms = fc.record(
  {
    provider: fc.constant('AWS'),
    aws: fc.record(
      {
        region,
        activeKey: kmsArn.map((arn) => ({ arn })),
        backupKey: kmsArn.map((arn) => ({ arn })),
        auth: roleArn.map((awsKms) => ({ awsKms })),
      },
      { requiredKeys: ['region', 'activeKey', 'auth'] },
    ),
  },
  { requiredKeys: ['provider', 'aws'] },
);
/** The source without a store property: a Secret of several keys reads them as properties of its store key. */
function withoutProperty(source: { existingSecret: string } | { externalSecret: Record<string, unknown> }): object {
  if (!('externalSecret' in source)) return source;
  const { property: _property, ...externalSecret } = source.externalSecret;
  return { externalSecret };
}
const snapshotURL = fc.oneof(
  fc.tuple(domain, label).map(([d, l]) => `https://${d}/${l}/etcd-0-snapshot.db`),
  fc.tuple(label, label).map(([bucket, l]) => `s3://${bucket}/${l}/snapshot.db`),
);
const unmanagedEtcd = fc.record({ endpoint: fc.tuple(domain, fc.integer({ min: 1, max: 65535 })).map(([d, port]) => `https://${d}:${port}`), clientSecret: secretSource.map(withoutProperty) });
const registry = fc.oneof(domain, fc.tuple(domain, fc.integer({ min: 1, max: 65535 })).map(([d, port]) => `${d}:${port}`));
const catalogImage = fc.tuple(registry, label, hex(64)).map(([r, l, d]) => `${r}/redhat/${l}@sha256:${d}`);
const olmCatalogs = fc.oneof(
  fc.dictionary(registry, registry, { minKeys: 1, maxKeys: 3 }).map((registryOverrides) => ({ registryOverrides })),
  fc.record({ certifiedOperators: catalogImage, communityOperators: catalogImage, redhatMarketplace: catalogImage, redhatOperators: catalogImage }).map((images) => ({ images })),
);
const serviceHostnames = fc.record(
  { APIServer: domain, OAuthServer: domain, Konnectivity: domain, Ignition: domain },
  { requiredKeys: [] },
);

// ----- the table: where each plausible value goes ---------------------------------------------

interface Variation {
  /** A path pattern as in OPTIONAL_PROPS (`nodePools[].taints`). */
  readonly pattern: string;
  readonly value: fc.Arbitrary<unknown>;
  /** Sibling keys removed with the change (e.g. replicas when autoScaling is set). */
  readonly deleteSiblings?: readonly string[];
}

export const VARIATIONS: readonly Variation[] = [
  { pattern: 'name', value: label },
  { pattern: 'namespace', value: label },
  { pattern: 'release', value: release },
  { pattern: 'baseDomain', value: domain },
  { pattern: 'baseDomainPrefix', value: label },
  { pattern: 'infraID', value: label },
  { pattern: 'clusterID', value: fc.uuid() },
  { pattern: 'networking', value: fc.record({ clusterNetwork: fc.array(fc.oneof(cidr4, cidr4.map((cidr) => ({ cidr, hostPrefix: 23 }))), { minLength: 1, maxLength: 1 }), serviceNetwork: fc.array(cidr4, { minLength: 1, maxLength: 1 }) }) },
  { pattern: 'networking.clusterNetwork', value: fc.oneof(fc.tuple(cidr4).map((c) => [c]), fc.tuple(cidr4, cidr6).map(([a, b]) => [a, b])) },
  { pattern: 'networking.serviceNetwork', value: fc.tuple(cidr4).map((c) => [c]) },
  { pattern: 'networking.machineNetwork', value: fc.oneof(fc.tuple(cidr4).map((c) => [c]), fc.constant([])) },
  { pattern: 'networking.networkType', value: fc.constantFrom('OVNKubernetes', 'OpenShiftSDN', 'Calico', 'Other') },
  { pattern: 'networking.dualStack', value: fc.boolean() },
  { pattern: 'networking.ovnMtu', value: fc.integer({ min: 576, max: 9216 }) },
  { pattern: 'controllerAvailabilityPolicy', value: fc.constantFrom('SingleReplica', 'HighlyAvailable') },
  { pattern: 'infrastructureAvailabilityPolicy', value: fc.constantFrom('SingleReplica', 'HighlyAvailable') },
  { pattern: 'etcd', value: fc.oneof(fc.record({ storageSize: quantity, storageClassName: label, restoreSnapshotURL: snapshotURL }, { requiredKeys: [] }), unmanagedEtcd.map((unmanaged) => ({ unmanaged }))) },
  { pattern: 'etcd.restoreSnapshotURL', value: snapshotURL, deleteSiblings: ['unmanaged'] },
  { pattern: 'services.mapping', value: fc.constantFrom('Ingress', 'NodePort') },
  { pattern: 'services.apiServerAddress', value: fc.oneof(ipv4, ipv6, domain) },
  { pattern: 'services.hostnames', value: serviceHostnames },
  { pattern: 'olmCatalogPlacement', value: fc.constantFrom('management', 'guest') },
  { pattern: 'olmCatalogs', value: olmCatalogs },
  { pattern: 'destroyGracePeriod', value: duration },
  { pattern: 'fips', value: fc.boolean() },
  { pattern: 'pullSecret', value: secretSource },
  { pattern: 'sshKey', value: secretSource },
  { pattern: 'secretEncryption', value: fc.oneof(fc.record({ aescbc: secretSource, backupKey: secretSource }, { requiredKeys: ['aescbc'] }), kms.map((k) => ({ kms: k }))) },
  { pattern: 'secretEncryption.kms', value: kms, deleteSiblings: ['aescbc', 'backupKey'] },
  { pattern: 'additionalTrustBundle', value: fc.oneof(fc.constant('-----BEGIN CERTIFICATE-----\nMIIBszCCAVmgAwIBAgIU\n-----END CERTIFICATE-----\n'), label.map((existingConfigMap) => ({ existingConfigMap }))) },
  { pattern: 'auditWebhookSecret', value: label },
  { pattern: 'nodeSelector', value: labels },
  { pattern: 'tolerations', value: fc.array(toleration, { maxLength: 3 }) },
  { pattern: 'pausedUntil', value: pausedUntil },
  { pattern: 'labels', value: labels },
  { pattern: 'annotations', value: annotations },
  { pattern: 'podLabels', value: labels },
  { pattern: 'priorityClasses', value: fc.record({ controlPlane: label, apiCritical: label, etcd: label }, { requiredKeys: [] }) },
  { pattern: 'resourceRequestOverrides', value: fc.dictionary(fc.constantFrom('kube-apiserver.kube-apiserver', 'etcd.etcd', 'openshift-apiserver.openshift-apiserver'), fc.record({ memory: quantity, cpu }, { requiredKeys: [] }), { maxKeys: 2 }) },
  { pattern: 'restartDate', value: date },
  { pattern: 'channel', value: fc.constantFrom('stable-4.16', 'fast-4.17', 'candidate-4.15', 'eus-4.14') },
  { pattern: 'issuerURL', value: fc.tuple(domain, label).map(([d, p]) => `https://${d}/${p}`) },
  { pattern: 'serviceAccountSigningKeySecret', value: label },
  { pattern: 'createNamespace', value: fc.boolean() },
  // NodePools
  { pattern: 'nodePools[].name', value: label },
  { pattern: 'nodePools[].replicas', value: fc.nat(50), deleteSiblings: ['autoScaling'] },
  { pattern: 'nodePools[].autoScaling', value: fc.tuple(fc.nat(3), fc.nat(10)).map(([min, extra]) => ({ min, max: Math.max(1, min + extra) })), deleteSiblings: ['replicas'] },
  { pattern: 'nodePools[].release', value: release },
  { pattern: 'nodePools[].arch', value: fc.constantFrom('amd64', 'arm64', 'ppc64le', 's390x') },
  { pattern: 'nodePools[].upgradeType', value: fc.constantFrom('Replace', 'InPlace'), deleteSiblings: ['replace', 'inPlace'] },
  { pattern: 'nodePools[].autoRepair', value: fc.boolean() },
  { pattern: 'nodePools[].nodeDrainTimeout', value: duration },
  { pattern: 'nodePools[].nodeVolumeDetachTimeout', value: duration },
  { pattern: 'nodePools[].nodeLabels', value: labels },
  { pattern: 'nodePools[].taints', value: fc.array(taint, { minLength: 1, maxLength: 3 }) },
  { pattern: 'nodePools[].config', value: fc.array(label, { maxLength: 3 }) },
  { pattern: 'nodePools[].tuningConfig', value: fc.array(label, { maxLength: 2 }) },
  { pattern: 'nodePools[].pausedUntil', value: pausedUntil },
  { pattern: 'nodePools[].labels', value: labels },
  { pattern: 'nodePools[].annotations', value: annotations },
  // AWS
  { pattern: 'platform.aws.region', value: region },
  { pattern: 'platform.aws.endpointAccess', value: fc.constantFrom('Public', 'PublicAndPrivate', 'Private') },
  { pattern: 'platform.aws.resourceTags', value: fc.dictionary(label, label, { maxKeys: 3 }) },
  { pattern: 'platform.aws.multiArch', value: fc.boolean() },
  { pattern: 'platform.aws.zones[].privateSubnetId', value: hex(17).map((h) => `subnet-${h}`) },
  { pattern: 'nodePools[].platform.aws.instanceType', value: fc.constantFrom('m5.xlarge', 'm6i.2xlarge', 'c5.large', 'r5.4xlarge', 'm6g.xlarge') },
  { pattern: 'nodePools[].platform.aws.rootVolume', value: fc.record({ size: fc.integer({ min: 8, max: 1024 }), type: fc.constantFrom('gp3', 'gp2', 'io1') }, { requiredKeys: [] }) },
  // KubeVirt
  { pattern: 'platform.kubevirt.storageDriver', value: fc.constantFrom('None', 'Default') },
  { pattern: 'nodePools[].platform.kubevirt.cores', value: fc.integer({ min: 1, max: 64 }) },
  { pattern: 'nodePools[].platform.kubevirt.memory', value: quantity },
  { pattern: 'nodePools[].platform.kubevirt.rootVolumeSize', value: quantity },
  { pattern: 'nodePools[].platform.kubevirt.qosClass', value: fc.constantFrom('Burstable', 'Guaranteed') },
  { pattern: 'nodePools[].platform.kubevirt.networkInterfaceMultiqueue', value: fc.constantFrom('Enable', 'Disable') },
  // Agent
  { pattern: 'platform.agent.agentNamespace', value: label },
  { pattern: 'nodePools[].platform.agent.agentLabelSelector', value: labels.map((matchLabels) => ({ matchLabels })) },
];

/** Edits of one plausible variation on a base; undefined when it does not apply to the base. */
function variationEdits(base: Base, v: Variation): fc.Arbitrary<Edit[]> | undefined {
  const segments = parsePattern(v.pattern);
  if (!appliesTo(segments, String(base.props.platform?.type))) return undefined;
  // Platform blocks only where the base has that platform's block or type.
  const paths = expand(base.props, segments);
  return fc.tuple(fc.constantFrom(...paths), v.value).map(([path, value]) => {
    const parent = path.slice(0, -1);
    return [
      ...(v.deleteSiblings ?? []).map((key): Edit => ({ kind: 'delete', path: [...parent, key] })),
      { kind: 'set', path, value, origin: 'plausible' },
    ];
  });
}

/** One to four plausible variations of a base, plus (sometimes) one junk edit. */
export function plausibleArb(bases: readonly Base[] = BASES, junkWeight = 1): fc.Arbitrary<Mutation> {
  return fc.constantFrom(...bases).chain((base) => {
    const options = VARIATIONS.map((v) => variationEdits(base, v)).filter((a): a is fc.Arbitrary<Edit[]> => a !== undefined);
    const plausible = fc.array(fc.oneof(...options), { minLength: 1, maxLength: 4 }).map((lists) => lists.flat());
    const withJunk = fc.tuple(plausible, editArb(base)).map(([edits, junk]) => [...edits, junk]);
    return fc
      .oneof({ weight: 3, arbitrary: plausible }, { weight: junkWeight, arbitrary: withJunk }, { weight: junkWeight, arbitrary: editArb(base).map((e) => [e]) })
      .map((edits) => withDescription({ base: base.id, edits }));
  });
}
