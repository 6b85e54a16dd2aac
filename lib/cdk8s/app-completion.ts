/**
 * Work a construct can only do once the whole app is defined: the delivery objects of a fleet
 * list every folder the app writes, including those of constructs created after the fleet. The
 * synth runs these steps once, after `define` and before any check or file.
 */
import type { IConstruct } from 'constructs';

const steps = new WeakMap<IConstruct, Array<() => void>>();

/** Asks the synth of `scope`'s App to run `step` once the app is defined. */
export function whenAppComplete(scope: IConstruct, step: () => void): void {
  const root = scope.node.root;
  let pending = steps.get(root);
  if (!pending) steps.set(root, (pending = []));
  pending.push(step);
}

/** Runs the steps registered for `app`, each once, in order (a step may register more). */
export function completeApp(app: IConstruct): void {
  const pending = steps.get(app.node.root);
  while (pending && pending.length > 0) pending.shift()!();
}
