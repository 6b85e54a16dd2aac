/**
 * The generated spec types carry doc lines of our own (scripts/gen-api/types.ts), never the CRDs'
 * description text: each interface names its path, kind and apiVersion and where upstream documents
 * the fields; each field names its path. So the API reports and the API reference have no
 * "(undocumented)" for them.
 */
import * as fs from 'fs';
import * as path from 'path';
import { renderTypes } from '../../scripts/gen-api/types';

const repo = path.resolve(__dirname, '../..');

test('renderTypes documents every interface and field from the path, not from the description', () => {
  const source = renderTypes(
    { apiVersion: 'example.io/v1', kind: 'Widget', docs: 'https://example.io/api/' },
    {
      type: 'object',
      description: 'UPSTREAM PROSE',
      required: ['size'],
      properties: {
        size: { type: 'integer', description: 'UPSTREAM PROSE', default: 3 },
        parts: { type: 'array', items: { type: 'object', properties: { name: { type: 'string' } } } },
        labels: { type: 'object', additionalProperties: { type: 'object', properties: { value: { type: 'string' } } } },
      },
    },
    '// header',
  );
  expect(source).not.toContain('UPSTREAM PROSE');
  expect(source).toContain(' * The `spec` of a Widget (`example.io/v1`), generated from its CRD by scripts/gen-api.\n * Upstream documents the fields: https://example.io/api/\n */\nexport interface WidgetSpec {');
  expect(source).toContain('  /** `spec.size` of the Widget. @default 3 */\n  readonly size: number;');
  expect(source).toContain(' * `spec.parts[]` of a Widget (`example.io/v1`), generated from its CRD.\n * Upstream documents the fields: https://example.io/api/\n */\nexport interface WidgetSpecParts {');
  expect(source).toContain('  /** `spec.parts[].name` of the Widget. */\n  readonly name?: string;');
  expect(source).toContain('  /** `spec.labels.<key>.value` of the Widget. */');
});

/** Every `.generated.ts` file of lib/api that holds interfaces (the schema modules hold none). */
function typeFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return typeFiles(file);
    return entry.name.endsWith('.generated.ts') && fs.readFileSync(file, 'utf8').includes('export interface ') ? [file] : [];
  });
}

test('every interface and field of the generated spec types has a doc comment', () => {
  const files = typeFiles(path.join(repo, 'lib/api'));
  expect(files.map((f) => path.relative(repo, f))).toEqual(expect.arrayContaining(['lib/api/hypershift/hosted-cluster.generated.ts', 'lib/api/protection/backup.generated.ts']));
  const bare = files.flatMap((file) => {
    const lines = fs.readFileSync(file, 'utf8').split('\n');
    return lines.flatMap((line, i) => {
      const declaration = /^export interface \w+ \{$/.test(line) || /^  readonly [^:]+\??: /.test(line);
      const documented = /\*\/$/.test(lines[i - 1] ?? '');
      return declaration && !documented ? [`${path.relative(repo, file)}:${i + 1}: ${line.trim()}`] : [];
    });
  });
  expect(bare).toEqual([]);
});
