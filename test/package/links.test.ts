/**
 * Every relative link of the documentation (README.md, the guides in docs/, CHANGELOG.md) resolves:
 * the file or folder exists, and a `#anchor` names a heading of the page it points at, as GitHub
 * and the documentation site (typedoc.json's projectDocuments) make anchors. The site's own build
 * (typedoc, treatWarningsAsErrors) fails on a link it cannot resolve too; this test also covers the
 * pages as GitHub shows them, and says which page and line. Links to web sites are not fetched.
 */
import * as fs from 'fs';
import * as path from 'path';
import { documentationPages } from './documentation-pages';

const repo = path.resolve(__dirname, '../..');

interface Link {
  readonly page: string;
  readonly line: number;
  readonly target: string;
}

/** The text outside fenced code blocks and code spans, line by line (code is not markdown). */
function proseLines(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').map((line) => {
    if (/^ *```/.test(line)) {
      fenced = !fenced;
      return '';
    }
    return fenced ? '' : line.replace(/`[^`]*`/g, '``');
  });
}

/** Inline links `[text](target)` and images; the target up to the first space (a title may follow). */
export function links(page: string, markdown: string): Link[] {
  return proseLines(markdown).flatMap((line, i) => [...line.matchAll(/\]\(([^)\s]+)(?:\s[^)]*)?\)/g)].map((m) => ({ page, line: i + 1, target: m[1] })));
}

/** GitHub's anchor of a heading: lower case, formatting and punctuation removed, spaces to hyphens. */
export function slug(heading: string): string {
  return heading
    .replace(/\[([^\]]*)\]\([^)]*\)/g, '$1')
    .replace(/[`*]/g, '')
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** The anchors of a page: one per heading, a repeated heading gets `-1`, `-2`, ... as on GitHub. */
export function anchors(markdown: string): Set<string> {
  const seen = new Map<string, number>();
  const result = new Set<string>();
  for (const line of proseLinesKeepingCode(markdown)) {
    const heading = /^#{1,6} +(.+?) *#*$/.exec(line);
    if (!heading) continue;
    const base = slug(heading[1]);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    result.add(n === 0 ? base : `${base}-${n}`);
  }
  return result;
}

/** Lines outside fenced code blocks, code spans kept (a heading's code span is part of its anchor). */
function proseLinesKeepingCode(markdown: string): string[] {
  let fenced = false;
  return markdown.split('\n').filter((line) => {
    if (/^ *```/.test(line)) fenced = !fenced;
    return !fenced && !/^ *```/.test(line);
  });
}

/** What is wrong with a link, or undefined when it resolves. */
function broken(link: Link): string | undefined {
  if (/^[a-z][a-z0-9+.-]*:/i.test(link.target)) return undefined; // https:, mailto:
  const [file, anchor] = link.target.split('#', 2) as [string, string | undefined];
  const target = file === '' ? path.join(repo, link.page) : path.resolve(path.dirname(path.join(repo, link.page)), decodeURIComponent(file));
  if (!target.startsWith(repo + path.sep)) return 'points outside the repository';
  if (!fs.existsSync(target)) return `${path.relative(repo, target)} does not exist`;
  if (anchor === undefined) return undefined;
  if (!target.endsWith('.md')) return `an anchor into ${path.relative(repo, target)}, which is not a page`;
  if (!anchors(fs.readFileSync(target, 'utf8')).has(anchor)) return `${path.relative(repo, target)} has no heading #${anchor}`;
  return undefined;
}

const pages = documentationPages(repo);
const all = pages.flatMap((page) => links(page, fs.readFileSync(path.join(repo, page), 'utf8')));

test('the pages link to each other', () => {
  // The README's list of guides links every guide, so a new page is found from the first one.
  const fromReadme = new Set(all.filter((l) => l.page === 'README.md').map((l) => l.target.split('#')[0]));
  expect(pages.filter((p) => p.startsWith('docs/') && !fromReadme.has(p))).toEqual([]);
  expect(all.filter((l) => l.target.includes('#')).length).toBeGreaterThanOrEqual(5);
});

test('every relative link and anchor of README.md, docs/*.md and CHANGELOG.md resolves', () => {
  const problems = all.flatMap((link) => {
    const why = broken(link);
    return why === undefined ? [] : [`${link.page}:${link.line}: (${link.target}) ${why}`];
  });
  expect(problems).toEqual([]);
});

test('anchors are made as GitHub makes them', () => {
  expect(slug('Laptop: `pulumi up`')).toBe('laptop-pulumi-up');
  expect(slug('Backup and restore (OADP)')).toBe('backup-and-restore-oadp');
  expect(slug("GitOps: the same AWS cluster from the CLI's JSON or a Pulumi stack")).toBe('gitops-the-same-aws-cluster-from-the-clis-json-or-a-pulumi-stack');
  expect([...anchors('# A\n## Checks\n```\n# not a heading\n```\n### Checks\n')]).toEqual(['a', 'checks', 'checks-1']);
  expect(links('x.md', 'see [a](b.md#c) and `[d](e.md)`\n```\n[f](g.md)\n```\n').map((l) => l.target)).toEqual(['b.md#c']);
});
