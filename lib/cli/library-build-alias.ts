/**
 * Inside the hcp-constructs repository, an app (the built-in example) imports the library's
 * TypeScript sources (`../lib/cdk8s`), while the command runs the compiled build. Two copies of
 * the library in one process would not share an app's plan, so a require of a source file of
 * lib/ loads the matching file of build/lib/ instead (and says when the build is older than the
 * source: `npm run build`). In an installed package there is no lib/ folder and nothing changes.
 */
import * as fs from 'fs';
import * as path from 'path';
import Module = require('module');

type Resolve = (request: string, ...rest: unknown[]) => string;
const loader = Module as unknown as { _resolveFilename: Resolve };

/** Loads `<root>/build/lib/**.js` whenever `<root>/lib/**.ts` is required; `warn` hears of stale builds once. */
export function aliasLibrarySourcesToBuild(root: string, warn: (message: string) => void): void {
  const sources = path.join(root, 'lib') + path.sep;
  const build = path.join(root, 'build', 'lib') + path.sep;
  if (!__filename.startsWith(build) || !fs.existsSync(sources)) return; // not running from this repository's build
  const resolve = loader._resolveFilename;
  let warned = false;
  loader._resolveFilename = function (request, ...rest) {
    const resolved = resolve.call(this, request, ...rest);
    if (!resolved.startsWith(sources) || !resolved.endsWith('.ts')) return resolved;
    const built = build + resolved.slice(sources.length).replace(/\.ts$/, '.js');
    if (!fs.existsSync(built)) return resolved;
    if (!warned && fs.statSync(resolved).mtimeMs > fs.statSync(built).mtimeMs) {
      warned = true;
      warn(`${path.relative(process.cwd(), resolved)} is newer than its build: the app runs the library as last built (npm run build).`);
    }
    return built;
  };
}
