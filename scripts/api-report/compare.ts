/**
 * The API reports' bookkeeping, apart from API Extractor: which entry points package.json
 * declares, the names a report declares, and what differs from the committed reports.
 */
import * as path from 'path';
import { lineDiff } from './line-diff';

export interface Entry {
  /** The export path as users import it: `hcp-constructs`, `hcp-constructs/cdk8s`... */
  readonly specifier: string;
  /** The report's file name: `hcp-constructs.api.md`, `cdk8s.api.md`, `pulumi-aws.api.md`... */
  readonly report: string;
  /** The built declaration file of the entry. */
  readonly declarations: string;
}

/** Every entry point of package.json "exports" that has types. */
export function entries(packageJson: { readonly name: string; readonly exports: Record<string, unknown> }, repo: string): Entry[] {
  return Object.entries(packageJson.exports).flatMap(([key, target]) => {
    const types = typeof target === 'object' && target !== null ? (target as { types?: unknown }).types : undefined;
    if (typeof types !== 'string') return [];
    const sub = key.replace(/^\.\/?/, '');
    return [{ specifier: sub ? `${packageJson.name}/${sub}` : packageJson.name, report: `${sub ? sub.replace(/\//g, '-') : packageJson.name}.api.md`, declarations: path.join(repo, types) }];
  });
}

/** Names a report declares (an overloaded function once). */
export function exportedNames(report: string): string[] {
  const declaration = /^export (?:declare )?(?:abstract )?(?:class|interface|type|function|const|let|var|enum|namespace) (\w+)/gm;
  return [...new Set([...report.matchAll(declaration)].map((m) => m[1]))];
}

export const lineCount = (text: string): number => text.split('\n').length - (text.endsWith('\n') ? 1 : 0);

/** What differs between the reports the declarations give and the committed ones, one message per file. */
export function compareReports(list: readonly Entry[], generated: ReadonlyMap<string, string>, committed: ReadonlyMap<string, string>): string[] {
  const problems: string[] = [];
  for (const entry of list) {
    const now = generated.get(entry.report) ?? '';
    const before = committed.get(entry.report);
    if (before === undefined) problems.push(`${entry.specifier}: api/${entry.report} is missing (a new entry point?).`);
    else if (before !== now) problems.push(`${entry.specifier}: its public surface differs from api/${entry.report}:\n${lineDiff(before, now)}`);
  }
  const known = new Set(list.map((entry) => entry.report));
  for (const file of committed.keys()) if (!known.has(file)) problems.push(`api/${file} belongs to no entry point of package.json "exports".`);
  return problems;
}
