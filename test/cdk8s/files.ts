/** Test helper: the files below a folder, to compare a folder before and after. */
import * as fs from 'fs';
import * as path from 'path';

/** Every file below `dir` (dot folders such as `.git` included): relative path -> content, sorted by path. */
export function filesBelow(dir: string): Record<string, string> {
  const files = fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((f) => fs.statSync(path.join(dir, f)).isFile());
  return Object.fromEntries(files.sort().map((f) => [f, fs.readFileSync(path.join(dir, f), 'utf8')]));
}
