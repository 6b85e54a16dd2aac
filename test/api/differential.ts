/**
 * Test helper for the differential suite: the objects the library emits (examples and conformance
 * fixtures, plain JSON) and systematic mutations of them. Not a test itself.
 */
import { planHostedCluster, planObjects } from '../../lib';
import { EXAMPLE_CLUSTERS, EXAMPLE_OPTIONS } from '../../examples/clusters';
import { CONFORMANCE_FIXTURES } from '../conformance/fixtures';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type Json = any;

export const clone = <T>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Every object of the examples and fixtures, as the API server receives it. */
export function emittedObjects(): Json[] {
  const plans = [
    ...EXAMPLE_CLUSTERS.map((props) => planHostedCluster(props, EXAMPLE_OPTIONS)),
    ...CONFORMANCE_FIXTURES.map((f) => planHostedCluster(f.props, f.options)),
  ];
  return clone(plans.flatMap((plan) => planObjects(plan)));
}

export interface Mutation {
  readonly title: string;
  readonly object: Json;
}

type Segment = string | number;

function get(root: Json, path: readonly Segment[]): Json {
  return path.reduce((v, k) => (v === undefined || v === null ? undefined : v[k]), root);
}

function set(root: Json, path: readonly Segment[], value: Json): Json {
  const copy = clone(root);
  const parent = get(copy, path.slice(0, -1));
  const key = path[path.length - 1];
  if (value === undefined) {
    if (Array.isArray(parent)) parent.splice(Number(key), 1);
    else delete parent[key];
  } else parent[key] = value;
  return copy;
}

const show = (path: readonly Segment[]) => path.map((s) => (typeof s === 'number' ? `[${s}]` : `.${s}`)).join('').slice(1);

/** Paths of every value under `spec` and `metadata` (objects, arrays and leaves). */
function paths(value: Json, prefix: Segment[] = []): Segment[][] {
  const out: Segment[][] = [];
  if (Array.isArray(value)) value.forEach((v, i) => out.push([...prefix, i], ...paths(v, [...prefix, i])));
  else if (value && typeof value === 'object') {
    for (const k of Object.keys(value)) out.push([...prefix, k], ...paths(value[k], [...prefix, k]));
  }
  return out;
}

/**
 * Systematic mutations of one object: each field removed, given a value of the wrong type, a
 * wrong value of the right type, and an unknown sibling field.
 */
export function mutationsOf(object: Json): Mutation[] {
  const out: Mutation[] = [];
  const label = `${object.kind} ${object.metadata.name}`;
  const push = (what: string, mutated: Json) => out.push({ title: `${label}: ${what}`, object: mutated });
  // metadata.namespace is part of the request URL, so it is left alone here (targetedMutations covers it).
  for (const path of paths(object).filter((p) => p[0] === 'spec' || (p[0] === 'metadata' && p.length > 1 && p[1] !== 'namespace'))) {
    const value = get(object, path);
    const where = show(path);
    const isName = where === 'metadata.name';
    if (path.length > 1 && !isName) push(`remove ${where}`, set(object, path, undefined));
    if (typeof value === 'string') {
      if (!isName) push(`${where} = 42`, set(object, path, 42));
      push(`${where} = ''`, set(object, path, ''));
      push(`${where} = 'Not a valid_VALUE!'`, set(object, path, 'Not a valid_VALUE!'));
      push(`${where} = 300 characters`, set(object, path, 'a'.repeat(300)));
    } else if (typeof value === 'number') {
      push(`${where} = '${value}'`, set(object, path, String(value)));
      push(`${where} = -1`, set(object, path, -1));
      push(`${where} = 1.5`, set(object, path, 1.5));
      push(`${where} = 2^40`, set(object, path, 2 ** 40));
    } else if (typeof value === 'boolean') {
      push(`${where} = 'true'`, set(object, path, 'true'));
    } else if (Array.isArray(value)) {
      push(`${where} = {}`, set(object, path, {}));
      push(`${where} = []`, set(object, path, []));
      if (value.length > 0) push(`${where} duplicated first item`, set(object, path, [...value, clone(value[0])]));
    } else if (value && typeof value === 'object') {
      push(`${where} = 'text'`, set(object, path, 'text'));
      push(`${where}.notAField = 1`, set(object, [...path, 'notAField'], 1));
      push(`${where} = {}`, set(object, path, {}));
    }
  }
  push('top-level notAField', set(object, ['notAField'], true));
  return out;
}

/** Hand-written mutations aimed at CEL rules, patterns, formats and metadata. */
export function targetedMutations(objects: readonly Json[]): Mutation[] {
  const first = (kind: string, pred: (o: Json) => boolean = () => true) => objects.find((o) => o.kind === kind && pred(o));
  const out: Mutation[] = [];
  const m = (title: string, base: Json, change: (o: Json) => void) => {
    if (!base) return;
    const o = clone(base);
    change(o);
    out.push({ title, object: o });
  };
  const hc = first('HostedCluster');
  const awsHc = first('HostedCluster', (o) => o.spec.platform.type === 'AWS');
  const np = first('NodePool');
  const es = first('ExternalSecret');
  m('NodePool replicas and autoScaling', np, (o) => ((o.spec.replicas = 2), (o.spec.autoScaling = { min: 1, max: 3 })));
  m('NodePool autoScaling max < min', np, (o) => (delete o.spec.replicas, (o.spec.autoScaling = { min: 3, max: 1 })));
  m('NodePool autoScaling min 0 off AWS', first('NodePool', (o) => o.spec.platform.type !== 'AWS'), (o) => (delete o.spec.replicas, (o.spec.autoScaling = { min: 0, max: 2 })));
  m('NodePool arch s390x without kubevirt', first('NodePool', (o) => o.spec.platform.type === 'None'), (o) => (o.spec.arch = 's390x'));
  m('NodePool taint key invalid', np, (o) => (o.spec.taints = [{ key: '-bad', effect: 'NoSchedule' }]));
  m('NodePool inPlace with Replace upgrade', np, (o) => ((o.spec.management = { upgradeType: 'Replace', inPlace: { maxUnavailable: 1 } })));
  m('HostedCluster three services only', hc, (o) => o.spec.services.pop());
  m('HostedCluster NodePort service without nodePort', hc, (o) => (o.spec.services[0].servicePublishingStrategy = { type: 'NodePort' }));
  m('HostedCluster Route with nodePort', hc, (o) => (o.spec.services[0].servicePublishingStrategy = { type: 'Route', nodePort: { address: '192.0.2.1' } }));
  m('HostedCluster nodePort address not a host', hc, (o) => (o.spec.services[0].servicePublishingStrategy = { type: 'NodePort', nodePort: { address: 'not an address' } }));
  m('HostedCluster infraID uppercase', hc, (o) => (o.spec.infraID = 'Bad-ID'));
  m('HostedCluster clusterID not a UUID', hc, (o) => (o.spec.clusterID = 'nope'));
  m('HostedCluster pausedUntil soon', hc, (o) => (o.spec.pausedUntil = 'soon'));
  m('HostedCluster pausedUntil true', hc, (o) => (o.spec.pausedUntil = 'true'));
  m('HostedCluster serviceAccountSigningKey without issuerURL', hc, (o) => (delete o.spec.issuerURL, (o.spec.serviceAccountSigningKey = { name: 'k' })));
  m('HostedCluster capabilities Ingress disabled without Console', hc, (o) => (o.spec.capabilities = { disabled: ['Ingress'] }));
  m('HostedCluster capabilities enabled and disabled overlap', hc, (o) => (o.spec.capabilities = { enabled: ['baremetal'], disabled: ['baremetal'] }));
  m('HostedCluster etcd Managed without managed', hc, (o) => (o.spec.etcd = { managementType: 'Managed' }));
  m('HostedCluster etcd Unmanaged with managed', hc, (o) => (o.spec.etcd = { managementType: 'Unmanaged', managed: o.spec.etcd.managed }));
  m('HostedCluster baseDomain invalid', hc, (o) => (o.spec.dns.baseDomain = 'bad_domain.'));
  m('HostedCluster networking same cluster and service CIDR', hc, (o) => (o.spec.networking.serviceNetwork = [{ cidr: o.spec.networking.clusterNetwork[0].cidr }]));
  m('HostedCluster networkType Other with allocateNodeCIDRs', hc, (o) => (o.spec.networking.allocateNodeCIDRs = 'Enabled'));
  m('HostedCluster ovn v4InternalSubnet ipv6', hc, (o) => (o.spec.operatorConfiguration = { clusterNetworkOperator: { ovnKubernetesConfig: { v4InternalSubnet: 'fd00::/64' } } }));
  m('HostedCluster ovn v4InternalSubnet ok', hc, (o) => (o.spec.operatorConfiguration = { clusterNetworkOperator: { ovnKubernetesConfig: { v4InternalSubnet: '100.99.0.0/16' } } }));
  m('HostedCluster ovn ipv6 join subnet /126', hc, (o) => (o.spec.operatorConfiguration = { clusterNetworkOperator: { ovnKubernetesConfig: { ipv6: { internalJoinSubnet: 'fd99::/126' } } } }));
  m('HostedCluster ovn ipv4 join subnet 300.0.0.0/16', hc, (o) => (o.spec.operatorConfiguration = { clusterNetworkOperator: { ovnKubernetesConfig: { ipv4: { internalJoinSubnet: '300.0.0.0/16' } } } }));
  m('HostedCluster OIDC issuer http', hc, (o) => (o.spec.configuration = { authentication: { type: 'OIDC', oidcProviders: [{ name: 'p', issuer: { issuerURL: 'http://issuer.example.com', audiences: ['a'] }, claimMappings: { username: { claim: 'sub' } } }] } }));
  m('HostedCluster OIDC issuer https with query', hc, (o) => (o.spec.configuration = { authentication: { type: 'OIDC', oidcProviders: [{ name: 'p', issuer: { issuerURL: 'https://issuer.example.com/?a=b', audiences: ['a'] }, claimMappings: { username: { claim: 'sub' } } }] } }));
  m('HostedCluster OIDC issuer https ok', hc, (o) => (o.spec.configuration = { authentication: { type: 'OIDC', oidcProviders: [{ name: 'p', issuer: { issuerURL: 'https://issuer.example.com/x', audiences: ['a'] }, claimMappings: { username: { claim: 'sub' } } }] } }));
  m('HostedCluster OIDC groups claim and expression', hc, (o) => (o.spec.configuration = { authentication: { type: 'OIDC', oidcProviders: [{ name: 'p', issuer: { issuerURL: 'https://i.example.com', audiences: ['a'] }, claimMappings: { username: { claim: 'sub' }, groups: { claim: 'g', expression: 'x' } } }] } }));
  m('HostedCluster oauth token inactivity 1m', hc, (o) => (o.spec.configuration = { oauth: { tokenConfig: { accessTokenInactivityTimeout: '1m' } } }));
  m('HostedCluster oauth token inactivity 10m', hc, (o) => (o.spec.configuration = { oauth: { tokenConfig: { accessTokenInactivityTimeout: '10m' } } }));
  m('HostedCluster Azure without Konnectivity Route', hc, (o) => (o.spec.platform = { type: 'Azure' }));
  m('HostedCluster nodeSelector with 21 entries', hc, (o) => (o.spec.nodeSelector = Object.fromEntries(Array.from({ length: 21 }, (_, i) => [`k${i}`, 'v']))));
  m('HostedCluster AWS resource tag key invalid', awsHc, (o) => (o.spec.platform.aws.resourceTags = [{ key: 'bad key!', value: 'v' }]));
  m('HostedCluster AWS role ARN invalid', awsHc, (o) => (o.spec.platform.aws.rolesRef.ingressARN = 'not-an-arn'));
  m('HostedCluster AWS KMS arn without arn:', awsHc, (o) => (o.spec.secretEncryption = { type: 'kms', kms: { provider: 'AWS', aws: { region: 'us-east-1', activeKey: { arn: 'key' }, auth: { awsKms: { arn: 'x' } } } } }));
  m('HostedCluster infraID with emoji (length in runes)', hc, (o) => (o.spec.infraID = 'a'.repeat(250)));
  m('HostedCluster updateService not a URI', hc, (o) => (o.spec.updateService = 'not a uri'));
  m('HostedCluster updateService URI', hc, (o) => (o.spec.updateService = 'https://updates.example.com/graph'));
  m('HostedCluster platform.aws null', awsHc, (o) => (o.spec.platform.aws = null));
  m('HostedCluster controllerAvailabilityPolicy null (defaulted)', hc, (o) => (o.spec.controllerAvailabilityPolicy = null));
  m('HostedCluster metadata name uppercase', hc, (o) => (o.metadata.name = 'Bad'));
  m('HostedCluster metadata name with dot', hc, (o) => (o.metadata.name = 'a.b'));
  m('HostedCluster metadata name 254 characters', hc, (o) => (o.metadata.name = 'a'.repeat(254)));
  m('HostedCluster label value 64 characters', hc, (o) => (o.metadata.labels = { a: 'b'.repeat(64) }));
  m('HostedCluster label key with two slashes', hc, (o) => (o.metadata.labels = { 'a/b/c': 'x' }));
  m('HostedCluster label value number', hc, (o) => (o.metadata.labels = { a: 1 }));
  m('HostedCluster annotation key invalid', hc, (o) => (o.metadata.annotations = { 'bad key': 'x' }));
  m('HostedCluster annotation key uppercase', hc, (o) => (o.metadata.annotations = { 'Example.COM/Key': 'x' }));
  m('HostedCluster annotations over 256 KiB', hc, (o) => (o.metadata.annotations = { a: 'x'.repeat(256 * 1024) }));
  m('HostedCluster namespace invalid', hc, (o) => (o.metadata.namespace = 'Bad_NS'));
  m('HostedCluster metadata unknown field', hc, (o) => (o.metadata.notAField = 1));
  m('ExternalSecret refreshInterval 1h', es, (o) => (o.spec.refreshInterval = '1h'));
  m('ExternalSecret refreshInterval banana', es, (o) => (o.spec.refreshInterval = 'banana'));
  m('ExternalSecret target creationPolicy bad', es, (o) => (o.spec.target = { ...o.spec.target, creationPolicy: 'Sometimes' }));
  return out;
}
