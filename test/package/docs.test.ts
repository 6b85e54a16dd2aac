/**
 * The reference documentation keeps up with the code:
 * - every option of the public API and every environment variable the repository's code reads is
 *   named in docs/options.md (found in the sources, so a new option without a line there fails here);
 * - the compatibility matrix (docs/compatibility.md) names the commit of each CRD folder the library
 *   is generated from (scripts/gen-api/targets.ts), as ../shared/reference/crds/<folder>/SOURCE.md records it;
 * - the API reference (typedoc.json, built by `npm test`) covers exactly the entry points of
 *   package.json "exports", and the site holds README.md, every guide and the changelog; CHANGELOG.md has the Keep a Changelog headings; the package holds the
 *   changelog and the examples.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { TARGETS } from '../../scripts/gen-api/targets';
import { REFERENCE_CRDS } from '../conformance/crd-server';
import { describeWithShared } from '../conformance/crd-server-suite';
import { environmentVariables, publicOptions } from './options';
import { documentationPages } from './documentation-pages';

const repo = path.resolve(__dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));

/** The sources of package.json's entry points: `./build/lib/cdk8s/index.d.ts` -> `lib/cdk8s/index.ts`. */
const ENTRY_SOURCES: string[] = Object.values(pkg.exports as Record<string, { types?: string } | string>).flatMap((entry) =>
  typeof entry === 'object' && entry.types ? [entry.types.replace(/^\.\/build\//, '').replace(/\.d\.ts$/, '.ts')] : [],
);

/** A guide of docs/ whose first line is `# <title>`, so a renamed or emptied page fails here. */
function guide(file: string, title: string): string {
  const text = fs.readFileSync(path.join(repo, 'docs', file), 'utf8');
  if (!text.startsWith(`# ${title}\n`)) throw new Error(`docs/${file} does not start with "# ${title}"`);
  return text;
}

/** Names `text` does not mention in backticks, as `name` or within a longer code span. */
function unnamed(names: readonly string[], text: string): string[] {
  const spans = [...text.matchAll(/`([^`\n]+)`/g)].map((m) => m[1]);
  const word = (name: string) => new RegExp(`(^|[^A-Za-z0-9_])${name}($|[^A-Za-z0-9_])`);
  return names.filter((name) => !spans.some((span) => word(name).test(span)));
}

describe('docs/options.md: Options and environment variables', () => {
  const text = guide('options.md', 'Options and environment variables');

  test('names every option of the public API', () => {
    const options = publicOptions(repo, ENTRY_SOURCES);
    // The extraction itself: the options the guides' examples use must be among those found.
    expect(options.map((o) => o.name)).toEqual(expect.arrayContaining(['supportedVersions', 'requireReleaseDigest', 'allowInlineSecrets', 'managementArchitecture']));
    const missing = unnamed(options.map((o) => o.name), text);
    const where = (name: string) => options.find((o) => o.name === name)!.owners.join(', ');
    expect(missing.map((name) => `${name} (taken by ${where(name)})`)).toEqual([]);
  });

  test('names every environment variable the code reads', () => {
    const variables = environmentVariables(repo, ['lib', 'bench', 'scripts', 'examples', 'pulumi', 'test']);
    expect(variables.map((v) => v.name)).toEqual(expect.arrayContaining(['HCP_SYNTH_THREADS', 'CDK8S_OUTDIR', 'CDK8S_DISABLE_SORT']));
    const missing = unnamed(variables.map((v) => v.name), text);
    const where = (name: string) => variables.find((v) => v.name === name)!.readers.join(', ');
    expect(missing.map((name) => `${name} (read at ${where(name)})`)).toEqual([]);
  });
});

describeWithShared('docs/compatibility.md: Compatibility', 'the matrix is compared with ../shared/reference/crds/*/SOURCE.md.', () => {
  test('names the commit of every CRD folder the library is generated from', () => {
    const text = guide('compatibility.md', 'Compatibility');
    const folders = [...new Set(TARGETS.map((target) => target.crd.split('/')[0]))].sort();
    const commits = folders.map((folder) => {
      const source = fs.readFileSync(path.join(REFERENCE_CRDS, folder, 'SOURCE.md'), 'utf8');
      const commit = /commit:?\s*`([0-9a-f]{40})`/i.exec(source)?.[1];
      return { folder, commit: commit?.slice(0, 7) };
    });
    expect(commits.filter((c) => c.commit === undefined)).toEqual([]);
    expect(commits.filter((c) => !text.includes(`\`${c.commit}\``))).toEqual([]);
  });
});

test('typedoc.json documents exactly the entry points of package.json "exports"', () => {
  const config = JSON.parse(fs.readFileSync(path.join(repo, 'typedoc.json'), 'utf8'));
  expect(ENTRY_SOURCES).toEqual(expect.arrayContaining(['lib/index.ts', 'lib/cdk8s/index.ts']));
  expect([...config.entryPoints].sort()).toEqual([...ENTRY_SOURCES].sort());
  expect(config.treatWarningsAsErrors).toBe(true);
  // Each entry point's module is named as users import it.
  for (const [key, target] of Object.entries(pkg.exports as Record<string, { types?: string } | string>)) {
    if (typeof target !== 'object' || !target.types) continue;
    const specifier = key === '.' ? pkg.name : `${pkg.name}/${key.replace(/^\.\//, '')}`;
    const source = fs.readFileSync(path.join(repo, target.types.replace(/^\.\/build\//, '').replace(/\.d\.ts$/, '.ts')), 'utf8');
    expect(source).toMatch(new RegExp(`^ \\* @module ${specifier.replace(/\//g, '\\/')}$`, 'm'));
  }
});

test('typedoc.json builds README.md, every guide and the changelog into one site', () => {
  const config = JSON.parse(fs.readFileSync(path.join(repo, 'typedoc.json'), 'utf8'));
  expect(config.readme).toBe('README.md');
  // Listed one by one, in the README's order of the guides: a new guide must be placed in both.
  expect([...config.projectDocuments].sort()).toEqual(documentationPages(repo).filter((page) => page !== 'README.md').sort());
  const readmeOrder = [...fs.readFileSync(path.join(repo, 'README.md'), 'utf8').matchAll(/^- \[[^\]]+\]\((docs\/[^)#]+\.md)\)/gm)].map((m) => m[1]);
  expect(config.projectDocuments.filter((page: string) => page.startsWith('docs/'))).toEqual(readmeOrder);
  expect(config.plugin).toContain('./scripts/typedoc/document-titles.mjs');
});

test('CHANGELOG.md follows Keep a Changelog and has a section for the package version', () => {
  const changelog = fs.readFileSync(path.join(repo, 'CHANGELOG.md'), 'utf8');
  const headings = [...changelog.matchAll(/^## \[([^\]]+)\](?: - (\d{4}-\d{2}-\d{2}))?$/gm)].map((m) => ({ version: m[1], date: m[2] }));
  expect(headings[0]).toEqual({ version: 'Unreleased', date: undefined });
  expect(headings.slice(1).every((h) => /^\d+\.\d+\.\d+$/.test(h.version) && h.date !== undefined)).toBe(true);
  expect(headings.map((h) => h.version)).toContain(pkg.version);
  const kinds = [...changelog.matchAll(/^### (.+)$/gm)].map((m) => m[1]);
  expect(kinds.filter((kind) => !['Added', 'Changed', 'Deprecated', 'Removed', 'Fixed', 'Security'].includes(kind))).toEqual([]);
});

test('the package holds the changelog and the examples, as sources and compiled', () => {
  // --ignore-scripts: list the files without prepack's build (npm test has built).
  const listing = execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts', '--loglevel=error'], { cwd: repo, encoding: 'utf8' });
  const files: string[] = JSON.parse(listing)[0].files.map((f: { path: string }) => f.path);
  const examples = fs.readdirSync(path.join(repo, 'examples')).filter((f) => f.endsWith('.ts'));
  expect(examples).toContain('main.ts');
  const expected = ['CHANGELOG.md', ...examples.map((f) => `examples/${f}`), ...examples.map((f) => `build/examples/${f.replace(/\.ts$/, '.js')}`)];
  expect(expected.filter((f) => !files.includes(f))).toEqual([]);
});
