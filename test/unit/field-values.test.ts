/** Values placed at exact paths of an object: only those fields change, and the original never does. */
import { valueAt, withFieldValues } from '../../lib/core/field-values';

const object = {
  spec: {
    platform: { aws: { subnet: { id: 'subnet-1' }, tags: [{ key: 'a', value: 'subnet-1' }] } },
    dns: { baseDomain: 'example.com' },
  },
  metadata: { annotations: { note: 'subnet-1' } },
};

test('valueAt follows keys and indexes, and is undefined where the path leads nowhere', () => {
  expect(valueAt(object, ['spec', 'platform', 'aws', 'subnet', 'id'])).toBe('subnet-1');
  expect(valueAt(object, ['spec', 'platform', 'aws', 'tags', 0, 'value'])).toBe('subnet-1');
  expect(valueAt(object, ['spec', 'platform', 'aws', 'tags', 3, 'value'])).toBeUndefined();
  expect(valueAt(object, ['spec', 'dns', 'baseDomain', 'x'])).toBeUndefined();
  expect(valueAt(null, ['spec'])).toBeUndefined();
});

test('withFieldValues sets exactly the given fields: an equal string elsewhere stays, the original is not changed', () => {
  const before = JSON.stringify(object);
  const deferred = { deferred: true };
  const result = withFieldValues(object, [
    { path: ['spec', 'platform', 'aws', 'subnet', 'id'], value: deferred },
    { path: ['spec', 'platform', 'aws', 'tags', 0, 'key'], value: 'b' },
  ]);
  expect(result).toEqual({
    spec: {
      platform: { aws: { subnet: { id: deferred }, tags: [{ key: 'b', value: 'subnet-1' }] } },
      dns: { baseDomain: 'example.com' },
    },
    metadata: { annotations: { note: 'subnet-1' } },
  });
  expect(Array.isArray(result.spec.platform.aws.tags)).toBe(true);
  expect(JSON.stringify(object)).toBe(before);
  // Only the objects along the paths are copied.
  expect(result.spec.dns).toBe(object.spec.dns);
  expect(result.metadata).toBe(object.metadata);
  expect(withFieldValues(object, [])).toBe(object);
});

test('a field that does not exist is a bug of the caller: it throws, naming the path', () => {
  expect(() => withFieldValues(object, [{ path: ['spec', 'platform', 'aws', 'vpc'], value: 'vpc-1' }])).toThrow('no field at spec.platform.aws.vpc');
  expect(() => withFieldValues(object, [{ path: [], value: 'x' }])).toThrow('no field at (root)');
});
