/**
 * Test helper: the throw site of an exception as `function (lib/file.ts:line)`, with TypeScript
 * line numbers even where the stack is not source-mapped.
 *
 * Under jest the stack carries the line numbers of ts-jest's JavaScript: tsconfig.json sets
 * `sourceMap: false`, which ts-jest honours. We then transpile the file the same way (the
 * project compiles in isolatedModules mode) with a source map and map the line back.
 * Under ts-node the stack is mapped already; a probe tells the two cases apart.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

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

/** True when stacks show TypeScript line numbers (probe: this file's own line). */
const STACKS_MAPPED: boolean = (() => {
  const probe = new Error('probe'); // SOURCE-MAP-PROBE
  const frame = parseFrames(probe.stack ?? '')[0];
  if (!frame) return true;
  try {
    const source = fs.readFileSync(__filename, 'utf8').split('\n');
    const expected = source.findIndex((l) => l.includes('// SOURCE-MAP-PROBE') && l.includes('new Error')) + 1;
    return frame.line === expected;
  } catch {
    return true;
  }
})();

const BASE64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

/** Decodes source-map `mappings`: for each generated line, the original line (1-based) of its first segment. */
function decodeLines(mappings: string): Array<Array<{ col: number; srcLine: number }>> {
  const lines: Array<Array<{ col: number; srcLine: number }>> = [];
  let srcLine = 0;
  for (const lineText of mappings.split(';')) {
    const segments: Array<{ col: number; srcLine: number }> = [];
    let col = 0;
    for (const seg of lineText.split(',')) {
      if (!seg) continue;
      const values: number[] = [];
      let shift = 0;
      let value = 0;
      for (const ch of seg) {
        const digit = BASE64.indexOf(ch);
        value += (digit & 31) << shift;
        if (digit & 32) shift += 5;
        else {
          values.push(value & 1 ? -(value >> 1) : value >> 1);
          value = 0;
          shift = 0;
        }
      }
      col += values[0];
      if (values.length >= 4) {
        srcLine += values[2];
        segments.push({ col, srcLine: srcLine + 1 });
      }
    }
    lines.push(segments);
  }
  return lines;
}

let compilerOptions: ts.CompilerOptions | undefined;
const maps = new Map<string, ReturnType<typeof decodeLines> | null>();

function lineMap(file: string): ReturnType<typeof decodeLines> | null {
  if (maps.has(file)) return maps.get(file)!;
  let result: ReturnType<typeof decodeLines> | null = null;
  try {
    if (!compilerOptions) {
      const configPath = path.join(REPO_ROOT, 'tsconfig.test.json');
      const config = ts.readConfigFile(configPath, ts.sys.readFile);
      compilerOptions = ts.parseJsonConfigFileContent(config.config, ts.sys, REPO_ROOT).options;
    }
    const out = ts.transpileModule(fs.readFileSync(file, 'utf8'), {
      fileName: file,
      compilerOptions: { ...compilerOptions, sourceMap: true, inlineSourceMap: false, noEmit: false, declaration: false },
    });
    if (out.sourceMapText) result = decodeLines(JSON.parse(out.sourceMapText).mappings);
  } catch {
    result = null;
  }
  maps.set(file, result);
  return result;
}

function originalLine(frame: Frame): string {
  if (STACKS_MAPPED || !frame.file.endsWith('.ts')) return String(frame.line);
  const map = lineMap(frame.file);
  const segments = map?.[frame.line - 1];
  if (!segments || segments.length === 0) return `${frame.line} (js)`;
  let best = segments[0];
  for (const s of segments) if (s.col <= frame.column - 1) best = s;
  return String(best.srcLine);
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
  return `${pick.fn} (${file}:${originalLine(pick)})`;
}
