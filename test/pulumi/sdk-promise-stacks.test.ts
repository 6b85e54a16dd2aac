/** The SDK's promise bookkeeping stacks are left unmapped; every other stack still reaches the handler that was installed. */
import { execFileSync } from 'node:child_process';
import * as path from 'node:path';
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

test('in a process set up as the Pulumi runtime sets up a program, loading the built package leaves the promise stacks unmapped and the source positions mapped', () => {
  // @pulumi/pulumi/cmd/run/index.js requires source-map-support/register before the program; the
  // program then loads hcp-constructs/pulumi by name (the repository's build, as its Pulumi.yaml does).
  const script = `
    require('source-map-support/register');
    require('hcp-constructs/pulumi');
    const { debuggablePromise } = require('@pulumi/pulumi/runtime/debuggable');
    const { Resource } = require('@pulumi/pulumi/resource');
    const promise = Promise.resolve(1);
    debuggablePromise(promise, 'test');
    console.log(JSON.stringify({ promise: promise._debugStackTrace, position: Resource.callsites()[0].file, error: new Error('boom').stack.split('\\n')[0] }));`;
  const out = JSON.parse(execFileSync(process.execPath, ['-e', script], { cwd: path.resolve(__dirname, '../..'), encoding: 'utf8', env: { ...process.env, PULUMI_DEBUG_PROMISE_LEAKS: '' } }));
  expect(out.promise).toBe('Error');
  // The source position the SDK sends the engine still goes through the source maps (its TypeScript source).
  expect(out.position).toMatch(/[\\/]@pulumi[\\/]resource\.ts$/);
  expect(out.error).toBe('Error: boom');
});
