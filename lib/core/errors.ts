/** How bad a finding is: errors stop synthesis, warnings are reported and synthesis goes on. */
export type Severity = 'error' | 'warning';

/** One finding about the user's input. */
export interface ValidationIssue {
  readonly severity: Severity;
  /** The object the finding is about, e.g. `HostedCluster clusters/example`. */
  readonly object: string;
  /** Field path inside that object (`spec.networking.serviceNetwork[0].cidr`) or inside the props. */
  readonly path: string;
  /** What is wrong. */
  readonly message: string;
  /** How to fix it. */
  readonly fix: string;
}

/** Thrown when input has one or more errors; carries every finding, not just the first. */
export class HcpValidationError extends Error {
  readonly issues: readonly ValidationIssue[];

  constructor(issues: readonly ValidationIssue[]) {
    const errors = issues.filter((i) => i.severity === 'error');
    super(`${errors.length} validation error(s):\n${formatIssues(errors)}`);
    this.name = 'HcpValidationError';
    this.issues = issues;
  }
}

/** One line per issue: `error HostedCluster clusters/x spec.release.image: ... Fix: ...`. */
export function formatIssues(issues: readonly ValidationIssue[]): string {
  return issues
    .map((i) => `  ${i.severity} ${i.object} ${i.path}: ${i.message} Fix: ${i.fix}`)
    .join('\n');
}

/** Collects findings about one object; paths are given relative to that object. */
export class IssueCollector {
  constructor(
    private readonly object: string,
    private readonly found: ValidationIssue[] = [],
  ) {}

  error(path: string, message: string, fix: string): void {
    this.found.push({ severity: 'error', object: this.object, path, message, fix });
  }

  warn(path: string, message: string, fix: string): void {
    this.found.push({ severity: 'warning', object: this.object, path, message, fix });
  }

  /** Records an error unless `ok` holds; returns `ok` so callers can skip dependent checks. */
  check(ok: boolean, path: string, message: string, fix: string): boolean {
    if (!ok) this.error(path, message, fix);
    return ok;
  }

  /** A collector for another object that reports into the same list. */
  forObject(object: string): IssueCollector {
    return new IssueCollector(object, this.found);
  }

  get issues(): readonly ValidationIssue[] {
    return this.found;
  }
}

/** Throws {@link HcpValidationError} when any issue is an error; returns the warnings otherwise. */
export function throwIfErrors(issues: readonly ValidationIssue[]): readonly ValidationIssue[] {
  if (issues.some((i) => i.severity === 'error')) throw new HcpValidationError(issues);
  return issues.filter((i) => i.severity === 'warning');
}
