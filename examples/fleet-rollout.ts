/**
 * The example fleet with its rollout (examples/fleet-app.ts, EXAMPLE_ROLLOUT), as an app:
 * `npx hcp-constructs synth examples/fleet-rollout.ts`, then `npx hcp-constructs rollout next
 * examples/fleet-rollout.ts` for each wave (docs/rollouts.md).
 */
import type { App } from 'cdk8s';
import { runSynth } from '../lib/cdk8s';
import { EXAMPLE_FLEET_ROLLOUT, defineFleetExample } from './fleet-app';

/** Adds the example fleet, with its rollout, to `app`. */
export function define(app: App): void {
  defineFleetExample(app, EXAMPLE_FLEET_ROLLOUT);
}

if (require.main === module) process.exitCode = runSynth(define);
