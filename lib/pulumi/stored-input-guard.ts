/**
 * A guard: a small dynamic resource whose inputs are what a component planned (its objects, a
 * fleet's placement). On the next preview or update the engine passes its provider the inputs it
 * stored last time (`olds`) with the new ones (`news`), and `check` refuses what the API server or
 * the operators would refuse as a change, before anything happens.
 *
 * The engine runs a dynamic resource's provider in the dynamic-provider host of `@pulumi/pulumi`
 * (`pulumi-resource-pulumi-nodejs`): a separate process, started in the program's folder, that
 * loads the resource's `__provider` input as a CommonJS module and calls its `handler()` for the
 * provider. `pulumi.dynamic.Resource` writes that module by serializing a provider object with the
 * SDK's closure serializer, which loads TypeScript to parse the functions: 1.2 s of CPU in the
 * program (measured on 2 cores), longer than planning 25 hosted clusters. The guards' provider is
 * the same few lines every time, so it is written here as the module text itself, and the guard
 * registers the same resource type with it.
 */
import * as pulumi from '@pulumi/pulumi';

/** The judging functions the package exports for its guards. */
export type GuardCheck = 'previousStateFailures' | 'placementFailures';

/** The type `pulumi.dynamic.Resource` registers: the engine gives it to the dynamic-provider host. */
export const DYNAMIC_RESOURCE_TYPE = 'pulumi-nodejs:dynamic:Resource';

/**
 * The provider's module, as the host loads it. `check` loads the judging function by package name
 * when it runs, so the state holds no copy of the library: from the program's folder (the host
 * loads the module with no file name, so a bare require finds nothing in a consumer project),
 * which is its node_modules in a consumer project and the package itself (its package.json
 * `exports`, so the built `build/lib`) in this repository. With nothing stored (a first
 * deployment) the placement judge finds nothing, having no placement to judge against, so `check`
 * does not load the library for it (0.2 s of CPU in the host); the previous-state judge has a rule
 * for a guard with no record (restore-check.ts, `restoresWithoutRecord`).
 * `diff` compares the inputs without the provider text, so a new version of this text alone
 * changes nothing, and compressed inputs by what they hold.
 */
export function guardProviderModule(judge: GuardCheck, id: string): string {
  return `'use strict';
// The provider of an hcp-constructs guard (lib/pulumi/stored-input-guard.ts).
const judge = ${JSON.stringify(judge)};
const id = ${JSON.stringify(id)};
const judgesFirstDeployment = ${JSON.stringify(judge === 'previousStateFailures')};
function library() {
  try {
    return require('hcp-constructs/pulumi');
  } catch {
    const { createRequire } = require('node:module');
    const { join } = require('node:path');
    try {
      return createRequire(join(process.cwd(), 'package.json'))('hcp-constructs/pulumi');
    } catch (error) {
      throw new Error(
        'the ' + id + ' guard cannot load hcp-constructs/pulumi from ' + process.cwd() + ': ' +
          'install hcp-constructs in the Pulumi project, or in the hcp-constructs repository run \`npm run build\` first ' +
          '(' + String(error && error.message).split('\\n')[0] + ')',
      );
    }
  }
}
// A compressed input (base64 of gzip, so "H4sI" first) is compared by what it holds: another
// zlib may write other bytes for the same content.
const content = (value) => (typeof value === 'string' && value.startsWith('H4sI') ? require('node:zlib').gunzipSync(Buffer.from(value, 'base64')).toString('utf8') : value);
const storedInputs = ({ __provider, ...inputs }) => JSON.stringify(inputs, (_key, value) => content(value));
// Nothing stored yet (the guard's first deployment): nothing to judge for placements, and no library to load.
const stored = (olds) => judgesFirstDeployment || Object.keys(olds || {}).some((key) => key !== '__provider');
exports.handler = () => ({
  async check(olds, news) {
    return { inputs: news, failures: stored(olds) ? library()[judge](olds, news) : [] };
  },
  async diff(_id, olds, news) {
    return { changes: storedInputs(olds) !== storedInputs(news), replaces: [], deleteBeforeReplace: false };
  },
  async create(inputs) {
    return { id, outs: inputs };
  },
  async update(_id, _olds, news) {
    return { outs: news };
  },
});
`;
}

/** A guard resource: the inputs `check` judges, with its provider's module. */
export abstract class StoredInputGuard extends pulumi.CustomResource {
  protected constructor(judge: GuardCheck, id: string, name: string, inputs: pulumi.Inputs, opts?: pulumi.CustomResourceOptions) {
    super(DYNAMIC_RESOURCE_TYPE, name, { ...inputs, __provider: guardProviderModule(judge, id) }, opts);
  }
}
