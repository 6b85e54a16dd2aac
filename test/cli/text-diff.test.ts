/** The line diff behind `diff` and `synth --check`: a shortest edit script, and unified hunks as `diff -u` prints them. */
import * as fc from 'fast-check';
import { lineEdits, unifiedDiff } from '../../lib/cli/text-diff';

/** The length of a longest common subsequence, by the textbook table (small inputs only). */
function lcsLength(a: readonly string[], b: readonly string[]): number {
  const table = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = 1; i <= a.length; i++) for (let j = 1; j <= b.length; j++) table[i][j] = a[i - 1] === b[j - 1] ? table[i - 1][j - 1] + 1 : Math.max(table[i - 1][j], table[i][j - 1]);
  return table[a.length][b.length];
}

test('the edit script turns one text into the other and keeps a longest common subsequence', () => {
  const lines = fc.array(fc.constantFrom('a', 'b', 'c', 'd'), { maxLength: 12 });
  fc.assert(
    fc.property(lines, lines, (a, b) => {
      const edits = lineEdits(a, b);
      expect(edits.filter((e) => e.op !== '+').map((e) => e.line)).toEqual(a);
      expect(edits.filter((e) => e.op !== '-').map((e) => e.line)).toEqual(b);
      expect(edits.filter((e) => e.op === ' ').length).toBe(lcsLength(a, b));
    }),
    { numRuns: 500 },
  );
});

test('unified hunks: three lines of context, nearby changes share a hunk, line numbers as diff -u', () => {
  const before = 'a\nb\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nm\nn\n';
  const after = 'a\nB\nc\nd\ne\nf\ng\nh\ni\nj\nk\nl\nM\nn\nz\n';
  expect(unifiedDiff(before, after, { before: 'old', after: 'new' })).toBe(
    ['--- old', '+++ new', '@@ -1,5 +1,5 @@', ' a', '-b', '+B', ' c', ' d', ' e', '@@ -10,5 +10,6 @@', ' j', ' k', ' l', '-m', '+M', ' n', '+z', ''].join('\n'),
  );
  // Six unchanged lines between two changes: one hunk.
  expect(unifiedDiff('1\n2\n3\n4\n5\n6\n7\n8\n', '0\n2\n3\n4\n5\n6\n7\n9\n', { before: 'a', after: 'b' }).match(/^@@/gm)).toHaveLength(1);
  expect(unifiedDiff('same\n', 'same\n', { before: 'a', after: 'b' })).toBe('');
  expect(unifiedDiff('', 'x\n', { before: 'a', after: 'b' })).toBe('--- a\n+++ b\n@@ -0,0 +1,1 @@\n+x\n');
});

test('a part of a file: hunks give the lines of the file', () => {
  expect(unifiedDiff('a\nb\n', 'a\nc\n', { before: 'f', after: 'g', beforeLine: 41, afterLine: 50 })).toBe('--- f\n+++ g\n@@ -41,2 +50,2 @@\n a\n-b\n+c\n');
});

test('long texts with one change cost nearly nothing; very different ones fall back to remove-then-add', () => {
  const long = Array.from({ length: 100_000 }, (_, i) => `line ${i}`);
  const edits = lineEdits(long, [...long.slice(0, 50_000), 'new', ...long.slice(50_000)]);
  expect(edits.filter((e) => e.op !== ' ')).toEqual([{ op: '+', line: 'new' }]);
  const a = Array.from({ length: 5000 }, (_, i) => `a${i}`);
  const b = Array.from({ length: 5000 }, (_, i) => `b${i}`);
  const all = lineEdits(a, b);
  expect(all.filter((e) => e.op === '-')).toHaveLength(5000);
  expect(all.filter((e) => e.op === '+')).toHaveLength(5000);
});
