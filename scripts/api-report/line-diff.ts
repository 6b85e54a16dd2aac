/**
 * A unified-style line diff of two texts, for the API report check's message: reports are a few
 * hundred lines, so the longest common subsequence table (lines x lines) is small.
 */

/** `-` and `+` lines with `context` unchanged lines around each change; `@@` marks the line numbers of each hunk. */
export function lineDiff(before: string, after: string, context = 2): string {
  const a = before.split('\n');
  const b = after.split('\n');
  const steps = editScript(a, b);
  const changed = steps.map((step) => step.op !== ' ');
  const shown = steps.map((_, i) => changed.slice(Math.max(0, i - context), i + context + 1).some(Boolean));
  const out: string[] = [];
  steps.forEach((step, i) => {
    if (!shown[i]) return;
    if (i === 0 || !shown[i - 1]) out.push(`@@ line ${step.oldLine} (now ${step.newLine}) @@`);
    out.push(`${step.op} ${step.text}`);
  });
  return out.join('\n');
}

interface Step {
  readonly op: ' ' | '-' | '+';
  readonly text: string;
  /** 1-based line numbers in each text where this step stands. */
  readonly oldLine: number;
  readonly newLine: number;
}

/** The shortest edit script from `a` to `b`, by the longest common subsequence. */
function editScript(a: readonly string[], b: readonly string[]): Step[] {
  // common[i][j]: length of the longest common subsequence of a[i..] and b[j..].
  const common = Array.from({ length: a.length + 1 }, () => new Uint32Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      common[i][j] = a[i] === b[j] ? common[i + 1][j + 1] + 1 : Math.max(common[i + 1][j], common[i][j + 1]);
    }
  }
  const steps: Step[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    const at = { oldLine: i + 1, newLine: j + 1 };
    if (i < a.length && j < b.length && a[i] === b[j]) {
      steps.push({ op: ' ', text: a[i++], ...at });
      j++;
    } else if (i < a.length && (j === b.length || common[i + 1][j] >= common[i][j + 1])) {
      steps.push({ op: '-', text: a[i++], ...at });
    } else {
      steps.push({ op: '+', text: b[j++], ...at });
    }
  }
  return steps;
}
