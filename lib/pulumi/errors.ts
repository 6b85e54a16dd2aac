/** Invalid input to a Pulumi component, as the ResourceError Pulumi reports without a stack trace. */
import { inspect } from 'node:util';
import * as pulumi from '@pulumi/pulumi';
import type { ValidationIssue } from '../core';
import { formatIssues } from '../core';

/**
 * Thrown from a component's constructor before anything is registered: `pulumi preview` prints
 * the message (every problem, one a line) and creates nothing. `issues` holds them as data.
 */
export class HcpResourceError extends pulumi.ResourceError {
  /** The findings as data, warnings included (the message lists only the errors). */
  readonly issues: readonly ValidationIssue[];

  constructor(issues: readonly ValidationIssue[], message?: string) {
    const errors = issues.filter((i) => i.severity === 'error');
    super(message ?? `hcp-constructs: ${errors.length} validation error(s):\n${formatIssues(errors)}`, undefined, true);
    this.name = 'HcpResourceError';
    this.issues = issues;
  }

  /**
   * How `util.inspect` shows it: its stack, as is. The Pulumi SDK inspects an uncaught error with
   * colours, and Node 20 colouring a stack line under `node_modules/@pulumi/<file>` (the SDK's
   * frames, source-mapped) loops until the string is too long: a malformed secret value, found in
   * an `apply`, took 26 s to fail a preview (measured under the engine). @internal
   */
  [inspect.custom](): string {
    return this.stack ?? `${this.name}: ${this.message}`;
  }
}
