/**
 * What the code reads besides props, found in its sources: the options of the public API and the
 * environment variables. test/package/docs.test.ts checks that docs/options.md names each of them.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

/** One option: its name and where the public API takes it (`PlanOptions`, `checkAgentInfrastructure options`). */
export interface FoundOption {
  readonly name: string;
  readonly owners: readonly string[];
}

/** One environment variable and the places that read it (`lib/cdk8s/engine/yaml-writers.ts:62`). */
export interface FoundVariable {
  readonly name: string;
  readonly readers: readonly string[];
}

/** Every `.ts` file below `dir`, without generated files and declarations. */
export function sourceFiles(dir: string): string[] {
  if (!fs.existsSync(dir)) return [];
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const file = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(file);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts') && !entry.name.endsWith('.generated.ts') ? [file] : [];
  });
}

/**
 * The properties of every options object the public API takes: each exported type named
 * `*Options`, each parameter named `options` of an exported function or constructor, and each
 * property named `options` of an exported interface. One program over lib/'s own sources
 * (`noResolve`: the imported packages stay unresolved, which no option's name depends on).
 */
export function publicOptions(repo: string, entryFiles: readonly string[]): FoundOption[] {
  const program = ts.createProgram(sourceFiles(path.join(repo, 'lib')), {
    target: ts.ScriptTarget.ES2022,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    lib: ['lib.es2022.d.ts'],
    types: [],
    strict: true,
    noResolve: true,
    noEmit: true,
  });
  const checker = program.getTypeChecker();
  const found = new Map<string, Set<string>>();
  const addPropertiesOf = (type: ts.Type, owner: string) => {
    for (const property of checker.getPropertiesOfType(checker.getNonNullableType(type))) {
      if (!found.has(property.name)) found.set(property.name, new Set());
      found.get(property.name)!.add(owner);
    }
  };
  const addOptionParameters = (signatures: readonly ts.Signature[], owner: string, at: ts.Node) => {
    for (const parameter of signatures.flatMap((signature) => signature.parameters)) {
      if (parameter.name === 'options') addPropertiesOf(checker.getTypeOfSymbolAtLocation(parameter, at), `${owner} options`);
    }
  };
  for (const file of entryFiles) {
    const source = program.getSourceFile(path.join(repo, file));
    const moduleSymbol = source && checker.getSymbolAtLocation(source);
    if (!source || !moduleSymbol) throw new Error(`${file}: not a module of lib/`);
    for (const exported of checker.getExportsOfModule(moduleSymbol)) {
      const symbol = exported.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(exported) : exported;
      const declaration = symbol.declarations?.[0];
      if (!declaration) continue;
      const name = exported.name;
      if (symbol.flags & (ts.SymbolFlags.Interface | ts.SymbolFlags.TypeAlias)) {
        const type = checker.getDeclaredTypeOfSymbol(symbol);
        if (name.endsWith('Options')) addPropertiesOf(type, name);
        const options = checker.getPropertyOfType(type, 'options');
        if (options) addPropertiesOf(checker.getTypeOfSymbolAtLocation(options, declaration), `${name}.options`);
      }
      const valueType = symbol.flags & ts.SymbolFlags.Value ? checker.getTypeOfSymbolAtLocation(symbol, declaration) : undefined;
      if (valueType) {
        addOptionParameters(valueType.getConstructSignatures(), `new ${name}`, declaration);
        addOptionParameters(valueType.getCallSignatures(), name, declaration);
      }
    }
  }
  return [...found].map(([name, owners]) => ({ name, owners: [...owners].sort() })).sort((a, b) => a.name.localeCompare(b.name));
}

/** `X` of `env.X`, `process.env.X` or `env['X']` read (not assigned) when `X` is written in capitals, as variables are. */
function variableRead(node: ts.Node): string | undefined {
  const isEnv = (expression: ts.Expression) =>
    (ts.isIdentifier(expression) && expression.text === 'env') ||
    (ts.isPropertyAccessExpression(expression) && expression.name.text === 'env' && ts.isIdentifier(expression.expression) && expression.expression.text === 'process');
  let name: string | undefined;
  if (ts.isPropertyAccessExpression(node) && isEnv(node.expression)) name = node.name.text;
  if (ts.isElementAccessExpression(node) && isEnv(node.expression) && ts.isStringLiteral(node.argumentExpression)) name = node.argumentExpression.text;
  const assigned = node.parent !== undefined && ts.isBinaryExpression(node.parent) && node.parent.left === node && node.parent.operatorToken.kind === ts.SyntaxKind.EqualsToken;
  return name !== undefined && !assigned && /^[A-Z][A-Z0-9_]*$/.test(name) ? name : undefined;
}

/** Every environment variable the given folders' TypeScript reads, with where (`folder/file.ts:line`). */
export function environmentVariables(repo: string, folders: readonly string[]): FoundVariable[] {
  const found = new Map<string, string[]>();
  for (const file of folders.flatMap((folder) => sourceFiles(path.join(repo, folder)))) {
    const source = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.ES2022, true);
    const visit = (node: ts.Node): void => {
      const name = variableRead(node);
      if (name !== undefined) {
        const line = source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
        found.set(name, [...(found.get(name) ?? []), `${path.relative(repo, file)}:${line}`]);
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return [...found].map(([name, readers]) => ({ name, readers })).sort((a, b) => a.name.localeCompare(b.name));
}
