/**
 * The CEL evaluator, loaded on the first rule evaluated rather than with the package: it and its
 * dependencies take about 60 ms to load, which every `require('hcp-constructs/cdk8s')` would pay.
 */
import type * as CelLibrary from '@bufbuild/cel';
import type * as Cel from './cel';

let cel: typeof Cel | undefined;
let library: typeof CelLibrary | undefined;

/** @bufbuild/cel itself, for converting values into its lists and maps. */
export function celLibrary(): typeof CelLibrary {
  return (library ??= require('@bufbuild/cel') as typeof CelLibrary); // eslint-disable-line @typescript-eslint/no-require-imports
}

export function compileRule(rule: string): Cel.CompiledRule {
  cel ??= require('./cel') as typeof Cel; // eslint-disable-line @typescript-eslint/no-require-imports
  return cel.compileRule(rule);
}
