/**
 * Jest setupFilesAfterEnv. The Pulumi SDK takes a stack trace for each promise and resource it
 * creates (`new Error().stack`, for its leak report and the source position sent to the engine, a
 * mock here), and jest's source-map support maps every frame of each: the Pulumi tests took 48 s
 * of CPU with that, 22 s without. Those stacks (an empty message, taken inside @pulumi/pulumi) are
 * formatted as V8 does, unmapped; every other stack, test failures and errors Pulumi throws
 * included, stays mapped to the TypeScript sources.
 */
const mapped = Error.prepareStackTrace;
const PULUMI_SDK = /[\\/]node_modules[\\/]@pulumi[\\/]pulumi[\\/]/;

if (mapped) {
  Error.prepareStackTrace = (error, frames) =>
    error instanceof Error && error.message === '' && PULUMI_SDK.test(frames[0]?.getFileName() ?? '')
      ? [String(error), ...frames.map((frame) => `    at ${frame}`)].join('\n')
      : mapped(error, frames);
}
