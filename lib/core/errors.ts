/** How bad a finding is: errors stop synthesis, warnings are reported and synthesis goes on. */
export type Severity = 'error' | 'warning';

/** One finding about the user's input. */
export interface ValidationIssue {
  /** Whether it stops synthesis; see {@link Severity}. */
  readonly severity: Severity;
  /** The object the finding is about, e.g. `HostedCluster clusters/example`. */
  readonly object: string;
  /**
   * Where the problem is, as the user wrote it: a path in the props (`networking.serviceNetwork[0]`,
   * `nodePools[1].replicas`). A finding about a field no prop set (a default, or a value a platform
   * chose) has the path in the rendered object instead, which always starts with `spec` or
   * `metadata` (`spec.services[0].servicePublishingStrategy`).
   */
  readonly path: string;
  /**
   * The same field in the rendered object, when its path there says more than {@link path}
   * (`spec.networking.serviceNetwork[0].cidr` for `networking.serviceNetwork[0]`). @default none
   */
  readonly renderedPath?: string;
  /** What is wrong. */
  readonly message: string;
  /** How to fix it. */
  readonly fix: string;
}

/** Thrown when input has one or more errors; carries every finding, not just the first. */
export class HcpValidationError extends Error {
  /** Every finding, warnings included; the error's message lists only the errors. */
  readonly issues: readonly ValidationIssue[];

  constructor(issues: readonly ValidationIssue[]) {
    const errors = issues.filter((i) => i.severity === 'error');
    super(`${errors.length} validation error(s):\n${formatIssues(errors)}`);
    this.name = 'HcpValidationError';
    this.issues = issues;
  }
}

/** One line per issue: `error HostedCluster clusters/x release.image: ... Fix: ...`, the rendered path in parentheses after the path. */
export function formatIssues(issues: readonly ValidationIssue[]): string {
  return issues
    .map((i) => `  ${i.severity} ${i.object} ${i.path}${i.renderedPath ? ` (${i.renderedPath})` : ''}: ${i.message} Fix: ${i.fix}`)
    .join('\n');
}

/** The props path a finding's path stands for (see {@link ValidationIssue.path}); checks of rendered objects report rendered paths. */
export type PathTranslator = (path: string) => Pick<ValidationIssue, 'path' | 'renderedPath'>;

/**
 * Collects findings about one object; paths are given relative to that object. An object's
 * findings go through its {@link PathTranslator}, when it has one, whichever collector records them.
 */
export class IssueCollector {
  constructor(
    private readonly object: string,
    private readonly found: ValidationIssue[] = [],
    private readonly translators: Map<string, PathTranslator> = new Map(),
  ) {}

  error(path: string, message: string, fix: string): void {
    this.add('error', path, message, fix);
  }

  warn(path: string, message: string, fix: string): void {
    this.add('warning', path, message, fix);
  }

  private add(severity: Severity, path: string, message: string, fix: string): void {
    const where = this.translators.get(this.object)?.(path) ?? { path };
    this.found.push({ severity, object: this.object, ...where, message, fix });
  }

  /** Records an error unless `ok` holds; returns `ok` so callers can skip dependent checks. */
  check(ok: boolean, path: string, message: string, fix: string): boolean {
    if (!ok) this.error(path, message, fix);
    return ok;
  }

  /** A collector for another object that reports into the same list; `paths` translates that object's paths from now on. */
  forObject(object: string, paths?: PathTranslator): IssueCollector {
    if (paths) this.translators.set(object, paths);
    return new IssueCollector(object, this.found, this.translators);
  }

  /** How the paths of `object`'s findings are translated, when a translator was given for it. */
  pathsOf(object: string): PathTranslator | undefined {
    return this.translators.get(object);
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
