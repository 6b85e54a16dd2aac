/**
 * The pages of the documentation: README.md, the guides (docs/*.md; not docs/plans/, which are
 * working notes) and CHANGELOG.md. typedoc.json's projectDocuments builds the same pages into the
 * site; code-blocks.test.ts compiles their code and links.test.ts checks their links.
 */
import * as fs from 'fs';
import * as path from 'path';

export function documentationPages(repo: string): string[] {
  const guides = fs
    .readdirSync(path.join(repo, 'docs'))
    .filter((f) => f.endsWith('.md'))
    .sort()
    .map((f) => `docs/${f}`);
  return ['README.md', ...guides, 'CHANGELOG.md'];
}
