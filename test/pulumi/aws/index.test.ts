/** The entry points: hcp-constructs/pulumi never loads @pulumi/aws or @pulumi/random; hcp-constructs/pulumi/aws does. */
import { spawnSync } from 'child_process';
import * as path from 'path';

const root = path.resolve(__dirname, '..', '..', '..');
const loaded = (entry: string): string[] => {
  const program = `require(${JSON.stringify(path.join(root, 'build', entry))});
    console.log(JSON.stringify(Object.keys(require.cache).filter((f) => /node_modules[\\\\/]@pulumi[\\\\/](aws|random)[\\\\/]/.test(f)).length));`;
  const run = spawnSync(process.execPath, ['-e', program], { cwd: root, encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout);
};

test('hcp-constructs/pulumi loads no @pulumi/aws or @pulumi/random module; hcp-constructs/pulumi/aws does', () => {
  expect(loaded('lib/pulumi/index.js')).toBe(0);
  expect(loaded('lib/pulumi/aws/index.js')).toBeGreaterThan(0);
});

test('package.json maps hcp-constructs/pulumi/aws in exports and typesVersions, with optional peers', () => {
  const pkg = require(path.join(root, 'package.json'));
  expect(pkg.exports['./pulumi/aws']).toEqual({ types: './build/lib/pulumi/aws/index.d.ts', default: './build/lib/pulumi/aws/index.js' });
  expect(pkg.typesVersions['*']['pulumi/aws']).toEqual(['./build/lib/pulumi/aws/index.d.ts']);
  for (const peer of ['@pulumi/aws', '@pulumi/random']) {
    expect(pkg.peerDependencies[peer]).toBeDefined();
    expect(pkg.peerDependenciesMeta[peer]).toEqual({ optional: true });
  }
});
