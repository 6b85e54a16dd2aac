/**
 * The schedule syntax Velero accepts for a Schedule: it parses `spec.schedule` with robfig/cron's
 * standard parser (velero `pkg/controller/schedule_controller.go`, `cron.ParseStandard`) and marks
 * the Schedule FailedValidation when that fails. So: an optional `CRON_TZ=<zone>` (or `TZ=`)
 * prefix, then either a descriptor (`@yearly`, `@annually`, `@monthly`, `@weekly`, `@daily`,
 * `@midnight`, `@hourly`, `@every <Go duration>`) or exactly five fields: minute, hour, day of
 * month, month, day of week. A field is a comma-separated list of `*`, `?`, `n`, `a-b`, each
 * optionally `/step`; months and weekdays may be written by their three-letter English names.
 */
import { GO_DURATION } from '../core/validate';

const DESCRIPTORS = ['@yearly', '@annually', '@monthly', '@weekly', '@daily', '@midnight', '@hourly'];

interface Field {
  readonly name: string;
  readonly min: number;
  readonly max: number;
  readonly names?: readonly string[];
}

const FIELDS: readonly Field[] = [
  { name: 'minute', min: 0, max: 59 },
  { name: 'hour', min: 0, max: 23 },
  { name: 'day of month', min: 1, max: 31 },
  { name: 'month', min: 1, max: 12, names: ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'] },
  { name: 'day of week', min: 0, max: 6, names: ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'] },
];

/** What is wrong with `spec` as a Velero schedule, or undefined when Velero accepts it. */
export function veleroScheduleProblem(spec: string): string | undefined {
  let rest = spec;
  const zone = /^(CRON_TZ|TZ)=(\S*)/.exec(rest);
  if (zone) {
    if (!zone[2]) return 'names no time zone after ' + zone[1] + '=';
    rest = rest.slice(zone[0].length).trim();
  }
  if (rest.length === 0) return 'is empty';
  if (rest.startsWith('@')) {
    if (DESCRIPTORS.includes(rest)) return undefined;
    if (rest.startsWith('@every ')) {
      const duration = rest.slice('@every '.length);
      if (!GO_DURATION.test(duration)) return `has "${duration}" after @every, which is not a Go duration (6h, 30m, 1h30m)`;
      return undefined;
    }
    return `is an unknown descriptor (use ${DESCRIPTORS.join(', ')} or @every <duration>)`;
  }
  const fields = rest.split(/\s+/).filter((f) => f.length > 0);
  if (fields.length !== FIELDS.length) return `has ${fields.length} field${fields.length === 1 ? '' : 's'}; Velero expects exactly 5 (minute hour day-of-month month day-of-week), no seconds`;
  for (const [i, text] of fields.entries()) {
    const problem = fieldProblem(text, FIELDS[i]);
    if (problem) return `has ${problem} in the ${FIELDS[i].name} field`;
  }
  return undefined;
}

function fieldProblem(text: string, field: Field): string | undefined {
  for (const part of text.split(',')) {
    const [range, step, ...extra] = part.split('/');
    if (extra.length > 0) return `"${part}" (more than one /)`;
    if (step !== undefined && !/^\d+$/.test(step)) return `"${part}" (the step is not a number)`;
    if (step !== undefined && Number(step) === 0) return `"${part}" (a step of 0)`;
    if (range === '*' || range === '?') continue;
    const bounds = range.split('-');
    if (bounds.length > 2) return `"${part}" (more than one -)`;
    const values: number[] = [];
    for (const bound of bounds) {
      const value = valueOf(bound, field);
      if (value === undefined) return `"${bound}" (not a number${field.names ? ' or a name' : ''})`;
      if (value < field.min || value > field.max) return `${bound} (outside ${field.min}-${field.max})`;
      values.push(value);
    }
    if (values.length === 2 && values[0] > values[1]) return `"${range}" (the range ends before it starts)`;
  }
  return undefined;
}

function valueOf(text: string, field: Field): number | undefined {
  const named = field.names?.indexOf(text.toLowerCase()) ?? -1;
  if (named >= 0) return named + field.min;
  return /^\d+$/.test(text) ? Number(text) : undefined;
}
