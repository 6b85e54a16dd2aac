/**
 * The built-in example as an app: `npx hcp-constructs synth examples/main.ts` calls `define`;
 * run directly (`npm run synth`, or `cdk8s synth`), it writes into $CDK8S_OUTDIR, else dist/.
 */
import type { App } from 'cdk8s';
import { runSynth } from '../lib/cdk8s';
import { defineExample } from './app';

/** Adds every chart of the example to `app`. */
export function define(app: App): void {
  defineExample(app);
}

if (require.main === module) process.exitCode = runSynth(define);
