/**
 * The built-in example as an app: `npx hcp-constructs synth examples/main.ts` calls `define`;
 * run directly (`npm run synth`, or `cdk8s synth`), it writes into $CDK8S_OUTDIR, else dist/.
 * It is a small fleet (examples/fleet-app.ts): two management clusters and the Argo CD and ACM
 * objects that deliver their folders. examples/app.ts is the same clusters on one management cluster.
 */
import type { App } from 'cdk8s';
import { runSynth } from '../lib/cdk8s';
import { defineFleetExample } from './fleet-app';

/** Adds the example fleet to `app`. */
export function define(app: App): void {
  defineFleetExample(app);
}

if (require.main === module) process.exitCode = runSynth(define);
