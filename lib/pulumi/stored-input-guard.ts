/**
 * The dynamic provider of a guard: a small resource whose inputs are what a component planned
 * (its objects, a fleet's placement). On the next preview or update the engine passes the provider
 * the inputs it stored last time (`olds`) with the new ones (`news`), and `check` refuses what the
 * API server or the operators would refuse as a change, before anything happens. The provider is
 * serialized into the state, as dynamic providers are, so `check` loads the function that judges
 * by its name from the package (`hcp-constructs/pulumi`) when it runs, from the program's node_modules.
 */
import type * as pulumi from '@pulumi/pulumi';

/** The judging functions the package exports for its guards. */
type GuardCheck = 'previousStateFailures' | 'placementFailures';

/** A provider whose `check` runs the package's `judge` on the stored and new inputs; `input` is the one input that changes. */
export function storedInputGuard(judge: GuardCheck, input: string, id: string): pulumi.dynamic.ResourceProvider {
  return {
    async check(olds: unknown, news: Record<string, unknown>) {
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      const guards = require('hcp-constructs/pulumi') as Record<GuardCheck, (olds: unknown, news: unknown) => pulumi.dynamic.CheckFailure[]>;
      return { inputs: news, failures: guards[judge](olds, news) };
    },
    async diff(_id: string, olds: Record<string, unknown>, news: Record<string, unknown>) {
      return { changes: JSON.stringify(olds[input]) !== JSON.stringify(news[input]), replaces: [], deleteBeforeReplace: false };
    },
    async create(inputs: Record<string, unknown>) {
      return { id, outs: inputs };
    },
    async update(_id: string, _olds: Record<string, unknown>, news: Record<string, unknown>) {
      return { outs: news };
    },
  };
}
