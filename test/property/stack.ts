/**
 * Test helper: the throw site of an exception as `function (lib/file.ts:line)`. Stacks carry
 * TypeScript line numbers both under jest (ts-jest emits source maps: tsconfig.test.json sets
 * `sourceMap`) and under ts-node.
 */
import * as path from 'path';

export const REPO_ROOT = path.resolve(__dirname, '..', '..');

interface Frame {
  readonly fn: string;
  readonly file: string;
  readonly line: number;
  readonly column: number;
}

function parseFrames(stack: string): Frame[] {
  const frames: Frame[] = [];
  for (const raw of stack.split('\n')) {
    const line = raw.trim();
    if (!line.startsWith('at ')) continue;
    const m = /^at (?:(.*?) \()?(.*?):(\d+):(\d+)\)?$/.exec(line);
    if (m) frames.push({ fn: m[1] ?? '<anonymous>', file: m[2], line: Number(m[3]), column: Number(m[4]) });
    else frames.push({ fn: line.slice(3), file: '', line: 0, column: 0 });
  }
  return frames;
}

/** The first frame in the project's own code outside test/ (else the top frame). */
export function throwSite(error: unknown): string {
  const stack = error instanceof Error && typeof error.stack === 'string' ? error.stack : '';
  const frames = parseFrames(stack);
  const inProject = (f: Frame) =>
    f.file.startsWith(REPO_ROOT + path.sep) &&
    !f.file.includes(`${path.sep}node_modules${path.sep}`) &&
    !f.file.startsWith(path.join(REPO_ROOT, 'test') + path.sep);
  const pick = frames.find(inProject) ?? frames[0];
  if (!pick) return '(no stack)';
  if (!pick.file) return pick.fn;
  const file = pick.file.startsWith(REPO_ROOT) ? path.relative(REPO_ROOT, pick.file) : pick.file;
  return `${pick.fn} (${file}:${pick.line})`;
}
