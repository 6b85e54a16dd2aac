/**
 * Whether every prop is written once (README, design: valibot): its documentation only on the
 * public interface, never again on the valibot schema field that checks it, and each list of
 * allowed values in one place, not once as a schema's `oneOf([...])` and again as a union of string
 * literals in an interface. Read from lib/'s sources with the TypeScript parser.
 *
 *   npx ts-node --transpile-only scripts/structure/props-once.ts    prints the counts and each finding
 */
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';
import { sourceFiles } from './imports';

/** A JSDoc comment, or a list of allowed values, and where it is written. */
export interface Written {
  readonly file: string;
  readonly line: number;
  /** The property it belongs to (for a list: the property whose type or schema it is). */
  readonly name: string;
  /** The comment with its whitespace and stars collapsed, or the values sorted and joined by `|`. */
  readonly text: string;
}

/** What the scan finds in lib/. */
export interface PropsWriting {
  /** JSDoc on the properties of interfaces and object types. */
  readonly interfaceDocs: readonly Written[];
  /** JSDoc on the fields of valibot schemas (object literals in files that build schemas). */
  readonly schemaDocs: readonly Written[];
  /** Allowed values written inline in a schema: `oneOf(['a', 'b'])`. */
  readonly schemaLists: readonly Written[];
  /** Allowed values written as a named list: `const X = ['a', 'b'] as const`. */
  readonly constLists: readonly Written[];
  /** Allowed values written as a union of two or more string literals in an interface or type alias. */
  readonly interfaceLists: readonly Written[];
}

const handWritten = (file: string) => !file.endsWith('.generated.ts') && !file.startsWith('lib/api/');

/** The source files that build valibot schemas: those importing the project's valibot module. */
function buildsSchemas(source: ts.SourceFile): boolean {
  return source.statements.some((s) => ts.isImportDeclaration(s) && ts.isStringLiteral(s.moduleSpecifier) && /(^|\/)valibot$/.test(s.moduleSpecifier.text));
}

/** The JSDoc comment right before `node`, collapsed to one line, or undefined. */
function jsDocText(node: ts.Node, source: ts.SourceFile): string | undefined {
  const docs = (node as { jsDoc?: ts.JSDoc[] }).jsDoc;
  if (!docs || docs.length === 0) return undefined;
  const raw = docs.map((doc) => source.text.slice(doc.getStart(source), doc.getEnd())).join(' ');
  return raw
    .replace(/^\/\*\*|\*\/$/g, '')
    .split('\n')
    .map((line) => line.replace(/^\s*\*?\s?/, '').trim())
    .join(' ')
    .replace(/\/\*\*|\*\//g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A constant written out (`'inspect.metal3.io'`, `3`): a table of names, not a schema field. */
const isLiteral = (node: ts.Expression) => ts.isStringLiteralLike(node) || ts.isNumericLiteral(node) || node.kind === ts.SyntaxKind.TrueKeyword || node.kind === ts.SyntaxKind.FalseKeyword;

const nameOf = (name: ts.PropertyName | ts.BindingName | undefined): string => (name && (ts.isIdentifier(name) || ts.isStringLiteral(name)) ? name.text : '?');

/** The string values of a union made only of string literals (two or more), or undefined. */
function literalUnion(type: ts.TypeNode): string[] | undefined {
  const inner = ts.isParenthesizedTypeNode(type) ? type.type : type;
  if (!ts.isUnionTypeNode(inner) || inner.types.length < 2) return undefined;
  const values = inner.types.map((t) => (ts.isLiteralTypeNode(t) && ts.isStringLiteral(t.literal) ? t.literal.text : undefined));
  return values.every((value): value is string => value !== undefined) ? values : undefined;
}

/** The values of `['a', 'b'] as const` (also with `satisfies ...`), or undefined. */
function constStrings(node: ts.Expression): string[] | undefined {
  const inner = ts.isSatisfiesExpression(node) ? node.expression : node;
  if (!ts.isAsExpression(inner) || !ts.isTypeReferenceNode(inner.type) || inner.type.typeName.getText() !== 'const') return undefined;
  if (!ts.isArrayLiteralExpression(inner.expression) || inner.expression.elements.length < 2) return undefined;
  const values = inner.expression.elements.map((e) => (ts.isStringLiteral(e) ? e.text : undefined));
  return values.every((value): value is string => value !== undefined) ? values : undefined;
}

const listText = (values: readonly string[]) => [...values].sort().join('|');

/** Scans lib/'s hand-written sources (not the API kinds generated from the CRDs). */
export function scanProps(root: string, files: readonly string[] = sourceFiles(root).filter(handWritten)): PropsWriting {
  const interfaceDocs: Written[] = [];
  const schemaDocs: Written[] = [];
  const schemaLists: Written[] = [];
  const constLists: Written[] = [];
  const interfaceLists: Written[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, fs.readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
    const schemas = buildsSchemas(source);
    const at = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    // The property a node belongs to: the nearest enclosing property signature, assignment or type alias.
    const owner = (node: ts.Node): string => {
      for (let n: ts.Node | undefined = node; n; n = n.parent) {
        if (ts.isPropertySignature(n) || ts.isPropertyAssignment(n) || ts.isTypeAliasDeclaration(n)) return nameOf(n.name);
      }
      return '?';
    };
    const visit = (node: ts.Node) => {
      if (ts.isPropertySignature(node)) {
        const text = jsDocText(node, source);
        if (text) interfaceDocs.push({ file, line: at(node), name: nameOf(node.name), text });
      }
      if (schemas && ts.isPropertyAssignment(node) && ts.isObjectLiteralExpression(node.parent) && !isLiteral(node.initializer)) {
        const text = jsDocText(node, source);
        if (text) schemaDocs.push({ file, line: at(node), name: nameOf(node.name), text });
      }
      if (schemas && ts.isCallExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'oneOf') {
        const [options] = node.arguments;
        if (options && ts.isArrayLiteralExpression(options)) {
          const values = options.elements.map((e) => (ts.isStringLiteral(e) ? e.text : '?'));
          schemaLists.push({ file, line: at(node), name: owner(node), text: listText(values) });
        }
      }
      if (ts.isVariableDeclaration(node) && node.initializer) {
        const values = constStrings(node.initializer);
        if (values) constLists.push({ file, line: at(node), name: nameOf(node.name), text: listText(values) });
      }
      if (ts.isUnionTypeNode(node) && !ts.isUnionTypeNode(node.parent)) {
        const values = literalUnion(node);
        if (values) interfaceLists.push({ file, line: at(node), name: owner(node), text: listText(values) });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return { interfaceDocs, schemaDocs, schemaLists, constLists, interfaceLists };
}

/** Schema-field JSDoc whose text is also on an interface property: the same documentation twice. */
export function repeatedDocs(scan: PropsWriting): Written[] {
  const onInterfaces = new Set(scan.interfaceDocs.map((d) => d.text));
  return scan.schemaDocs.filter((d) => onInterfaces.has(d.text));
}

/**
 * Lists of allowed values written twice: a union of string literals with the same values as a
 * schema's inline `oneOf([...])` or a named `as const` list (the union should be `(typeof X)[number]`),
 * and inline `oneOf([...])` lists with the values of a named list.
 */
export function repeatedLists(scan: PropsWriting): Written[] {
  const lists = new Set([...scan.schemaLists, ...scan.constLists].map((l) => l.text));
  const named = new Set(scan.constLists.map((l) => l.text));
  return [...scan.interfaceLists.filter((u) => lists.has(u.text)), ...scan.schemaLists.filter((l) => named.has(l.text))];
}

/** Lines of the `*-props.ts` files and of the schema files (hand-written files importing valibot). */
export function lineCounts(root: string, files: readonly string[] = sourceFiles(root).filter(handWritten)): { props: number; schemas: number } {
  let props = 0;
  let schemas = 0;
  for (const file of files) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const lines = text.split('\n').length - (text.endsWith('\n') ? 1 : 0);
    if (/-props\.ts$|\/platforms\/(\w+\/)?props\.ts$/.test(file)) props += lines;
    else if (buildsSchemas(ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true))) schemas += lines;
  }
  return { props, schemas };
}

if (require.main === module) {
  const root = path.resolve(__dirname, '../..');
  const scan = scanProps(root);
  const docs = repeatedDocs(scan);
  const lists = repeatedLists(scan);
  const lines = lineCounts(root);
  const where = (w: Written) => `  ${w.file}:${w.line} ${w.name}: ${w.text}`;
  console.log(`interface property docs: ${scan.interfaceDocs.length}, schema field docs: ${scan.schemaDocs.length}`);
  console.log(`schema field docs also on an interface: ${docs.length} (distinct texts: ${new Set(docs.map((d) => d.text)).size})`);
  console.log(`lists: ${scan.schemaLists.length} inline in schemas, ${scan.constLists.length} named; written again: ${lists.length}`);
  console.log(`lines: *-props.ts and platforms' props.ts ${lines.props}, schema files ${lines.schemas}`);
  if (process.argv.includes('--list')) {
    console.log('schema field docs:');
    for (const d of scan.schemaDocs) console.log(`${where(d)}${docs.includes(d) ? '' : '   [NOT ON AN INTERFACE]'}`);
    console.log('repeated lists:');
    for (const l of lists) console.log(where(l));
  }
}
