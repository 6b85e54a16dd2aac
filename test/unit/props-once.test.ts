/**
 * Every prop is written once (README, design: valibot): its documentation on the public interface
 * only, and each list of allowed values in one named `as const` list that both the interface
 * (`(typeof X)[number]`) and the schema (`oneOf(X)`) use. Read by scripts/structure/props-once.ts.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { repeatedDocs, repeatedLists, scanProps } from '../../scripts/structure/props-once';

const root = path.resolve(__dirname, '../..');
const scan = scanProps(root);
const where = (w: { file: string; line: number; name: string }) => `${w.file}:${w.line} ${w.name}`;

test('the scan finds a prop written twice (a sanity check of the measure itself)', () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'props-once-'));
  try {
    fs.writeFileSync(
      path.join(dir, 'thing-props.ts'),
      "export interface ThingProps {\n  /** How it runs. @default 'fast' */\n  readonly mode?: 'fast' | 'slow';\n}\n",
    );
    fs.writeFileSync(
      path.join(dir, 'thing.ts'),
      "import { v } from './valibot';\nconst SIZES = ['s', 'm'] as const;\nexport const schema = strict({\n  /** How it runs. @default 'fast' */\n  mode: v.optional(oneOf(['slow', 'fast'])),\n  size: v.optional(oneOf(['m', 's'])),\n});\n",
    );
    const fixture = scanProps(dir, ['thing-props.ts', 'thing.ts']);
    expect(repeatedDocs(fixture).map(where)).toEqual(['thing.ts:5 mode']);
    // The union repeats the inline list (in another order), and the inline `size` list repeats SIZES.
    expect(repeatedLists(fixture).map(where).sort()).toEqual(['thing-props.ts:3 mode', 'thing.ts:6 size']);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  // In lib/, the interfaces are documented and the named lists are found.
  expect(scan.interfaceDocs.length).toBeGreaterThan(500);
  expect(scan.constLists.map((l) => l.name)).toEqual(expect.arrayContaining(['VELERO_PLUGINS', 'RELABEL_ACTIONS', 'METRICS_SETS', 'TAINT_EFFECTS']));
});

test('no schema field carries JSDoc: a prop is documented on its interface, once (a note about the check itself is a // comment)', () => {
  expect(scan.schemaDocs.map((d) => `${where(d)}: ${d.text}`)).toEqual([]);
});

test('no list of allowed values is written twice: schemas use a named `as const` list, interfaces `(typeof LIST)[number]`', () => {
  expect(scan.schemaLists.map((l) => `${where(l)}: oneOf([...]) inline, ${l.text}`)).toEqual([]);
  expect(repeatedLists(scan).map((l) => `${where(l)}: ${l.text}`)).toEqual([]);
});
