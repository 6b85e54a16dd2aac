/** The SDK's promise bookkeeping stacks are left unmapped; every other stack still reaches the handler that was installed. */
import { skipSdkPromiseStacks } from '../../lib/pulumi/sdk-promise-stacks';

// Internal to the SDK (no types published): the wrapper that takes a stack of every promise it makes.
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { debuggablePromise } = require('@pulumi/pulumi/runtime/debuggable') as { debuggablePromise: <T>(p: Promise<T>, ctx: string) => Promise<T> };
/** The stack the SDK keeps on the promise it was given. */
function bookkeepingStack(): string {
  const promise = Promise.resolve(1);
  void debuggablePromise(promise, 'test');
  return (promise as unknown as { _debugStackTrace: string })._debugStackTrace;
}

const installed = Error.prepareStackTrace;
afterEach(() => {
  Error.prepareStackTrace = installed;
  delete process.env.PULUMI_DEBUG_PROMISE_LEAKS;
});

/** A handler standing in for source-map support: records the messages it formats. */
function mappingHandler(): string[] {
  const formatted: string[] = [];
  Error.prepareStackTrace = (error: Error) => {
    formatted.push(error.message);
    return `mapped ${String(error)}`;
  };
  return formatted;
}

test("a stack of the SDK's promise bookkeeping is the error's line; every other stack is formatted by the previous handler", () => {
  const formatted = mappingHandler();
  skipSdkPromiseStacks();
  expect(bookkeepingStack()).toBe('Error');
  expect(new Error('boom').stack).toBe('mapped Error: boom');
  // An empty message taken anywhere else (here, this test) is mapped as before.
  expect(new Error().stack).toBe('mapped Error');
  expect(formatted).toEqual(['boom', '']);
});

test('with PULUMI_DEBUG_PROMISE_LEAKS set (the SDK then prints those stacks) nothing is changed', () => {
  const formatted = mappingHandler();
  const handler = Error.prepareStackTrace;
  process.env.PULUMI_DEBUG_PROMISE_LEAKS = '1';
  skipSdkPromiseStacks();
  expect(Error.prepareStackTrace).toBe(handler);
  expect(bookkeepingStack()).toBe('mapped Error');
  expect(formatted).toEqual(['']);
});

test('installed once however often the entries load, and not at all without a handler', () => {
  mappingHandler();
  skipSdkPromiseStacks();
  const wrapped = Error.prepareStackTrace;
  skipSdkPromiseStacks();
  expect(Error.prepareStackTrace).toBe(wrapped);

  Reflect.deleteProperty(Error, 'prepareStackTrace');
  skipSdkPromiseStacks();
  expect(Error.prepareStackTrace).toBeUndefined();
});
