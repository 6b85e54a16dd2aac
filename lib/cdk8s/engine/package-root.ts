/** Where the hcp-constructs package itself lives: for `--version`, and to tell its files from the user's. */
import * as fs from 'fs';
import * as path from 'path';

/** The folder of the hcp-constructs package.json above this module (build/lib/cli or lib/cli). */
export function packageRoot(from: string = __dirname): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest) && (JSON.parse(fs.readFileSync(manifest, 'utf8')) as { name?: string }).name === 'hcp-constructs') return dir;
    if (path.dirname(dir) === dir) throw new Error(`the hcp-constructs package.json was not found above ${from}`);
  }
}

/** The version in the package's package.json. */
export function packageVersion(root: string = packageRoot()): string {
  return (JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as { version: string }).version;
}

/** Whether `file` is one of the library's own modules (sources or build), not the user's. */
export function isLibraryFile(file: string, root: string = packageRoot()): boolean {
  return [path.join(root, 'lib'), path.join(root, 'build', 'lib')].some((dir) => file.startsWith(dir + path.sep));
}
