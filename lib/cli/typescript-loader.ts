/**
 * Runs a TypeScript app without a `tsc` step. A require hook compiles each `.ts` file the app
 * loads with TypeScript's own `transpileModule`, the project's `typescript` package and its
 * tsconfig.json options: one file at a time, syntax only, no type check (so run `tsc --noEmit` in
 * CI). Its output carries an inline source map, so stack traces name the `.ts` lines.
 *
 * Why this and not esbuild, swc or ts-node (measured in docs/design.md, "Libraries, and why"): every
 * TypeScript project has `typescript` already, so the command adds no package, no native binary
 * and no install script; it is the compiler the project type-checks with; loading it costs about
 * half a second, against a `tsc` build of many seconds.
 */
import * as fs from 'fs';
import * as path from 'path';
import Module = require('module');
import type * as TypeScript from 'typescript';
import { UsageError } from './exit-codes';

/** The parts of node's CommonJS loader a require hook uses (internal to node, stable for years). */
interface LoaderModule {
  _compile(code: string, filename: string): unknown;
}
type Resolve = (request: string, parent: unknown, isMain: boolean, options?: unknown) => string;
const loader = Module as unknown as { _resolveFilename: Resolve; _extensions: Record<string, (module: LoaderModule, filename: string) => void> };

let registered = false;

/**
 * Lets `require` load `.ts` files (compiled by the `typescript` package of the app's project)
 * and, inside this repository, the library's compiled build in place of its sources.
 */
export function registerTypeScript(appDir: string): void {
  if (registered) return;
  const ts = loadTypeScript(appDir);
  const options = compilerOptions(ts, appDir);
  process.setSourceMapsEnabled(true);
  loader._extensions['.ts'] = (module, filename) => {
    const { outputText, diagnostics = [] } = ts.transpileModule(fs.readFileSync(filename, 'utf8'), { fileName: filename, compilerOptions: options, reportDiagnostics: true });
    const errors = diagnostics.filter((d) => d.category === ts.DiagnosticCategory.Error);
    if (errors.length > 0) throw new SyntaxError(errors.map((d) => describeDiagnostic(ts, d)).join('\n'));
    module._compile(outputText, filename);
  };
  resolveJsToTs();
  registered = true;
}

/**
 * TypeScript written for ES modules imports `./x.js` for `./x.ts`; when no `./x.js` exists, the
 * `.ts` file is loaded (as `tsc` resolves it).
 */
function resolveJsToTs(): void {
  const resolve = loader._resolveFilename;
  loader._resolveFilename = function (request, ...rest) {
    try {
      return resolve.call(this, request, ...rest);
    } catch (error) {
      const typescript = /^\.{1,2}\//.test(request) && /\.[cm]?js$/.test(request) ? request.replace(/js$/, 'ts') : undefined;
      if (!typescript) throw error;
      return resolve.call(this, typescript, ...rest);
    }
  };
}

/** `file:line:col message` of a syntax error. */
function describeDiagnostic(ts: typeof TypeScript, diagnostic: TypeScript.Diagnostic): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  if (!diagnostic.file || diagnostic.start === undefined) return message;
  const { line, character } = diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start);
  return `${diagnostic.file.fileName}:${line + 1}:${character + 1} ${message}`;
}

/** The app's project's `typescript` (else the one this package resolves); a usage error when there is none. */
function loadTypeScript(appDir: string): typeof TypeScript {
  let resolved: string;
  try {
    resolved = require.resolve('typescript', { paths: [appDir, __dirname] });
  } catch {
    throw new UsageError('a .ts app needs the typescript package: `npm install --save-dev typescript`, or compile the app and give its .js file.');
  }
  return require(resolved) as typeof TypeScript;
}

/**
 * The nearest tsconfig.json's compiler options (its own, not those it `extends`), with what a
 * require hook needs forced: CommonJS output, an inline source map, and no declarations or other
 * outputs. The output locations are dropped too: the map's source path is written relative to the
 * output file, and node reads it relative to the .ts file it runs (with the project's `outDir`, a
 * stack named a folder one level too high).
 */
function compilerOptions(ts: typeof TypeScript, appDir: string): TypeScript.CompilerOptions {
  const configFile = ts.findConfigFile(appDir, ts.sys.fileExists);
  let own: TypeScript.CompilerOptions = { target: ts.ScriptTarget.ES2022, esModuleInterop: true };
  if (configFile) {
    const { config } = ts.readConfigFile(configFile, ts.sys.readFile);
    const compilerOptionsJson = (config as { compilerOptions?: object } | undefined)?.compilerOptions ?? {};
    own = { ...own, ...ts.convertCompilerOptionsFromJson(compilerOptionsJson, path.dirname(configFile)).options };
  }
  return {
    ...own,
    module: ts.ModuleKind.CommonJS,
    moduleResolution: ts.ModuleResolutionKind.Node10,
    verbatimModuleSyntax: false,
    allowImportingTsExtensions: false,
    inlineSourceMap: true,
    inlineSources: false,
    sourceMap: false,
    outDir: undefined,
    outFile: undefined,
    rootDir: undefined,
    sourceRoot: undefined,
    mapRoot: undefined,
    declaration: false,
    declarationMap: false,
    emitDeclarationOnly: false,
    noEmit: false,
    composite: false,
    incremental: false,
  };
}
