/**
 * Loads the user's app for `synth` and `diff`. An app is a module that exports `define(app)`
 * (named `define`, or its default export) adding charts to a cdk8s App; a module that calls
 * `runSynth(define)` (an app written for `cdk8s synth`) works too: while the command loads it,
 * `runSynth` hands over its function instead of synthesizing.
 */
import * as fs from 'fs';
import * as path from 'path';
import { pathToFileURL } from 'url';
import type { App } from 'cdk8s';
import { RUN_SYNTH_CAPTURE, RunSynthCapture } from '../cdk8s/engine/synth';
import { UsageError } from './exit-codes';
import { aliasLibrarySourcesToBuild } from './library-build-alias';
import { packageRoot } from '../cdk8s/engine/package-root';
import { registerTypeScript } from './typescript-loader';
import { UserCodeError } from '../cdk8s/engine/user-stack';

export type Define = (app: App) => void;

export interface LoadedApp {
  /** The app's file, absolute. */
  readonly file: string;
  readonly define: Define;
  /** The output folder the app named in `runSynth(outdir, define)`, if it did. */
  readonly outdir?: string;
}

/** The apps looked for in the working directory when none is given, as `cdk8s init` lays them out. */
export const DEFAULT_APPS = ['main.ts', 'main.js'];

/** The app's file: `given`, else the first of {@link DEFAULT_APPS} in `cwd`. */
export function appFile(given: string | undefined, cwd: string = process.cwd()): string {
  if (given !== undefined) {
    const file = path.resolve(cwd, given);
    if (!fs.existsSync(file) || !fs.statSync(file).isFile()) throw new UsageError(`the app ${given} was not found (looked for ${file}).`);
    return file;
  }
  const found = DEFAULT_APPS.map((name) => path.join(cwd, name)).find((file) => fs.existsSync(file));
  if (!found) throw new UsageError(`no app given, and no ${DEFAULT_APPS.join(' or ')} in ${cwd}: name the app's file, e.g. \`hcp-constructs synth src/main.ts\`.`);
  return found;
}

/** Loads the module (compiling TypeScript on the way) and finds its define function. */
export async function loadApp(given: string | undefined, warn: (message: string) => void): Promise<LoadedApp> {
  const file = appFile(given);
  aliasLibrarySourcesToBuild(packageRoot(), warn);
  if (/\.[cm]?ts$/.test(file)) registerTypeScript(path.dirname(file));
  const captured: Array<{ outdir: string | undefined; define: Define }> = [];
  const capture: RunSynthCapture = (outdir, define) => void captured.push({ outdir, define });
  const global = globalThis as Record<symbol, unknown>;
  global[RUN_SYNTH_CAPTURE] = capture;
  let exports: Record<string, unknown>;
  try {
    exports = await importModule(file);
  } catch (error) {
    throw new UserCodeError(error, `while loading ${path.relative(process.cwd(), file)}`);
  } finally {
    delete global[RUN_SYNTH_CAPTURE];
  }
  return { file, ...defineOf(file, exports, captured) };
}

/** `import()` as node runs it: TypeScript would compile the expression to `require` for CommonJS output. */
const dynamicImport = new Function('specifier', 'return import(specifier)') as (specifier: string) => Promise<Record<string, unknown>>;

/** CommonJS first (what a compiled or transpiled app is); ES modules through `import()`. */
async function importModule(file: string): Promise<Record<string, unknown>> {
  if (file.endsWith('.mjs')) return dynamicImport(pathToFileURL(file).href);
  try {
    return require(file) as Record<string, unknown>;
  } catch (error) {
    if ((error as { code?: unknown }).code !== 'ERR_REQUIRE_ESM') throw error;
    return dynamicImport(pathToFileURL(file).href);
  }
}

function defineOf(file: string, exports: Record<string, unknown>, captured: ReadonlyArray<{ outdir: string | undefined; define: Define }>): { define: Define; outdir?: string } {
  const name = path.relative(process.cwd(), file);
  if (captured.length > 1) throw new UsageError(`${name} calls runSynth ${captured.length} times; an app defines one App.`);
  const exported = exports.define ?? (typeof exports.default === 'function' ? exports.default : undefined);
  if (exported !== undefined && typeof exported !== 'function') throw new UsageError(`${name} exports \`define\`, but it is not a function (a ${typeof exported}).`);
  if (typeof exported === 'function') return { define: exported as Define };
  if (captured.length === 1) return { define: captured[0].define, ...(captured[0].outdir === undefined ? {} : { outdir: captured[0].outdir }) };
  throw new UsageError(`${name} neither exports a define(app) function nor calls runSynth(define): export \`function define(app: App)\` that adds your charts.`);
}
