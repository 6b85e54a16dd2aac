/**
 * The dynamic provider of a guard: a small resource whose inputs are what a component planned
 * (its objects, a fleet's placement). On the next preview or update the engine passes the provider
 * the inputs it stored last time (`olds`) with the new ones (`news`), and `check` refuses what the
 * API server or the operators would refuse as a change, before anything happens. The provider is
 * serialized into the state, as dynamic providers are, so `check` loads the function that judges
 * by its name from the package (`hcp-constructs/pulumi`) when it runs, resolved from the program's folder.
 */
import type * as pulumi from '@pulumi/pulumi';

/** The judging functions the package exports for its guards. */
type GuardCheck = 'previousStateFailures' | 'placementFailures';

/** The inputs as they change, without the serialized provider the engine stores beside them. */
const storedInputs = ({ __provider: _provider, ...inputs }: Record<string, unknown>) => JSON.stringify(inputs);

/** A provider whose `check` runs the package's `judge` on the stored and new inputs. */
export function storedInputGuard(judge: GuardCheck, id: string): pulumi.dynamic.ResourceProvider {
  return {
    async check(olds: unknown, news: Record<string, unknown>) {
      // The engine runs this function in its dynamic-provider host, a separate process started in
      // the program's folder that loads it with no file name, so a bare require finds nothing
      // there. Resolve the package from that folder instead: its node_modules in a consumer
      // project, the package itself (its package.json `exports`, so the built `build/lib`) in this
      // repository. A bare require is tried first, for when the guard runs inside the package.
      let guards: Record<GuardCheck, (olds: unknown, news: unknown) => pulumi.dynamic.CheckFailure[]>;
      try {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        guards = require('hcp-constructs/pulumi');
      } catch {
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { createRequire } = require('node:module') as typeof import('node:module');
        // eslint-disable-next-line @typescript-eslint/no-require-imports
        const { join } = require('node:path') as typeof import('node:path');
        try {
          guards = createRequire(join(process.cwd(), 'package.json'))('hcp-constructs/pulumi');
        } catch (error) {
          throw new Error(
            `the previous-state guard cannot load hcp-constructs/pulumi from ${process.cwd()}: ` +
              'install hcp-constructs in the Pulumi project, or in the hcp-constructs repository run `npm run build` first ' +
              `(${(error as Error).message.split('\n')[0]})`,
          );
        }
      }
      return { inputs: news, failures: guards[judge](olds, news) };
    },
    async diff(_id: string, olds: Record<string, unknown>, news: Record<string, unknown>) {
      return { changes: storedInputs(olds) !== storedInputs(news), replaces: [], deleteBeforeReplace: false };
    },
    async create(inputs: Record<string, unknown>) {
      return { id, outs: inputs };
    },
    async update(_id: string, _olds: Record<string, unknown>, news: Record<string, unknown>) {
      return { outs: news };
    },
  };
}
