/**
 * The Pulumi Node.js SDK takes a stack trace of every promise it makes (`debuggablePromise` in
 * `@pulumi/pulumi/runtime/debuggable.js`, about 30 a resource) for one report: the leaked
 * promises it prints at exit, and only when `PULUMI_DEBUG_PROMISE_LEAKS` is set. Under the
 * source-map support the Pulumi runtime installs (and ts-node's, jest's), each of those stacks is
 * mapped frame by frame through the SDK's source maps, to be thrown away: in a program registering
 * 177 Kubernetes objects under mocks, 0.6 to 0.7 s of the 0.9 to 1.1 s its resources took to
 * construct (`npm run bench:engine` prints the effect under the engine).
 *
 * Unless that variable is set, such a stack (an empty message, taken in debuggable.js) is left as
 * the error's first line; every other stack goes to the handler that was there before, unchanged.
 * Installed once, when the library's Pulumi entry loads; with no handler installed (plain Node.js
 * formats stacks natively, cheaply) there is nothing to do.
 */
const DEBUGGABLE = /[\\/]@pulumi[\\/]pulumi[\\/]runtime[\\/]debuggable\.js$/;
const INSTALLED = Symbol.for('hcp-constructs.sdkPromiseStacks');

/**
 * Wraps the current `Error.prepareStackTrace` so that a stack `unread` accepts is only the error's
 * line, every other one formatted by that handler; a no-op when there is none.
 */
export function leaveUnmapped(unread: (error: Error, frames: NodeJS.CallSite[]) => boolean): void {
  const previous = Error.prepareStackTrace;
  if (!previous) return;
  Error.prepareStackTrace = (error, frames) => (error instanceof Error && unread(error, frames) ? String(error) : previous(error, frames));
}

/** {@link leaveUnmapped} for the SDK's promise stacks; a no-op when leaks are being debugged, or when already installed. */
export function skipSdkPromiseStacks(): void {
  if ((Error.prepareStackTrace as { [INSTALLED]?: true } | undefined)?.[INSTALLED] || process.env.PULUMI_DEBUG_PROMISE_LEAKS) return;
  leaveUnmapped((error, frames) => error.message === '' && DEBUGGABLE.test(frames[0]?.getFileName() ?? ''));
  if (Error.prepareStackTrace) Object.assign(Error.prepareStackTrace, { [INSTALLED]: true });
}
