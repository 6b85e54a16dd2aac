/**
 * A unified diff of two texts, line by line, as `diff -u` and `git diff` print it. The edit
 * script is Myers' O(ND) shortest edit (lines the texts share at both ends are set aside first,
 * so the usual one-line change costs nearly nothing).
 */

type Edit = { readonly op: ' ' | '-' | '+'; readonly line: string };

/** Past this many differing lines the texts are shown as all removed, then all added (the trace kept grows with its square). */
const MAX_EDIT_DISTANCE = 1000;

/** The shortest edit script from `a` to `b`. */
export function lineEdits(a: readonly string[], b: readonly string[]): Edit[] {
  let start = 0;
  while (start < a.length && start < b.length && a[start] === b[start]) start++;
  let endA = a.length;
  let endB = b.length;
  while (endA > start && endB > start && a[endA - 1] === b[endB - 1]) [endA, endB] = [endA - 1, endB - 1];
  const same = (from: number, to: number) => a.slice(from, to).map((line): Edit => ({ op: ' ', line }));
  const middle = myers(a.slice(start, endA), b.slice(start, endB));
  return [...same(0, start), ...middle, ...same(endA, a.length)];
}

/**
 * Myers' greedy algorithm: for each edit distance d, the furthest point reached on each diagonal
 * k (x - y); the diagonals -d..d of each step are kept so that the path can be walked back.
 */
function myers(a: readonly string[], b: readonly string[]): Edit[] {
  const [n, m] = [a.length, b.length];
  const offset = n + m;
  const trace: Int32Array[] = [];
  const v = new Int32Array(2 * offset + 2);
  for (let d = 0; d <= Math.min(offset, MAX_EDIT_DISTANCE); d++) {
    trace.push(v.slice(offset - d, offset + d + 1));
    for (let k = -d; k <= d; k += 2) {
      const down = k === -d || (k !== d && v[offset + k - 1] < v[offset + k + 1]);
      let x = down ? v[offset + k + 1] : v[offset + k - 1] + 1;
      let y = x - k;
      while (x < n && y < m && a[x] === b[y]) [x, y] = [x + 1, y + 1];
      v[offset + k] = x;
      if (x >= n && y >= m) return walkBack(a, b, trace, d, k);
    }
  }
  return [...a.map((line): Edit => ({ op: '-', line })), ...b.map((line): Edit => ({ op: '+', line }))];
}

/** The edits of the path that reached (n, m) at distance `d` on diagonal `k`, in order. */
function walkBack(a: readonly string[], b: readonly string[], trace: readonly Int32Array[], d: number, k: number): Edit[] {
  const edits: Edit[] = [];
  let [x, y] = [a.length, b.length];
  for (let step = d; step > 0; step--) {
    // trace[step] holds diagonals -step..step as they were before step `step`.
    const at = (diagonal: number) => trace[step][diagonal + step];
    const down = k === -step || (k !== step && at(k - 1) < at(k + 1));
    const previousK = down ? k + 1 : k - 1;
    const previousX = at(previousK);
    const previousY = previousX - previousK;
    for (; x > previousX && y > previousY; x--, y--) edits.push({ op: ' ', line: a[x - 1] });
    if (down) edits.push({ op: '+', line: b[--y] });
    else edits.push({ op: '-', line: a[--x] });
    k = previousK;
  }
  for (; x > 0 && y > 0; x--, y--) edits.push({ op: ' ', line: a[x - 1] });
  return edits.reverse();
}

/** Names of the two sides, and the line each text starts on in its file (1 unless a part of one). */
export interface DiffSides {
  readonly before: string;
  readonly after: string;
  readonly beforeLine?: number;
  readonly afterLine?: number;
}

/** `before` and `after` as a unified diff with `context` lines around each change; '' when equal. */
export function unifiedDiff(before: string, after: string, sides: DiffSides, context = 3): string {
  if (before === after) return '';
  const edits = lineEdits(splitLines(before), splitLines(after));
  const hunks: string[] = [];
  const nextChange = (from: number) => edits.findIndex((edit, i) => i >= from && edit.op !== ' ');
  let change = nextChange(0);
  while (change >= 0) {
    // Changes with at most 2 * context unchanged lines between them share a hunk.
    let end = change;
    let lastChange = change;
    while (end < edits.length && end - lastChange <= 2 * context + 1) {
      if (edits[end].op !== ' ') lastChange = end;
      end++;
    }
    const to = Math.min(edits.length, lastChange + context + 1);
    hunks.push(hunk(edits, Math.max(0, change - context), to, (sides.beforeLine ?? 1) - 1, (sides.afterLine ?? 1) - 1));
    change = nextChange(end);
  }
  return [`--- ${sides.before}`, `+++ ${sides.after}`, ...hunks].join('\n') + '\n';
}

/** One `@@ -l,s +l,s @@` block of edits[from..to); the texts start after `skipBefore` and `skipAfter` lines of their files. */
function hunk(edits: readonly Edit[], from: number, to: number, skipBefore: number, skipAfter: number): string {
  const lineBefore = skipBefore + edits.slice(0, from).filter((e) => e.op !== '+').length;
  const lineAfter = skipAfter + edits.slice(0, from).filter((e) => e.op !== '-').length;
  const body = edits.slice(from, to);
  const sizeBefore = body.filter((e) => e.op !== '+').length;
  const sizeAfter = body.filter((e) => e.op !== '-').length;
  const range = (line: number, size: number) => `${size === 0 ? line : line + 1},${size}`;
  return [`@@ -${range(lineBefore, sizeBefore)} +${range(lineAfter, sizeAfter)} @@`, ...body.map((e) => `${e.op}${e.line}`)].join('\n');
}

/** The lines of a text, without the final newline's empty line. */
function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split('\n');
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}
