/**
 * Test helper (not a test): a mutation generator over the example hosted clusters, for the
 * property tests of issue 5.
 *
 * A *base* is a valid hosted cluster (examples/clusters.ts, plus the conformance fixtures, which
 * set most optional props). Its *targets* are every path that exists in it (objects, arrays, array
 * elements, leaves) plus the optional props that are absent (hand-written table below, taken from
 * the TypeScript props). A *mutation* replaces the value at one (sometimes two) targets with junk
 * (wrong types, null, undefined, empty, huge, unicode, path-like, bad numbers, nested junk,
 * arrays for objects and back, values from elsewhere in the props), deletes it, or adds a
 * misspelled key next to existing ones.
 *
 * Everything runs through fast-check, so a fixed seed gives the same cases on every machine.
 */
import fc from 'fast-check';
import { checkHostedCluster } from '../../lib';
import type { HostedClusterProps, PlanOptions } from '../../lib';
import { EXAMPLE_CLUSTERS, EXAMPLE_OPTIONS } from '../../examples/clusters';
import { CONFORMANCE_FIXTURES } from '../conformance/fixtures';

export { throwSite } from './stack';

export type PathKey = string | number;
export type Path = readonly PathKey[];

/** A valid starting point for mutations. */
export interface Base {
  readonly id: string;
  readonly props: HostedClusterProps;
  readonly options: PlanOptions;
  /** Every path present in the props, containers and leaves (root excluded). */
  readonly present: readonly Path[];
  /** Optional props (from {@link OPTIONAL_PROPS}) absent from this base. */
  readonly absent: readonly Path[];
  /** Paths of plain objects (root included): where misspelled keys are added. */
  readonly objects: readonly Path[];
  /** Values found in the props, reused elsewhere (type confusion with realistic values). */
  readonly values: readonly unknown[];
}

/** One change to a base. */
export type Edit =
  /** `plausible`: a value users would write (test/property/variations.ts), not junk. */
  | { readonly kind: 'set'; readonly path: Path; readonly value: unknown; readonly origin?: 'plausible' }
  | { readonly kind: 'delete'; readonly path: Path }
  | { readonly kind: 'addKey'; readonly path: Path; readonly key: string; readonly value: unknown };

export interface Mutation {
  readonly base: string;
  readonly edits: readonly Edit[];
}

// ---------------------------------------------------------------------------------------------
// Optional props, by hand from the TypeScript props (lib/core/*.ts, lib/platforms/*/index.ts).
// `[]` stands for every element of an array (index 0 when the array is absent). Entries under
// `platform.<block>` and `nodePools[].platform.<block>` apply only to that platform's bases.
// ---------------------------------------------------------------------------------------------
export const OPTIONAL_PROPS: readonly string[] = [
  // HostedClusterProps
  'namespace', 'release.version', 'baseDomain', 'baseDomainPrefix', 'infraID', 'clusterID',
  'networking', 'networking.clusterNetwork', 'networking.clusterNetwork[].hostPrefix', 'networking.serviceNetwork',
  'networking.machineNetwork', 'networking.networkType', 'networking.dualStack', 'networking.ovnMtu',
  'controllerAvailabilityPolicy', 'infrastructureAvailabilityPolicy',
  'etcd', 'etcd.storageSize', 'etcd.storageClassName', 'etcd.restoreSnapshotURL', 'etcd.unmanaged',
  'services', 'services.mapping', 'services.apiServerAddress', 'services.hostnames', 'services.hostnames.APIServer',
  'services.hostnames.OAuthServer', 'services.overrides', 'services.overrides.APIServer',
  'olmCatalogPlacement', 'olmCatalogs', 'olmCatalogs.registryOverrides', 'olmCatalogs.images', 'fips', 'sshKey',
  'secretEncryption', 'secretEncryption.aescbc', 'secretEncryption.backupKey', 'secretEncryption.kms',
  'pullSecret.externalSecret.storeKind', 'pullSecret.externalSecret.property', 'pullSecret.externalSecret.refreshInterval',
  'additionalTrustBundle', 'configuration', 'imageContentSources', 'auditWebhookSecret', 'nodeSelector', 'tolerations',
  'requestServingIsolation', 'requestServingIsolation.additionalNodeSelector',
  'pausedUntil', 'labels', 'annotations', 'podLabels',
  'priorityClasses', 'priorityClasses.controlPlane', 'priorityClasses.apiCritical', 'priorityClasses.etcd',
  'resourceRequestOverrides', 'restartDate', 'capabilities', 'channel', 'forceUpgradeTo', 'destroyGracePeriod', 'issuerURL', 'serviceAccountSigningKeySecret',
  'specOverrides',
  // HostedClusterPropsOf
  'nodePools', 'createNamespace',
  // NodePoolProps
  'nodePools[].name', 'nodePools[].replicas', 'nodePools[].autoScaling', 'nodePools[].release', 'nodePools[].release.version',
  'nodePools[].arch', 'nodePools[].upgradeType', 'nodePools[].replace', 'nodePools[].inPlace', 'nodePools[].autoRepair',
  'nodePools[].nodeDrainTimeout', 'nodePools[].nodeVolumeDetachTimeout', 'nodePools[].nodeLabels', 'nodePools[].taints',
  'nodePools[].taints[].value', 'nodePools[].config', 'nodePools[].tuningConfig', 'nodePools[].pausedUntil',
  'nodePools[].labels', 'nodePools[].annotations', 'nodePools[].platform', 'nodePools[].specOverrides',
  // AwsClusterProps, AwsZone
  'platform.aws.region', 'platform.aws.endpointAccess', 'platform.aws.machineCIDR', 'platform.aws.zones[].privateSubnetId',
  'platform.aws.publicZoneID', 'platform.aws.privateZoneID', 'platform.aws.externalDnsDomain', 'platform.aws.resourceTags',
  'platform.aws.multiArch', 'platform.aws.instanceProfile',
  // AwsNodePoolProps
  'nodePools[].platform.aws', 'nodePools[].platform.aws.zone', 'nodePools[].platform.aws.subnetId',
  'nodePools[].platform.aws.instanceType', 'nodePools[].platform.aws.instanceProfile', 'nodePools[].platform.aws.rootVolume',
  'nodePools[].platform.aws.securityGroupIds', 'nodePools[].platform.aws.ami', 'nodePools[].platform.aws.placement',
  'nodePools[].platform.aws.resourceTags',
  // KubevirtClusterProps
  'platform.kubevirt', 'platform.kubevirt.infraCluster', 'platform.kubevirt.storageClassMapping',
  'platform.kubevirt.volumeSnapshotClassMapping', 'platform.kubevirt.storageDriver',
  // KubevirtNodePoolProps
  'nodePools[].platform.kubevirt', 'nodePools[].platform.kubevirt.cores', 'nodePools[].platform.kubevirt.memory',
  'nodePools[].platform.kubevirt.qosClass', 'nodePools[].platform.kubevirt.rootVolumeSize',
  'nodePools[].platform.kubevirt.rootVolumeStorageClass', 'nodePools[].platform.kubevirt.rootVolumeAccessModes',
  'nodePools[].platform.kubevirt.rootVolumeMode', 'nodePools[].platform.kubevirt.cacheStrategy',
  'nodePools[].platform.kubevirt.containerDiskImage', 'nodePools[].platform.kubevirt.networkInterfaceMultiqueue',
  'nodePools[].platform.kubevirt.attachDefaultNetwork', 'nodePools[].platform.kubevirt.additionalNetworks',
  'nodePools[].platform.kubevirt.nodeSelector', 'nodePools[].platform.kubevirt.hostDevices',
  // AgentNodePoolProps
  'nodePools[].platform.agent', 'nodePools[].platform.agent.agentLabelSelector',
];

/** Keys users get wrong, added next to the real ones. */
export const MISSPELLED_KEYS: readonly string[] = [
  'nodepools', 'relase', 'Release', 'namepsace', 'nmae', 'platfrom', 'replica', 'autoscaling', 'taint', 'secretencryption',
  'apiServerAdress', 'baseDomian', 'pullsecret', 'Name', 'kind', 'apiVersion', 'spec', 'metadata',
];

// ---------------------------------------------------------------------------------------------
// Paths
// ---------------------------------------------------------------------------------------------

export function formatPath(p: Path): string {
  return p.map((k, i) => (typeof k === 'number' ? `[${k}]` : i === 0 ? k : `.${k}`)).join('') || '(root)';
}

/** `nodePools[].taints` -> ['nodePools', '[]', 'taints'] */
export function parsePattern(pattern: string): string[] {
  return pattern.split('.').flatMap((part) => {
    const out: string[] = [];
    const m = /^([^[]+)((\[\])*)$/.exec(part);
    if (!m) throw new Error(`bad optional prop pattern ${pattern}`);
    out.push(m[1]);
    for (let i = 0; i < m[2].length / 2; i++) out.push('[]');
    return out;
  });
}

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

export function getAt(root: unknown, p: Path): unknown {
  let cur: unknown = root;
  for (const k of p) {
    if (cur === null || typeof cur !== 'object') return undefined;
    cur = (cur as Record<PathKey, unknown>)[k];
  }
  return cur;
}

function walk(value: unknown, p: PathKey[], present: Path[], objects: Path[], values: unknown[]): void {
  if (p.length > 0) present.push([...p]);
  values.push(value);
  if (Array.isArray(value)) value.forEach((v, i) => walk(v, [...p, i], present, objects, values));
  else if (isPlainObject(value)) {
    objects.push([...p]);
    for (const [k, v] of Object.entries(value)) walk(v, [...p, k], present, objects, values);
  }
}

/** Expands a pattern against a base: `[]` to every index present (0 when the array is absent). */
export function expand(root: unknown, segments: readonly string[]): Path[] {
  let paths: PathKey[][] = [[]];
  for (const seg of segments) {
    const next: PathKey[][] = [];
    for (const p of paths) {
      if (seg !== '[]') next.push([...p, seg]);
      else {
        const arr = getAt(root, p);
        const n = Array.isArray(arr) && arr.length > 0 ? arr.length : 1;
        for (let i = 0; i < n; i++) next.push([...p, i]);
      }
    }
    paths = next;
  }
  return paths;
}

const PLATFORM_BLOCKS: Readonly<Record<string, string>> = { AWS: 'aws', KubeVirt: 'kubevirt', Agent: 'agent', None: '' };

export function appliesTo(segments: readonly string[], platformType: string): boolean {
  const block = PLATFORM_BLOCKS[platformType] ?? '';
  for (let i = 0; i + 1 < segments.length; i++) {
    if (segments[i] === 'platform' && ['aws', 'kubevirt', 'agent'].includes(segments[i + 1]) && segments[i + 1] !== block) return false;
  }
  return true;
}

export function makeBase(id: string, props: HostedClusterProps, options: PlanOptions): Base {
  const plain = clone(props);
  const present: Path[] = [];
  const objects: Path[] = [];
  const values: unknown[] = [];
  walk(plain, [], present, objects, values);
  const seen = new Set(present.map(formatPath));
  const absent: Path[] = [];
  for (const pattern of OPTIONAL_PROPS) {
    const segments = parsePattern(pattern);
    if (!appliesTo(segments, String(plain.platform?.type))) continue;
    for (const p of expand(plain, segments)) {
      const key = formatPath(p);
      if (!seen.has(key)) {
        seen.add(key);
        absent.push(p);
      }
    }
  }
  // Small values only: the big ones (whole props) make poor junk and slow the runs.
  const reusable = values.filter((v) => (JSON.stringify(v) ?? "").length < 400);
  return { id, props: deepFreeze(plain), options, present, absent, objects, values: reusable };
}

/** The bases: the four example clusters and the conformance fixtures. */
export const BASES: readonly Base[] = [
  ...EXAMPLE_CLUSTERS.map((c) => makeBase(`example ${c.platform.type.toLowerCase()}-${c.name}`, c, EXAMPLE_OPTIONS)),
  ...CONFORMANCE_FIXTURES.map((f) => makeBase(`fixture ${f.id}`, f.props, f.options)),
];

export const EXAMPLE_BASES: readonly Base[] = BASES.filter((b) => b.id.startsWith('example '));

export function baseById(id: string): Base {
  const base = BASES.find((b) => b.id === id);
  if (!base) throw new Error(`no base ${id}`);
  return base;
}

// ---------------------------------------------------------------------------------------------
// Applying edits
// ---------------------------------------------------------------------------------------------

/** Freezes `value` and everything in it (the bases are shared by every case, see applyEdits). */
function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object') {
    for (const v of Object.values(value)) deepFreeze(v);
    Object.freeze(value);
  }
  return value;
}

/** Deep copy of plain data; keeps undefined, NaN, own `__proto__` keys. */
export function clone<T>(value: T): T {
  if (Array.isArray(value)) return value.map(clone) as unknown as T;
  if (isPlainObject(value)) {
    const out: Record<string, unknown> = {};
    for (const k of Object.keys(value)) defineKey(out, k, clone(value[k]));
    return out as T;
  }
  return value;
}

/** `obj[key] = value`, also for `__proto__` (as JSON.parse and YAML parsers create it: an own key). */
function defineKey(obj: Record<PathKey, unknown>, key: PathKey, value: unknown): void {
  if (key === '__proto__') Object.defineProperty(obj, key, { value, enumerable: true, writable: true, configurable: true });
  else obj[key] = value;
}

/** A shallow copy of an array or plain object (own `__proto__` keys kept). */
function shallowCopy(value: object): Record<PathKey, unknown> {
  if (Array.isArray(value)) return [...value] as unknown as Record<PathKey, unknown>;
  const out: Record<string, unknown> = {};
  for (const k of Object.keys(value)) defineKey(out, k, (value as Record<string, unknown>)[k]);
  return out;
}

/**
 * The container at the first `depth` keys of `p` inside `root`, made writable: every container on
 * the way is copied once (`copied` holds the copies), or created (an object, or an array before an
 * index) where absent or not a container. What is not on the way stays shared with the (frozen) base.
 */
function writableAt(root: Record<PathKey, unknown>, p: Path, depth: number, copied: Set<unknown>): Record<PathKey, unknown> {
  let cur = root;
  for (let i = 0; i < depth; i++) {
    const k = p[i];
    let next = cur[k];
    if (next === null || typeof next !== 'object') next = typeof p[i + 1] === 'number' ? [] : {};
    else if (!copied.has(next)) next = shallowCopy(next);
    copied.add(next);
    defineKey(cur, k, next);
    cur = next as Record<PathKey, unknown>;
  }
  return cur;
}

/**
 * The props with the edits applied. Only the containers on an edit's path are copied: a full deep
 * copy per case was a tenth of the fuzz test's time. The bases are deeply frozen (see makeBase), so
 * the library changing what it was given would throw and fail the case rather than leak into the next.
 */
export function applyEdits(props: unknown, edits: readonly Edit[]): HostedClusterProps {
  const root = shallowCopy(props as object);
  const copied = new Set<unknown>([root]);
  for (const edit of edits) {
    if (edit.kind === 'addKey') {
      if (!isPlainObject(getAt(root, edit.path)) && edit.path.length > 0) continue;
      defineKey(writableAt(root, edit.path, edit.path.length, copied), edit.key, clone(edit.value));
      continue;
    }
    const parent = writableAt(root, edit.path, edit.path.length - 1, copied);
    const key = edit.path[edit.path.length - 1];
    if (edit.kind === 'delete') {
      if (Array.isArray(parent) && typeof key === 'number') parent.splice(key, 1);
      else delete parent[key];
    } else defineKey(parent, key, clone(edit.value));
  }
  return root as unknown as HostedClusterProps;
}

export function mutatedProps(m: Mutation): { props: HostedClusterProps; options: PlanOptions } {
  const base = baseById(m.base);
  return { props: applyEdits(base.props, m.edits), options: base.options };
}

// ---------------------------------------------------------------------------------------------
// Describing values and mutations (short, so failures stay readable)
// ---------------------------------------------------------------------------------------------

export function preview(value: unknown, max = 80): string {
  if (value === undefined) return 'undefined';
  if (typeof value === 'number') return Object.is(value, -0) ? '-0' : String(value);
  if (typeof value === 'string') {
    const shown = JSON.stringify(value.length > max ? value.slice(0, max) : value);
    return value.length > max ? `${shown}…(${value.length} chars)` : shown;
  }
  let text: string;
  try {
    text = JSON.stringify(value, (_k, v) => {
      if (v === undefined) return '<undefined>';
      if (typeof v === 'number' && !Number.isFinite(v)) return `<${v}>`;
      if (typeof v === 'string' && v.length > 40) return `${v.slice(0, 40)}…(${v.length} chars)`;
      return v;
    });
  } catch (error) {
    text = `<unprintable: ${(error as Error).message}>`;
  }
  return text.length > max ? `${text.slice(0, max)}…` : text;
}

export function describeEdit(e: Edit): string {
  if (e.kind === 'delete') return `delete ${formatPath(e.path)}`;
  if (e.kind === 'addKey') return `add ${formatPath([...e.path, e.key])} = ${preview(e.value)}`;
  return `${formatPath(e.path)} = ${preview(e.value)}`;
}

export function describeMutation(m: Mutation): string {
  return `[${m.base}] ${m.edits.map(describeEdit).join('; ')}`;
}

// ---------------------------------------------------------------------------------------------
// Junk values
// ---------------------------------------------------------------------------------------------

export const HUGE_STRING = 'a'.repeat(10_000);
export const HUGE_UNICODE = '🚀é'.repeat(3_334);

const PATH_LIKE = ['../../etc', 'a/b', '/', '..', './x', '../../../etc/passwd', 'C:\\Windows', '%2e%2e%2f', 'a\nb', 'a\u0000b', '~/x'];
const UNICODE = ['🚀', 'ünïcödé', 'Ωmega', '名前', '\u202eevil', 'a\u200bb', 'ﬁ', 'İ', '😀😀😀', '\ud800'];
/** Strings of the right type in the wrong place: formats of other fields. */
export const FORMAT_STRINGS = [
  '1Gi', '16Gi', '2000m', '10m', '30s', '0s', 'true', 'false', '0', '-1', '1.5', '192.0.2.10', '::1', '10.0.0.0/8',
  'fd00::/48', '10.0.0.1/33', '2030-01-01T00:00:00Z', 'not-a-date', 'arn:aws:iam::123456789012:role/x', 'UPPER', 'a.b',
  '-a', 'a-', 'a_b', '*', 'NoSchedule', 'Exists', 'Route', 'NodePort', 'None', 'AWS', 'https://x.example.com', 'x:y',
  'a'.repeat(64), 'a'.repeat(254), ' ', ' padded ',
];
const NUMBERS = [0, -0, -1, 1.5, -2.5, NaN, Infinity, -Infinity, Number.MAX_SAFE_INTEGER + 2, 1e308, 2 ** 31, -(2 ** 31) - 1, 65536];
const PROTO_KEYS = ['__proto__', 'constructor', 'toString', 'hasOwnProperty', 'valueOf', 'length', ''];

const keyArb = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 8 }) },
  { weight: 1, arbitrary: fc.constantFrom(...PROTO_KEYS) },
  { weight: 1, arbitrary: fc.constantFrom(...MISSPELLED_KEYS) },
);

/** Nested junk (objects, arrays, every primitive). */
const nestedJunk = fc.anything({ maxDepth: 3, maxKeys: 4, key: keyArb, withBoxedValues: false });

/** Junk that is the wrong shape for `original`: arrays for objects, objects for arrays, wrapped primitives. */
function shapeSwaps(original: unknown): unknown[] {
  if (Array.isArray(original)) return [{ ...original }, original[0] ?? {}, [original], {}];
  if (isPlainObject(original)) return [[original], [], [{}], Object.values(original), Object.keys(original)];
  if (original === undefined) return [[], {}, [{}]];
  return [[original], { value: original }, String(original), Number(original)];
}

/** Near misses of a primitive of the right type. */
function nearMisses(original: unknown): unknown[] {
  if (typeof original === 'string') {
    return [
      `${original}x`, original.toUpperCase(), ` ${original}`, `${original}/`, original.slice(1), `${original}${original}`,
      `${original}-`, `-${original}`, `${original}.`, original.replace(/[a-z]/, 'É'),
    ];
  }
  if (typeof original === 'number') return [-original, original + 0.5, original * 1000, original - 1, String(original)];
  if (typeof original === 'boolean') return [!original, String(original), Number(original)];
  return [];
}

/** Any junk value for the position that holds `original` (undefined when absent). */
export function junkFor(original: unknown, base: Base): fc.Arbitrary<unknown> {
  const swaps = shapeSwaps(original);
  const near = nearMisses(original);
  return fc.oneof(
    { weight: 3, arbitrary: fc.constantFrom<unknown>(null, undefined, '', [], {}, true, false) },
    { weight: 2, arbitrary: fc.integer() },
    { weight: 2, arbitrary: fc.constantFrom(...NUMBERS) },
    { weight: 1, arbitrary: fc.double() },
    { weight: 1, arbitrary: fc.boolean() },
    { weight: 2, arbitrary: fc.string({ maxLength: 12 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'grapheme', maxLength: 6 }) },
    { weight: 1, arbitrary: fc.string({ unit: 'binary', maxLength: 6 }) },
    { weight: 1, arbitrary: fc.constantFrom(HUGE_STRING, HUGE_UNICODE) },
    { weight: 2, arbitrary: fc.constantFrom(...UNICODE, ...PATH_LIKE) },
    { weight: 3, arbitrary: fc.constantFrom(...FORMAT_STRINGS) },
    { weight: 3, arbitrary: nestedJunk },
    { weight: 3, arbitrary: fc.constantFrom(...swaps) },
    ...(near.length > 0 ? [{ weight: 3, arbitrary: fc.constantFrom(...near) }] : []),
    { weight: 2, arbitrary: fc.constantFrom(...base.values) },
  );
}

/** A misspelling of `key`: a dropped, doubled or swapped letter, or another case. */
function misspell(key: string): string[] {
  if (key.length < 2) return [`${key}${key}`];
  return [key.slice(1), `${key}s`, key.toLowerCase() === key ? key.toUpperCase() : key.toLowerCase(), `${key[1]}${key[0]}${key.slice(2)}`, `${key.slice(0, -1)}`];
}

/**
 * The arbitrary `make` builds for `key`, built once per base. fast-check draws from an arbitrary
 * by its structure and the random stream only, so reusing one gives the same cases as building it
 * again; building them (a lookup table per constantFrom) was a quarter of the fuzz test's time.
 */
const arbitraries = new WeakMap<Base, Map<string, fc.Arbitrary<unknown>>>();
function once<T>(base: Base, key: string, make: () => fc.Arbitrary<T>): fc.Arbitrary<T> {
  let cache = arbitraries.get(base);
  if (!cache) arbitraries.set(base, (cache = new Map()));
  if (!cache.has(key)) cache.set(key, make());
  return cache.get(key) as fc.Arbitrary<T>;
}

export function editArb(base: Base): fc.Arbitrary<Edit> {
  return once(base, 'edit', () => {
    const targets = [...base.present, ...base.absent];
    const setEdit = fc.constantFrom(...targets).chain((p) =>
      once(base, `set ${formatPath(p)}`, () => junkFor(getAt(base.props, p), base).map((value): Edit => ({ kind: 'set', path: p, value }))),
    );
    const deleteEdit = fc.constantFrom(...base.present).map((p): Edit => ({ kind: 'delete', path: p }));
    const addKeyEdit = fc.constantFrom(...base.objects).chain((p) =>
      once(base, `addKey ${formatPath(p)}`, () => {
        const siblings = Object.keys((getAt(base.props, p) ?? base.props) as object);
        const keys = [...MISSPELLED_KEYS, ...siblings.flatMap(misspell)].filter((k) => !siblings.includes(k));
        return fc.record({
          key: fc.constantFrom(...keys),
          value: fc.oneof(fc.constantFrom(...base.values), junkFor(undefined, base)),
        }).map(({ key, value }): Edit => ({ kind: 'addKey', path: p, key, value }));
      }),
    );
    return fc.oneof({ weight: 14, arbitrary: setEdit }, { weight: 3, arbitrary: deleteEdit }, { weight: 2, arbitrary: addKeyEdit });
  });
}

/** A mutation printed as its description in fast-check's reports (the values can be 10,000 chars). */
export function withDescription(m: Mutation): Mutation {
  return Object.defineProperty(m, fc.toStringMethod, { value: () => describeMutation(m), enumerable: false });
}

/** One (mostly) or two junk edits of one base. */
export function mutationArb(bases: readonly Base[] = BASES, maxEdits = 2): fc.Arbitrary<Mutation> {
  return fc.constantFrom(...bases).chain((base) =>
    fc
      .oneof({ weight: 4, arbitrary: fc.constant(1) }, { weight: 1, arbitrary: fc.integer({ min: 1, max: maxEdits }) })
      .chain((n) => fc.array(editArb(base), { minLength: n, maxLength: n }))
      .map((edits) => withDescription({ base: base.id, edits })),
  );
}

// ---------------------------------------------------------------------------------------------
// Running a case
// ---------------------------------------------------------------------------------------------

export type Outcome =
  | { readonly kind: 'accepted'; readonly result: ReturnType<typeof checkHostedCluster> }
  | { readonly kind: 'rejected'; readonly result: ReturnType<typeof checkHostedCluster> }
  | { readonly kind: 'malformed'; readonly reason: string }
  | { readonly kind: 'exception'; readonly error: unknown };

/** Runs checkHostedCluster on the props and classifies what came back. */
export function runProps(props: HostedClusterProps, options: PlanOptions): Outcome {
  let result: ReturnType<typeof checkHostedCluster>;
  try {
    result = checkHostedCluster(props, options);
  } catch (error) {
    return { kind: 'exception', error };
  }
  if (result === null || typeof result !== 'object') return { kind: 'malformed', reason: `returned ${preview(result)}` };
  if (!Array.isArray(result.issues)) return { kind: 'malformed', reason: `issues is ${preview(result.issues)}` };
  const errors = result.issues.filter((i) => i?.severity === 'error');
  if (result.plan === undefined) {
    return errors.length > 0 ? { kind: 'rejected', result } : { kind: 'malformed', reason: 'no plan and no error finding' };
  }
  if (typeof result.plan !== 'object' || !Array.isArray(result.plan.phases)) return { kind: 'malformed', reason: 'plan has no phases' };
  return errors.length > 0 ? { kind: 'rejected', result } : { kind: 'accepted', result };
}

export function runMutation(m: Mutation): Outcome {
  const { props, options } = mutatedProps(m);
  return runProps(props, options);
}

export function errorHead(error: unknown): string {
  if (error instanceof Error) return `${error.name}: ${error.message.split('\n')[0].slice(0, 160)}`;
  return `non-Error thrown: ${preview(error)}`;
}
