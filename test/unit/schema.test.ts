/** The props schema: any JavaScript value gives findings with paths, never an exception. */
import fc from 'fast-check';
import { describeValue, editDistance, formatPath, nearest, quote } from '../../lib/core';
import { PLATFORM_TYPES, checkHostedCluster, planHostedCluster } from '../../lib/platforms';
import { HcpValidationError } from '../../lib/core';
import { agentCluster, noneCluster } from '../../examples/clusters';

const errorsOf = (props: unknown) => checkHostedCluster(props).issues.filter((i) => i.severity === 'error');
const only = (props: unknown) => {
  const found = errorsOf(props);
  expect(found).toHaveLength(1);
  return found[0];
};

describe('garbage never throws', () => {
  test.each<[string, unknown]>([
    ['null', null],
    ['undefined', undefined],
    ['a number', 42],
    ['a string', 'cluster'],
    ['an array', []],
    ['an empty object', {}],
    ['a numeric platform', { platform: 7 }],
    ['nodePools as an object', { nodePools: {} }],
    ['a function', () => 1],
    ['platform null', { ...noneCluster, platform: null }],
    ['release as an array', { ...noneCluster, release: ['x'] }],
    ['specOverrides that break the spec', { ...noneCluster, specOverrides: { networking: 5, services: 'x', platform: null } }],
    ['NodePool specOverrides that break the spec', { ...noneCluster, nodePools: [{ name: 'p', specOverrides: { management: null, platform: 3 } }] }],
  ])('%s gives findings', (_label, value) => {
    let result: ReturnType<typeof checkHostedCluster> | undefined;
    expect(() => (result = checkHostedCluster(value))).not.toThrow();
    expect(result!.plan).toBeUndefined();
    expect(result!.issues.some((i) => i.severity === 'error')).toBe(true);
    for (const issue of result!.issues) {
      expect(issue.path.length).toBeGreaterThan(0);
      expect(issue.fix.length).toBeGreaterThan(0);
    }
  });

  test('random JSON values and random changes to a valid cluster never throw', () => {
    fc.assert(fc.property(fc.jsonValue(), (value) => { checkHostedCluster(value); }), { numRuns: 300 });
    fc.assert(
      fc.property(fc.dictionary(fc.constantFrom('name', 'namespace', 'release', 'platform', 'nodePools', 'services', 'networking', 'pullSecret', 'specOverrides', 'secretEncryption'), fc.jsonValue()), (change) => {
        checkHostedCluster({ ...noneCluster, ...change });
      }),
      { numRuns: 300 },
    );
  });

  test('planHostedCluster throws only HcpValidationError, with every schema finding', () => {
    let caught: unknown;
    try {
      planHostedCluster({ nodePools: {} } as never);
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(HcpValidationError);
    expect((caught as HcpValidationError).issues.map((i) => i.path)).toEqual(['name', 'release', 'pullSecret', 'platform', 'nodePools']);
  });
});

describe('findings name the value, its type, the path and a fix', () => {
  test('the whole props are not an object', () =>
    expect(only(null)).toEqual({
      severity: 'error',
      object: 'HostedCluster clusters/<invalid name>',
      path: '(props)',
      message: 'null is not an object.',
      fix: 'Give an object with the keys name, namespace, release, baseDomain, baseDomainPrefix, infraID... (see the type\'s documentation).',
    }));

  test('a string where a whole number goes', () =>
    expect(only({ ...noneCluster, nodePools: [{ replicas: '3' }] })).toMatchObject({
      object: 'HostedCluster none-clusters/edge-lab',
      path: 'nodePools[0].replicas',
      message: '"3" (a string) is not a whole number.',
      fix: 'Give a whole number from 0 to 2000.',
    }));

  test('a number as namespace; the object label falls back', () =>
    expect(only({ ...noneCluster, namespace: 5 })).toEqual({
      severity: 'error',
      object: 'HostedCluster <invalid namespace>/edge-lab',
      path: 'namespace',
      message: '5 (a number) is not a string.',
      fix: 'Give a namespace name as a string, e.g. "clusters".',
    }));

  test('a number as NodePool name', () =>
    expect(only({ ...noneCluster, nodePools: [{ name: 12 }] })).toMatchObject({ path: 'nodePools[0].name', message: '12 (a number) is not a string.', fix: 'Give the NodePool name as a string, e.g. "workers".' }));

  test('a non-string base domain', () =>
    expect(only({ ...noneCluster, baseDomain: true })).toMatchObject({ path: 'baseDomain', message: 'true (a boolean) is not a string.', fix: 'Give a domain as a string, e.g. "example.com".' }));

  test('a 10,000-character string is echoed cut, with its length', () =>
    expect(only({ ...noneCluster, name: 'a'.repeat(10_000) })).toMatchObject({
      object: 'HostedCluster none-clusters/<invalid name>',
      path: 'name',
      message: `"${'a'.repeat(100)}…" (10,000 characters) is longer than the 63 characters allowed.`,
      fix: 'Shorten it to 63 characters or fewer.',
    }));

  test('unicode is echoed as given and refused by the naming rule', () =>
    expect(errorsOf({ ...noneCluster, name: 'prød' })[0]).toMatchObject({ path: 'name', message: 'cluster name "prød" must consist of lower-case letters, digits and "-", and start and end with a letter or digit.' }));

  test('unknown keys are refused with the nearest known key', () => {
    expect(only({ ...noneCluster, nodepools: [] })).toMatchObject({ path: 'nodepools', message: 'unknown key "nodepools"; did you mean "nodePools"?', fix: 'Rename it to "nodePools", or remove it.' });
    expect(only({ ...noneCluster, nodePools: [{ name: 'p', replica: 2 }] })).toMatchObject({ path: 'nodePools[0].replica', message: 'unknown key "replica"; did you mean "replicas"?' });
    expect(only({ ...noneCluster, zzz: 1 })).toMatchObject({ path: 'zzz', message: 'unknown key "zzz".' });
  });

  test('a list where a map of strings goes (regression: nodeLabels as an array was accepted)', () =>
    expect(only({ ...noneCluster, nodePools: [{ name: 'p', nodeLabels: ['a=b'] }] })).toMatchObject({
      path: 'nodePools[0].nodeLabels',
      message: 'an array of 1 item is not a map of strings.',
      fix: 'Give an object such as { key: "value" }.',
    }));

  test('missing required fields', () =>
    expect(only({ ...noneCluster, release: {} })).toMatchObject({ path: 'release.image', message: 'is required but not given.', fix: 'Set image.' }));

  test('enums suggest the intended value', () => {
    expect(only({ ...noneCluster, nodePools: [{ name: 'p', taints: [{ key: 'k', effect: 'NoSchedul' }] }] })).toMatchObject({
      path: 'nodePools[0].taints[0].effect',
      message: '"NoSchedul" (a string) is not one of NoSchedule, PreferNoSchedule, NoExecute; did you mean "NoSchedule"?',
      fix: 'Use "NoSchedule".',
    });
    expect(only({ ...noneCluster, nodePools: [{ name: 'p', taints: [{ key: 'k', effect: 'Evict' }] }] })).toMatchObject({
      message: '"Evict" (a string) is not one of NoSchedule, PreferNoSchedule, NoExecute.',
      fix: 'Use one of NoSchedule, PreferNoSchedule, NoExecute.',
    });
  });

  test('platform type: unknown, near miss, not an object', () => {
    expect(only({ ...agentCluster, platform: { type: 'agent' } })).toMatchObject({ path: 'platform.type', message: `platform type "agent" (a string) is not one of ${PLATFORM_TYPES.join(', ')}; did you mean "Agent"?`, fix: 'Use type: "Agent".' });
    expect(errorsOf({ platform: 7 }).find((i) => i.path === 'platform')).toMatchObject({ message: '7 (a number) is not a platform ({ type: ... }).' });
    expect(only({ ...noneCluster, platform: { type: 'None', aws: {} } })).toMatchObject({ path: 'platform.aws', message: 'unknown key "aws".' });
  });

  test('secret sources take exactly one key', () => {
    expect(only({ ...noneCluster, pullSecret: {} })).toMatchObject({ path: 'pullSecret', message: 'none of existingSecret, externalSecret, inline is given; a secret source takes exactly one.' });
    expect(only({ ...noneCluster, pullSecret: { existingSecret: 'a', inline: 'b' } })).toMatchObject({ path: 'pullSecret', message: 'existingSecret and inline are all given; a secret source takes exactly one.' });
    expect(errorsOf({ ...noneCluster, pullSecret: { externalSecret: { store: 1 } } }).map((i) => `${i.path}: ${i.message}`)).toEqual([
      'pullSecret.externalSecret.store: 1 (a number) is not a string.',
      'pullSecret.externalSecret.key: is required but not given.',
    ]);
  });

  test('sizes beyond documented limits: nodes per pool and per cluster', () => {
    expect(only({ ...noneCluster, nodePools: [{ name: 'p', replicas: 2001 }] })).toMatchObject({ path: 'nodePools[0].replicas', message: '2001 is more than 2000, the tested OpenShift maximum of nodes per cluster.', fix: 'Give 2000 or less.' });
    expect(only({ ...noneCluster, nodePools: [{ name: 'a', replicas: 1500 }, { name: 'b', autoScaling: { min: 1, max: 600 } }] })).toMatchObject({
      path: 'nodePools',
      message: 'the NodePools can reach 2100 nodes together; OpenShift is tested up to 2000 nodes per cluster.',
    });
  });

  test('specOverrides must be an object; its content is checked on the merged objects', () => {
    expect(only({ ...noneCluster, specOverrides: 3 })).toMatchObject({ path: 'specOverrides', message: '3 (a number) is not an object.', fix: 'Give an object ({ ... }).' });
    expect(only({ ...noneCluster, specOverrides: { platform: null } })).toMatchObject({ path: 'specOverrides', message: 'the merged objects could not be checked: Cannot convert undefined or null to object.' });
  });

  test('schema errors stop planning: all of them at once, nothing else', () =>
    expect(errorsOf({ ...noneCluster, name: 5, nodePools: [{ replicas: -1 }], networking: { serviceNetwork: '10.0.0.0/16' } }).map((i) => i.path)).toEqual([
      'name',
      'networking.serviceNetwork',
      'nodePools[0].replicas',
    ]));
});

describe('helpers', () => {
  test('describeValue', () => {
    expect([null, undefined, 3, true, [], [1], {}, 'x'].map(describeValue)).toEqual(['null', 'nothing', '3 (a number)', 'true (a boolean)', 'an array of 0 items', 'an array of 1 item', 'an object', '"x" (a string)']);
  });
  test('quote cuts at 100 characters', () => {
    expect(quote('b'.repeat(100))).toBe(`"${'b'.repeat(100)}"`);
    expect(quote('b'.repeat(101))).toBe(`"${'b'.repeat(100)}…" (101 characters)`);
  });
  test('edit distance and nearest key', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(nearest('nodepools', ['name', 'nodePools'])).toBe('nodePools');
    expect(nearest('zzz', ['name', 'nodePools'])).toBeUndefined();
  });
  test('paths', () => expect(formatPath([{ key: 'labels' }, { key: 'a/b' }, { key: 'nodePools' }, { key: 0 }])).toBe('labels["a/b"].nodePools[0]'));
});
