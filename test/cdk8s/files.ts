/** Test helpers: the files below a folder, temporary folders, and synth scripts run on the build. */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';

/** The compiled library, which worker threads need (npm test builds it first). */
export const BUILD = path.resolve(__dirname, '..', '..', 'build');

/** Every file below `dir` (dot folders such as `.git` included): relative path -> content, sorted by path. */
export function filesBelow(dir: string): Record<string, string> {
  return Object.fromEntries(ownFiles(dir, '').sort().map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]));
}

/**
 * The files below `dir` (relative to it), without following links: Node's recursive readdir
 * follows them, and a CLI test project links node_modules/hcp-constructs to this repository, whose
 * 40,000 files other tests write into while it runs.
 */
function ownFiles(dir: string, prefix: string): string[] {
  return fs.readdirSync(path.join(dir, prefix), { withFileTypes: true }).flatMap((entry) => {
    const relative = path.join(prefix, entry.name);
    if (entry.isDirectory()) return ownFiles(dir, relative);
    return entry.isFile() ? [relative] : [];
  });
}

/** A temporary folder for the tests of one `describe`, removed after them; the function gives its path. */
export function temporaryFolder(prefix: string): () => string {
  let folder = '';
  beforeAll(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  });
  afterAll(() => fs.rmSync(folder, { recursive: true, force: true }));
  return () => folder;
}

/**
 * Runs `script` (JavaScript that requires the build) with Node in the folder above `outdir`, with
 * `HCP_SYNTH_THREADS=threads`; `needs` is a compiled file the script relies on.
 */
export function runOnBuild(script: string, outdir: string, threads: number, needs: string) {
  if (!fs.existsSync(path.join(BUILD, needs))) throw new Error('build/ is missing: run `npm run build` (npm test does)');
  fs.mkdirSync(path.dirname(outdir), { recursive: true });
  return spawnSync(process.execPath, ['-e', script], { cwd: path.dirname(outdir), env: { ...process.env, HCP_SYNTH_THREADS: String(threads) }, encoding: 'utf8' });
}
