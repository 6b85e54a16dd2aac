/**
 * The findings of one preflight check, named as the synth's are: the planned object, and the
 * prop its field comes from when the plan can tell (PlannedObject.paths), else the field's path
 * in the object.
 */
import type { PlannedObject, Severity, ValidationIssue } from '../core';
import { describeObject } from '../core';
import type { Read } from './live-state';

export class Findings {
  private readonly found: ValidationIssue[] = [];

  /** A finding about `planned` at `renderedPath` (`spec.release.image`). */
  about(planned: PlannedObject, severity: Severity, renderedPath: string, message: string, fix: string): void {
    const where = planned.paths?.(renderedPath) ?? { path: renderedPath };
    this.found.push({ severity, object: describeObject(planned.object), ...where, message, fix });
  }

  /** A finding that no planned object holds: `object` says what it is about (`the management cluster`), `path` the prop or live field. */
  general(severity: Severity, object: string, path: string, message: string, fix: string): void {
    this.found.push({ severity, object, path, message, fix });
  }

  /** The check could not make a read: it has not passed. */
  unreadable(check: string, read: Read, result: { readonly status: number; readonly message: string } | undefined): void {
    const what = `${read.kind} (${read.apiVersion})`;
    const forbidden = result?.status === 401 || result?.status === 403;
    this.general(
      'error',
      `preflight check ${check}`,
      read.kind,
      forbidden ? `the credentials may not list ${what}, so this check did not run (${result?.message}).` : `${what} could not be listed, so this check did not run (${result?.message ?? 'not read'}).`,
      forbidden ? 'Grant get and list on it (docs/preflight.md gives the ClusterRole), or run with credentials that have them.' : 'Check that the API server is reachable and answers, then run the preflight again.',
    );
  }

  get issues(): readonly ValidationIssue[] {
    return this.found;
  }
}
