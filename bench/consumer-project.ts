/**
 * What a consumer project of the packed package is made of, shared by the package test
 * (test/package/consumers.test.ts) and the type-check bench (bench/typecheck-bench.ts): the
 * tsconfig `cdk8s init` writes, how npm is called in a consumer folder, and the environment it
 * runs in.
 */

/** `tsconfig.json` of `cdk8s init typescript-app` (cdk8s-cli templates/typescript-app), verbatim. */
export const CDK8S_APP_TSCONFIG = {
  compilerOptions: {
    alwaysStrict: true,
    declaration: true,
    experimentalDecorators: true,
    inlineSourceMap: true,
    inlineSources: true,
    lib: ['es2016'],
    module: 'CommonJS',
    noEmit: false,
    noEmitOnError: true,
    noFallthroughCasesInSwitch: true,
    noImplicitAny: true,
    noImplicitReturns: true,
    noImplicitThis: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    resolveJsonModule: true,
    strict: true,
    strictNullChecks: true,
    strictPropertyInitialization: true,
    stripInternal: true,
    target: 'ES2017',
  },
  include: ['**/*.ts'],
  exclude: ['node_modules'],
};

/** `npm install` as a consumer runs it, from the npm cache where it can (only the npm registry is reachable). */
export const NPM_INSTALL = ['install', '--no-audit', '--no-fund', '--prefer-offline', '--loglevel=error'];

/**
 * The environment without what `npm test` / `npm run` add about this repository
 * (npm_config_local_prefix, npm_package_*, INIT_CWD ...), so npm in a consumer folder works on that
 * folder; npm's cache, user and global config stay.
 */
export function consumerEnv(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const keep = new Set(['npm_config_cache', 'npm_config_userconfig', 'npm_config_globalconfig', 'npm_config_cafile', 'npm_config_registry']);
  const env: NodeJS.ProcessEnv = {};
  for (const [key, value] of Object.entries(process.env)) {
    if ((key.toLowerCase().startsWith('npm_') && !keep.has(key.toLowerCase())) || key === 'INIT_CWD') continue;
    env[key] = value;
  }
  return { ...env, ...extra };
}
