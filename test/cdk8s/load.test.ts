/**
 * Issue 26: `require('hcp-constructs/cdk8s')` adds at most 60 ms to cdk8s's own load. It loads the
 * constructs and a few small modules of core; the planners, the API schemas, js-yaml and valibot
 * load on first use, through lib/cdk8s/engine/lazy.ts (`npm run bench` prints the time).
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import * as lazy from '../../lib/cdk8s/engine/lazy';
import { checkHostedCluster } from '../../lib/platforms';

const BUILD_LIB = path.resolve(__dirname, '..', '..', 'build', 'lib');

/** The modules of core the constructs import directly: each loads nothing but the others here. */
const SMALL_CORE = ['core/defaults.js', 'core/errors.js', 'core/field-owners.js', 'core/field-values.js', 'core/key-copy.js', 'core/names.js', 'core/output-layout.js', 'core/plan-model.js', 'core/previous-state.js', 'core/text-order.js'];

test('requiring the built hcp-constructs/cdk8s loads lib/cdk8s and small modules of core, no planner, js-yaml or valibot', () => {
  const loaded = JSON.parse(
    execFileSync(process.execPath, ['-e', `require(${JSON.stringify(path.join(BUILD_LIB, 'cdk8s'))}); console.log(JSON.stringify(Object.keys(require.cache)))`], { encoding: 'utf8' }),
  ) as string[];
  const library = loaded.filter((file) => file.startsWith(BUILD_LIB + path.sep)).map((file) => path.relative(BUILD_LIB, file).split(path.sep).join('/'));
  expect(library).toContain('cdk8s/hosted-cluster.js');
  expect(library.filter((file) => !file.startsWith('cdk8s/') && !SMALL_CORE.includes(file))).toEqual([]);
  expect(loaded.filter((file) => /[\\/]node_modules[\\/](js-yaml|valibot|@bufbuild)[\\/]/.test(file))).toEqual([]);
});

test('every name lib/cdk8s/engine/lazy.ts declares is defined on first use, as the library module’s own value', () => {
  const source = fs.readFileSync(path.resolve(__dirname, '..', '..', 'lib', 'cdk8s', 'engine', 'lazy.ts'), 'utf8');
  const declared = [...source.matchAll(/^export declare const (?:\{([^}]*)\}|(\w+)):/gm)].flatMap((m) => (m[1] ?? m[2]).split(',').map((name) => name.trim()));
  expect(declared.length).toBeGreaterThan(30);
  expect(Object.keys(lazy).sort()).toEqual([...declared].sort());
  for (const name of declared) expect((lazy as Record<string, unknown>)[name]).toBeDefined();
  expect(lazy.checkHostedCluster).toBe(checkHostedCluster);
  expect(lazy.jsYaml.load('a: 1')).toEqual({ a: 1 });
});
