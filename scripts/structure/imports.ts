/**
 * The library's structure, read from its sources: the import graph of lib/ (cycles, imports that
 * run against the layer order) and the length of hand-written functions. Used by
 * test/unit/structure.test.ts and printable with `npx ts-node --transpile-only scripts/structure/imports.ts`.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

/**
 * Layers, lowest first: a module may import its own layer or lower ones. `lib/api` is ordered
 * inside too: the validator machinery (schema/) knows no kind, the kind folders use it, and the
 * root (the kind registry and the checker over it) uses both. The cdk8s synth engine
 * (`cdk8s/engine`: output folder, threads, writers, per-App state) sits below the cdk8s
 * constructs: they use it, it knows none of them.
 */
export const LAYERS: ReadonlyArray<readonly string[]> = [
  ['api/schema'],
  ['api/k8s', 'api/hypershift', 'api/external-secrets', 'api/management', 'api/agent-install', 'api/metal3', 'api/kubevirt', 'api/node-config', 'api/guest', 'api/protection', 'api/ocm', 'api/edge', 'api/delivery'],
  ['api'],
  ['core'],
  ['platforms', 'management', 'capacity', 'gitops', 'edge'],
  ['fleet', 'delivery'],
  ['day2'],
  ['previous-state'],
  ['live'],
  ['cdk8s/engine'],
  ['cdk8s', 'pulumi'],
  [''],
];

export interface ImportEdge {
  readonly from: string;
  readonly to: string;
}

/** Every .ts file below `dir`, relative to `root`, sorted. */
export function sourceFiles(root: string, dir = 'lib'): string[] {
  const out: string[] = [];
  const walk = (rel: string) => {
    for (const entry of fs.readdirSync(path.join(root, rel), { withFileTypes: true })) {
      const child = path.join(rel, entry.name);
      if (entry.isDirectory()) walk(child);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) out.push(child.split(path.sep).join('/'));
    }
  };
  walk(dir);
  return out.sort();
}

/** The relative imports (and re-exports) of each file, resolved to files of the tree. */
export function importGraph(root: string, files: readonly string[]): ImportEdge[] {
  const known = new Set(files);
  const edges: ImportEdge[] = [];
  for (const file of files) {
    const source = ts.createSourceFile(file, fs.readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, false);
    for (const statement of source.statements) {
      const specifier =
        (ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) && statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier)
          ? statement.moduleSpecifier.text
          : undefined;
      if (!specifier?.startsWith('.')) continue;
      const base = path.posix.normalize(path.posix.join(path.posix.dirname(file), specifier));
      const target = [`${base}.ts`, `${base}/index.ts`].find((candidate) => known.has(candidate));
      if (target) edges.push({ from: file, to: target });
    }
  }
  return edges;
}

/** The layer of a file of lib/: the index of the longest matching folder in {@link LAYERS}. */
export function layerOf(file: string): number {
  const folder = path.posix.dirname(file.replace(/^lib\//, 'lib/x/').slice('lib/x/'.length)) || '';
  const dir = folder === '.' ? '' : folder;
  let best = { layer: LAYERS.length - 1, length: -1 };
  LAYERS.forEach((folders, layer) => {
    for (const candidate of folders) {
      if ((dir === candidate || dir.startsWith(`${candidate}/`) || candidate === '') && candidate.length > best.length) best = { layer, length: candidate.length };
    }
  });
  return best.layer;
}

/** Imports from a lower layer into a higher one. */
export function upwardImports(edges: readonly ImportEdge[]): ImportEdge[] {
  return edges.filter((edge) => layerOf(edge.to) > layerOf(edge.from));
}

/** Every import cycle once, as the files around it (strongly connected components of more than one file, or a file importing itself). */
export function importCycles(files: readonly string[], edges: readonly ImportEdge[]): string[][] {
  const next = new Map<string, string[]>(files.map((f) => [f, []]));
  for (const edge of edges) next.get(edge.from)?.push(edge.to);
  // Tarjan's algorithm.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const cycles: string[][] = [];
  const visit = (file: string) => {
    index.set(file, counter);
    low.set(file, counter++);
    stack.push(file);
    onStack.add(file);
    for (const to of next.get(file) ?? []) {
      if (!index.has(to)) {
        visit(to);
        low.set(file, Math.min(low.get(file)!, low.get(to)!));
      } else if (onStack.has(to)) low.set(file, Math.min(low.get(file)!, index.get(to)!));
    }
    if (low.get(file) === index.get(file)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== file);
      if (component.length > 1 || (next.get(file) ?? []).includes(file)) cycles.push(component.sort());
    }
  };
  for (const file of files) if (!index.has(file)) visit(file);
  return cycles;
}

/**
 * Domains a layer must not know, beyond the layer order: core may import any kind folder of api
 * (they are below it), but edge sites and OADP belong to lib/edge and lib/management, which own
 * their rules (their previous-state checks among them); core names none of their kinds.
 */
export const UNKNOWN_DOMAINS: Readonly<Record<string, readonly string[]>> = {
  core: ['api/edge', 'api/protection', 'edge', 'management'],
};

const inFolder = (file: string, folder: string) => file.startsWith(`lib/${folder}/`);

/** The file a relative module specifier of `from` resolves to, among `known`. */
function resolveModule(from: string, specifier: string, known: ReadonlySet<string>): string | undefined {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  return [`${base}.ts`, `${base}/index.ts`].find((candidate) => known.has(candidate));
}

/** Each name `file` exports, with the file that declares it (re-exports followed through barrels). */
function exportedNames(root: string, file: string, known: ReadonlySet<string>, cache: Map<string, Map<string, string>>): Map<string, string> {
  const cached = cache.get(file);
  if (cached) return cached;
  const names = new Map<string, string>();
  cache.set(file, names);
  const source = ts.createSourceFile(file, fs.readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, false);
  for (const statement of source.statements) {
    if (ts.isExportDeclaration(statement)) {
      const target = statement.moduleSpecifier && ts.isStringLiteral(statement.moduleSpecifier) ? resolveModule(file, statement.moduleSpecifier.text, known) : undefined;
      const theirs = target ? exportedNames(root, target, known, cache) : undefined;
      if (!statement.exportClause) theirs?.forEach((declaredIn, name) => names.set(name, declaredIn));
      else if (ts.isNamedExports(statement.exportClause)) {
        for (const element of statement.exportClause.elements) {
          const original = (element.propertyName ?? element.name).text;
          names.set(element.name.text, theirs?.get(original) ?? file);
        }
      }
      continue;
    }
    const exported = ts.canHaveModifiers(statement) && ts.getModifiers(statement)?.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
    if (!exported) continue;
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) if (ts.isIdentifier(declaration.name)) names.set(declaration.name.text, file);
    } else if ('name' in statement && statement.name && ts.isIdentifier(statement.name as ts.Node)) names.set((statement.name as ts.Identifier).text, file);
  }
  return names;
}

/** The kinds an api folder declares (`SpecResource<version, 'Kind', spec>` in its modules). */
export function apiKinds(root: string, files: readonly string[], folder: string): string[] {
  const kinds = files
    .filter((f) => inFolder(f, folder))
    .flatMap((f) => [...fs.readFileSync(path.join(root, f), 'utf8').matchAll(/SpecResource<[^,<>]+,\s*'(\w+)'/g)].map((m) => m[1]));
  return [...new Set(kinds)].sort();
}

/**
 * What the files of `folder` know of `domains` (folders of lib/): an import of a module there, a
 * name imported from anywhere (a barrel included) that is declared there, or a string literal
 * that is the kind of an api folder among them. As `<file>: <what>`.
 */
export function domainReferences(root: string, files: readonly string[], folder: string, domains: readonly string[]): string[] {
  const known = new Set(files);
  const cache = new Map<string, Map<string, string>>();
  const foreign = (file: string) => domains.some((domain) => inFolder(file, domain));
  const kinds = new Set(domains.filter((d) => d.startsWith('api/')).flatMap((d) => apiKinds(root, files, d)));
  const found: string[] = [];
  for (const file of files.filter((f) => inFolder(f, folder))) {
    const source = ts.createSourceFile(file, fs.readFileSync(path.join(root, file), 'utf8'), ts.ScriptTarget.Latest, true);
    for (const statement of source.statements) {
      if (!(ts.isImportDeclaration(statement) || ts.isExportDeclaration(statement)) || !statement.moduleSpecifier || !ts.isStringLiteral(statement.moduleSpecifier)) continue;
      const target = resolveModule(file, statement.moduleSpecifier.text, known);
      if (!target) continue;
      if (foreign(target)) {
        found.push(`${file}: imports ${target}`);
        continue;
      }
      const bindings = ts.isImportDeclaration(statement) ? statement.importClause?.namedBindings : statement.exportClause;
      if (!bindings || ts.isNamespaceImport(bindings) || ts.isNamespaceExport(bindings)) continue;
      const theirs = exportedNames(root, target, known, cache);
      for (const element of bindings.elements) {
        const declaredIn = theirs.get((element.propertyName ?? element.name).text);
        if (declaredIn && foreign(declaredIn)) found.push(`${file}: imports ${(element.propertyName ?? element.name).text} (${declaredIn})`);
      }
    }
    const visit = (node: ts.Node) => {
      if ((ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node)) && kinds.has(node.text)) found.push(`${file}: '${node.text}'`);
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

export interface LongFunction {
  readonly file: string;
  readonly line: number;
  readonly name: string;
  readonly lines: number;
  /** The comment right above it says why it is long (contains "long"). */
  readonly explained: boolean;
}

/** Functions, methods and arrow functions of hand-written files longer than `max` lines. */
export function longFunctions(root: string, files: readonly string[], max = 60): LongFunction[] {
  const found: LongFunction[] = [];
  for (const file of files.filter((f) => !f.endsWith('.generated.ts'))) {
    const text = fs.readFileSync(path.join(root, file), 'utf8');
    const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
    const visit = (node: ts.Node) => {
      if (ts.isFunctionLike(node) && 'body' in node && node.body) {
        const start = source.getLineAndCharacterOfPosition(node.getStart(source)).line;
        const end = source.getLineAndCharacterOfPosition(node.getEnd()).line;
        const lines = end - start + 1;
        if (lines > max) {
          const holder = ts.isVariableDeclaration(node.parent) ? node.parent.parent.parent : node;
          const comments = ts.getLeadingCommentRanges(text, holder.getFullStart()) ?? [];
          const comment = comments.map((c) => text.slice(c.pos, c.end)).join('\n');
          const name = (node as ts.FunctionLikeDeclaration).name?.getText(source) ?? (ts.isVariableDeclaration(node.parent) ? node.parent.name.getText(source) : '(anonymous)');
          found.push({ file, line: start + 1, name, lines, explained: /\blong\b/i.test(comment) });
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return found;
}

if (require.main === module) {
  const root = path.resolve(__dirname, '../..');
  const files = sourceFiles(root);
  const edges = importGraph(root, files);
  const cycles = importCycles(files, edges);
  const upward = upwardImports(edges);
  const long = longFunctions(root, files);
  console.log(`${files.length} files, ${edges.length} imports`);
  console.log(`import cycles: ${cycles.length}`);
  for (const cycle of cycles) console.log(`  ${cycle.join(' <-> ')}`);
  console.log(`upward imports: ${upward.length}`);
  for (const edge of upward) console.log(`  ${edge.from} -> ${edge.to}`);
  for (const [folder, domains] of Object.entries(UNKNOWN_DOMAINS)) {
    const known = domainReferences(root, files, folder, domains);
    console.log(`${folder} knowing ${domains.join(', ')}: ${known.length}`);
    for (const line of known) console.log(`  ${line}`);
  }
  console.log(`functions over 60 lines: ${long.length} (${long.filter((f) => !f.explained).length} without a reason)`);
  for (const f of long) console.log(`  ${f.file}:${f.line} ${f.name} (${f.lines} lines)${f.explained ? '' : ' NO REASON'}`);
}
