/**
 * Jest setupFilesAfterEnv. The Pulumi SDK takes a stack trace for each promise and resource it
 * creates (`new Error().stack`, for its leak report and the source position sent to the engine, a
 * mock here), and jest's source-map support maps every frame of each: the Pulumi tests took 48 s
 * of CPU with that, 22 s without. Here every such stack (an empty message, taken inside
 * @pulumi/pulumi) is left unmapped, the source positions included, which only the mocks receive;
 * the library itself spares only the promise stacks (lib/pulumi/sdk-promise-stacks.ts). Every
 * other stack, test failures and errors Pulumi throws included, stays mapped to the TypeScript sources.
 */
import { leaveUnmapped } from '../../lib/pulumi/sdk-promise-stacks';

const PULUMI_SDK = /[\\/]node_modules[\\/]@pulumi[\\/]pulumi[\\/]/;

leaveUnmapped((error, frames) => error.message === '' && PULUMI_SDK.test(frames[0]?.getFileName() ?? ''));
