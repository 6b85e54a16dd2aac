/**
 * The API reports' bookkeeping (scripts/api-report): one report per entry point of package.json,
 * and what `npm run api:check` says when a report is out of date. The extraction itself runs in
 * `npm test` (the check, before Jest) against the committed api/.
 */
import * as fs from 'fs';
import * as path from 'path';
import { compareReports, entries, exportedNames } from '../../scripts/api-report/compare';
import { lineDiff } from '../../scripts/api-report/line-diff';

const repo = path.resolve(__dirname, '../..');
const pkg = JSON.parse(fs.readFileSync(path.join(repo, 'package.json'), 'utf8'));
const list = entries(pkg, repo);

test('one report per entry point of package.json "exports", named after its import path; each is committed', () => {
  expect(list.map((e) => [e.specifier, e.report, path.relative(repo, e.declarations)])).toEqual([
    ['hcp-constructs', 'hcp-constructs.api.md', 'build/lib/index.d.ts'],
    ['hcp-constructs/cdk8s', 'cdk8s.api.md', 'build/lib/cdk8s/index.d.ts'],
    ['hcp-constructs/pulumi', 'pulumi.api.md', 'build/lib/pulumi/index.d.ts'],
    ['hcp-constructs/pulumi/aws', 'pulumi-aws.api.md', 'build/lib/pulumi/aws/index.d.ts'],
    ['hcp-constructs/live', 'live.api.md', 'build/lib/live/index.d.ts'],
  ]);
  expect(fs.readdirSync(path.join(repo, 'api')).sort()).toEqual(list.map((e) => e.report).sort());
});

test('an export without types (./package.json) has no report', () => {
  const exports = { '.': { types: './a.d.ts', default: './a.js' }, './package.json': './package.json', './js-only': { default: './b.js' } };
  expect(entries({ name: 'p', exports }, '/r')).toEqual([{ specifier: 'p', report: 'p.api.md', declarations: path.join('/r', 'a.d.ts') }]);
});

test('the check names the entry and shows the changed lines, with context and line numbers', () => {
  const committed = new Map(list.map((e) => [e.report, 'a\nb\nc\nd\ne\nf\n']));
  const generated = new Map(committed).set('cdk8s.api.md', 'a\nb\nc\nD\ne\nf\ng\n');
  expect(compareReports(list, generated, committed)).toEqual([
    ['hcp-constructs/cdk8s: its public surface differs from api/cdk8s.api.md:', '@@ line 2 (now 2) @@', '  b', '  c', '- d', '+ D', '  e', '  f', '+ g', '  '].join('\n'),
  ]);
  expect(compareReports(list, committed, committed)).toEqual([]);
});

test('changes far apart are separate hunks, each with where it starts in both texts', () => {
  const before = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '10'].join('\n');
  const after = ['0', '1', '2', '3', '4', '5', '6', '7', '8', '10'].join('\n');
  expect(lineDiff(before, after, 1).split('\n')).toEqual(['@@ line 1 (now 1) @@', '+ 0', '  1', '@@ line 8 (now 9) @@', '  8', '- 9', '  10']);
});

test('a missing report and a report of no entry point are problems too', () => {
  const generated = new Map(list.map((e) => [e.report, 'x\n']));
  const committed = new Map([...generated].filter(([file]) => file !== 'pulumi.api.md')).set('old.api.md', 'x\n');
  expect(compareReports(list, generated, committed)).toEqual([
    'hcp-constructs/pulumi: api/pulumi.api.md is missing (a new entry point?).',
    'api/old.api.md belongs to no entry point of package.json "exports".',
  ]);
});

test('exported names: each declaration once (overloads too); imports and members are not names', () => {
  const report = [
    "import { App } from 'cdk8s';",
    'export function runSynth(define: (app: App) => void): number;',
    'export function runSynth(outdir: string, define: (app: App) => void): number;',
    'export class Bundle extends Construct {',
    '    readonly plan: Plan;',
    '}',
    "export type Load = 'low' | number;",
    'export const checks: ReadonlyArray<Check>;',
    'export interface Props {}',
  ].join('\n');
  expect(exportedNames(report)).toEqual(['runSynth', 'Bundle', 'Load', 'checks', 'Props']);
});
