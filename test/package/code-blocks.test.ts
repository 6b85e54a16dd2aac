/**
 * Every ```ts block of the documentation (README.md and the guides, docs/*.md: the pages of the
 * documentation site) compiles as it stands: each block is written to its own file and
 * type-checked (strict) against the library's sources, with `hcp-constructs`, `hcp-constructs/cdk8s`
 * and `hcp-constructs/pulumi` mapped to lib/ (the published package itself is checked by
 * consumers.test.ts). A block that needs a name its page does not define fails here: fix the block.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';
import { documentationPages } from './documentation-pages';

const repo = path.resolve(__dirname, '../..');

interface Block {
  readonly page: string; // path from the repository root
  readonly line: number; // line of the first code line (1-based)
  readonly code: string;
}

/** The ```ts blocks of one page; a block inside a list item may be indented (its indent is removed). */
function tsBlocks(page: string, markdown: string): Block[] {
  const blocks: Block[] = [];
  const lines = markdown.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const open = /^( *)```(ts|typescript)\s*$/.exec(lines[i]);
    if (!open) continue;
    const indent = open[1].length;
    const start = i + 1;
    let end = start;
    while (end < lines.length && !/^ *```\s*$/.test(lines[end])) end++;
    if (end === lines.length) throw new Error(`${page}:${i + 1}: \`\`\`ts block is never closed`);
    blocks.push({ page, line: start + 1, code: lines.slice(start, end).map((l) => l.slice(Math.min(indent, l.length - l.trimStart().length))).join('\n') });
    i = end;
  }
  return blocks;
}

const pages = documentationPages(repo);
const blocks = pages.flatMap((page) => tsBlocks(page, fs.readFileSync(path.join(repo, page), 'utf8')));

test('README.md and the guides have TypeScript blocks', () => {
  expect(pages).toEqual(expect.arrayContaining(['README.md', 'docs/setup.md', 'docs/pulumi.md']));
  expect(blocks.filter((b) => b.page === 'README.md').length).toBeGreaterThanOrEqual(1);
  expect(blocks.length).toBeGreaterThanOrEqual(30);
});

test('every ```ts block of README.md and docs/*.md compiles (strict, as a consumer writes it)', () => {
  // Inside build/ (ignored by git) so that 'cdk8s', '@pulumi/*' and @types/node resolve from the repository's node_modules.
  fs.mkdirSync(path.join(repo, 'build'), { recursive: true });
  const dir = fs.mkdtempSync(path.join(repo, 'build', 'doc-blocks-'));
  try {
    const files = blocks.map((block, i) => {
      const file = path.join(dir, `block-${i + 1}-${path.basename(block.page, '.md')}-line-${block.line}.ts`);
      // Each block is its own module even if it has no import, so blocks never see each other's names.
      fs.writeFileSync(file, `${block.code}\nexport {};\n`);
      return { file, block };
    });
    const options: ts.CompilerOptions = {
      strict: true,
      noEmit: true,
      target: ts.ScriptTarget.ES2022,
      module: ts.ModuleKind.CommonJS,
      moduleResolution: ts.ModuleResolutionKind.Node10,
      lib: ['lib.es2022.d.ts'],
      types: ['node'],
      esModuleInterop: true,
      skipLibCheck: true,
      paths: {
        'hcp-constructs': [path.join(repo, 'lib/index.ts')],
        'hcp-constructs/cdk8s': [path.join(repo, 'lib/cdk8s/index.ts')],
        'hcp-constructs/pulumi': [path.join(repo, 'lib/pulumi/index.ts')],
        'hcp-constructs/pulumi/aws': [path.join(repo, 'lib/pulumi/aws/index.ts')],
        'hcp-constructs/live': [path.join(repo, 'lib/live/index.ts')],
      },
    };
    const program = ts.createProgram(
      files.map((f) => f.file),
      options,
    );
    // The blocks' own diagnostics: the checker checks only what the blocks use. The library's files
    // are checked by the build under stricter options; checking them all here as well took two thirds
    // of this test's check time.
    const diagnostics = [
      ...program.getOptionsDiagnostics(),
      ...program.getGlobalDiagnostics(),
      ...files.flatMap(({ file }) => {
        const source = program.getSourceFile(file)!;
        return [...program.getSyntacticDiagnostics(source), ...program.getSemanticDiagnostics(source)];
      }),
    ];
    const problems = diagnostics.map((d) => {
      const message = ts.flattenDiagnosticMessageText(d.messageText, '\n');
      const source = d.file && files.find((f) => f.file === d.file!.fileName);
      if (d.file && d.start !== undefined && source) {
        const { line, character } = d.file.getLineAndCharacterOfPosition(d.start);
        return `${source.block.page}:${source.block.line + line}:${character + 1} TS${d.code}: ${message}`;
      }
      return `${d.file ? d.file.fileName : '(global)'} TS${d.code}: ${message}`;
    });
    expect(problems).toEqual([]);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
});
