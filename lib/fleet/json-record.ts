/**
 * The records a synth keeps in the output's `reports/` (the fleet's placement, the rollout's
 * state): written canonically, read tolerantly (a broken record is one warning and counts as none).
 */
import { canonicalJson } from '../core/canonical-json';
import type { ValidationIssue } from '../core/errors';

/** A record as JSON: keys sorted at every level, two-space indent, final newline. */
export function recordJson(record: unknown): string {
  return `${JSON.stringify(canonicalJson(record), null, 2)}\n`;
}

/**
 * The value of the record in `text` when `problemOf` finds nothing wrong with its shape; none for
 * none, and `broken(why)` and none for a record that is not JSON or has the wrong shape.
 */
export function readJsonRecord(
  text: string | undefined,
  problemOf: (value: unknown) => string | undefined,
  broken: (why: string) => ValidationIssue,
): { value?: unknown; issues: readonly ValidationIssue[] } {
  if (text === undefined) return { issues: [] };
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    return { issues: [broken(`it is not JSON (${error instanceof Error ? error.message : String(error)})`)] };
  }
  const problem = problemOf(value);
  return problem ? { issues: [broken(problem)] } : { value, issues: [] };
}
