/** What reading the JSON of `hypershift create infra <platform> --output-file` shares across platforms. */
import { v } from '../core/valibot';
import { describeValue, schemaMessage } from '../core/schema';

/** An object with these keys; keys it does not know are allowed (newer CLIs add fields). @internal */
export function cliObject<const E extends v.ObjectEntries>(entries: E, what: string) {
  return v.looseObject(entries, (issue: v.BaseIssue<unknown>) =>
    issue.input === undefined && issue.expected?.startsWith('"')
      ? schemaMessage('is required but not given.', `Set ${issue.expected.slice(1, -1)}; the CLI always writes it.`)
      : schemaMessage(`${describeValue(issue.input)} is not ${what}.`, `Give ${what} as the CLI writes it.`),
  );
}
