/** The structure docs/design.md promises, read from lib/'s sources (scripts/structure/imports.ts). */
import * as path from 'path';
import { UNKNOWN_DOMAINS, apiKinds, domainReferences, importCycles, importGraph, layerOf, longFunctions, sourceFiles, upwardImports } from '../../scripts/structure/imports';

const root = path.resolve(__dirname, '../..');
const files = sourceFiles(root);
const edges = importGraph(root, files);

test('the reader finds the imports it should (a sanity check of the measure itself)', () => {
  expect(files.length).toBeGreaterThan(100);
  expect(edges).toContainEqual({ from: 'lib/core/plan.ts', to: 'lib/core/plan-model.ts' });
  expect(layerOf('lib/api/schema/types.ts')).toBeLessThan(layerOf('lib/api/hypershift/index.ts'));
  expect(layerOf('lib/api/hypershift/index.ts')).toBeLessThan(layerOf('lib/api/check.ts'));
  expect(layerOf('lib/core/plan.ts')).toBeLessThan(layerOf('lib/platforms/aws/index.ts'));
  expect(layerOf('lib/pulumi/render.ts')).toBeGreaterThan(layerOf('lib/day2/ingress.ts'));
  // A cycle and an upward import are found when they exist.
  expect(importCycles(['a.ts', 'b.ts'], [{ from: 'a.ts', to: 'b.ts' }, { from: 'b.ts', to: 'a.ts' }])).toEqual([['a.ts', 'b.ts']]);
  expect(upwardImports([{ from: 'lib/core/plan.ts', to: 'lib/cdk8s/render.ts' }])).toHaveLength(1);
});

test('the cdk8s synth engine imports no construct; the constructs import the engine', () => {
  expect(layerOf('lib/cdk8s/engine/synth.ts')).toBeLessThan(layerOf('lib/cdk8s/fleet.ts'));
  // The rule catches an engine module importing a construct module, and lets the reverse pass.
  expect(upwardImports([{ from: 'lib/cdk8s/engine/synth.ts', to: 'lib/cdk8s/hosted-cluster-bundle.ts' }])).toHaveLength(1);
  expect(upwardImports([{ from: 'lib/cdk8s/fleet.ts', to: 'lib/cdk8s/engine/synth.ts' }])).toEqual([]);
  // And the real tree has engine modules that constructs import, and none the other way.
  const engine = (file: string) => file.startsWith('lib/cdk8s/engine/');
  const construct = (file: string) => file.startsWith('lib/cdk8s/') && !engine(file);
  expect(edges.filter((e) => construct(e.from) && engine(e.to)).length).toBeGreaterThan(0);
  expect(edges.filter((e) => engine(e.from) && construct(e.to))).toEqual([]);
});

test('no import cycle in lib/', () => {
  expect(importCycles(files, edges)).toEqual([]);
});

test('no import against the layer order (api/schema, api kinds, api, core, platforms..., day2, previous-state, adapters)', () => {
  expect(upwardImports(edges)).toEqual([]);
});

test('core knows no edge site and no OADP kind: those layers own their rules (their previous-state checks among them)', () => {
  expect(UNKNOWN_DOMAINS.core).toEqual(expect.arrayContaining(['api/edge', 'api/protection', 'edge', 'management']));
  // The measure finds such knowledge where it is: the restore check, in the layer that owns OADP.
  expect(apiKinds(root, files, 'api/protection')).toEqual(['Backup', 'DataProtectionApplication', 'Restore', 'Schedule']);
  expect(apiKinds(root, files, 'api/edge')).toEqual(['ClusterDeployment', 'ClusterImageSet', 'ImageClusterInstall']);
  expect(domainReferences(root, files, 'management', ['api/protection'])).toEqual(
    expect.arrayContaining(['lib/management/restore-check.ts: imports PROTECTION_API_VERSIONS (lib/api/protection/index.ts)', "lib/management/restore-check.ts: 'Restore'"]),
  );
  expect(domainReferences(root, files, 'previous-state', ['edge'])).toContain('lib/previous-state/all-checks.ts: imports lib/edge/edge-site-identity.ts');
  for (const [folder, domains] of Object.entries(UNKNOWN_DOMAINS)) expect(domainReferences(root, files, folder, domains)).toEqual([]);
});

test('no hand-written function over 60 lines without a comment saying why it is long', () => {
  expect(longFunctions(root, files).filter((f) => !f.explained).map((f) => `${f.file}:${f.line} ${f.name} (${f.lines} lines)`)).toEqual([]);
});
