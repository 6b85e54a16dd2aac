import fc from 'fast-check';
import {
  compareVersions,
  isSupportedMinor,
  minorOrdinal,
  nodePoolSkewProblem,
  parseReleaseImage,
  parseSupportedVersions,
  parseVersion,
  requireDigest,
} from '../../lib/core/release';
import { IssueCollector } from '../../lib/core/errors';

const digest = `sha256:${'a'.repeat(64)}`;

describe('release images', () => {
  test('tag images carry their version', () => {
    const image = parseReleaseImage('quay.io/openshift-release-dev/ocp-release:4.16.4-multi');
    expect(image).toEqual({ repository: 'quay.io/openshift-release-dev/ocp-release', tag: '4.16.4-multi', version: { major: 4, minor: 16, patch: 4 } });
  });

  test('registry ports are not mistaken for tags', () => {
    const image = parseReleaseImage('registry.example.com:5000/openshift/release-images:4.15.2-x86_64');
    expect(typeof image !== 'string' && image.repository).toBe('registry.example.com:5000/openshift/release-images');
    expect(typeof image !== 'string' && image.version?.minor).toBe(15);
  });

  test('digest images have no version', () => {
    const image = parseReleaseImage(`quay.io/openshift-release-dev/ocp-release@${digest}`);
    expect(image).toEqual({ repository: 'quay.io/openshift-release-dev/ocp-release', digest });
  });

  test.each([
    ['', 'empty'],
    ['quay.io/ocp release:4.16', 'white space'],
    ['/quay.io/x:1', 'must start'],
    ['quay.io/openshift-release-dev/ocp-release', 'neither a tag'],
    ['quay.io/x@sha256:abc', 'not sha256'],
    ['registry:5000/x', 'neither a tag'],
  ])('rejects %j', (image, reason) => {
    expect(parseReleaseImage(image)).toEqual(expect.stringContaining(reason));
  });
});

describe('versions', () => {
  test('5.x follows 4.22 (dual versioning)', () => {
    expect(minorOrdinal({ major: 5, minor: 0 })).toBe(23);
    expect(compareVersions(parseVersion('5.0.0')!, parseVersion('4.22.9')!)).toBeGreaterThan(0);
    expect(compareVersions(parseVersion('5.1.0')!, parseVersion('5.0.3')!)).toBeGreaterThan(0);
  });

  test('NodePool skew: never newer, at most 3 minors behind', () => {
    expect(nodePoolSkewProblem(parseVersion('4.16.4')!, parseVersion('4.16.4')!)).toBeUndefined();
    expect(nodePoolSkewProblem(parseVersion('4.13.0')!, parseVersion('4.16.4')!)).toBeUndefined();
    expect(nodePoolSkewProblem(parseVersion('4.12.0')!, parseVersion('4.16.4')!)).toEqual({
      message: "NodePool version 4.12 is 4 minor releases behind the HostedCluster's 4.16; at most 3 are supported",
      fix: "Upgrade the NodePool to 4.13 or later (at most 3 minor releases behind the control plane's 4.16).",
    });
    expect(nodePoolSkewProblem(parseVersion('4.16.5')!, parseVersion('4.16.4')!)).toEqual({
      message: "NodePool version 4.16.5 is newer than the HostedCluster's 4.16.4",
      fix: 'Give the NodePool 4.16.4 or an earlier release; to run 4.16.5, upgrade the HostedCluster to it first, then the NodePool.',
    });
    expect(nodePoolSkewProblem(parseVersion('4.21.0')!, parseVersion('5.0.0')!)).toBeUndefined();
    expect(nodePoolSkewProblem(parseVersion('4.19.0')!, parseVersion('5.0.0')!)?.message).toContain('4 minor releases behind');
    // The oldest release the advice names counts 5.x after 4.22 both ways.
    expect(nodePoolSkewProblem(parseVersion('4.19.0')!, parseVersion('5.0.0')!)?.fix).toContain('to 4.20 or later');
    expect(nodePoolSkewProblem(parseVersion('4.22.0')!, parseVersion('5.3.0')!)?.fix).toContain('to 5.0 or later');
  });

  test('skew is accepted exactly when the pool is not newer and within 3 minors', () => {
    const version = fc.record({ major: fc.constant(4), minor: fc.integer({ min: 10, max: 30 }), patch: fc.integer({ min: 0, max: 20 }) });
    fc.assert(
      fc.property(version, version, (pool, cluster) => {
        const ok = compareVersions(pool, cluster) <= 0 && cluster.minor - pool.minor <= 3;
        expect(nodePoolSkewProblem(pool, cluster) === undefined).toBe(ok);
      }),
    );
  });

  test('supported versions come from the operator ConfigMap', () => {
    const supported = parseSupportedVersions({ 'supported-versions': '{"versions":["4.17","4.16"]}' });
    expect(supported).toEqual(['4.17', '4.16']);
    expect(isSupportedMinor(parseVersion('4.16.9')!, supported)).toBe(true);
    expect(isSupportedMinor(parseVersion('4.14.0')!, supported)).toBe(false);
    expect(() => parseSupportedVersions({})).toThrow('no "supported-versions"');
    expect(() => parseSupportedVersions({ 'supported-versions': '{"versions":[4]}' })).toThrow();
  });
});

describe('requireDigest: the one digest rule, for every part that needs an image by digest', () => {
  const check = (image: string) => {
    const issues = new IssueCollector('Thing x');
    const ok = requireDigest(image, 'spec.image', 'mirrors apply only to pulls by digest', issues, 'catalog image');
    return { ok, found: issues.issues.map(({ path, message, fix }) => ({ path, message, fix })) };
  };
  const fix = 'Pin the image by digest (registry/repository@sha256:<64 hex digits>); `skopeo inspect` or `oc image info` on the tag gives it.';

  test('an image by digest passes', () => expect(check(`mirror.example.com:5000/redhat/index@${digest}`)).toEqual({ ok: true, found: [] }));
  test('a tag is an error saying why a digest is needed', () =>
    expect(check('mirror.example.com:5000/redhat/index:v4.16')).toEqual({
      ok: false,
      found: [{ path: 'spec.image', message: 'catalog image "mirror.example.com:5000/redhat/index:v4.16" is pinned by tag, but mirrors apply only to pulls by digest.', fix }],
    }));
  test('a malformed pull spec is an error naming its problem', () =>
    expect(check('mirror.example.com/index@sha256:abc')).toEqual({
      ok: false,
      found: [{ path: 'spec.image', message: 'catalog image "mirror.example.com/index@sha256:abc" digest "sha256:abc" is not sha256:<64 lower-case hex digits>.', fix }],
    }));
});
