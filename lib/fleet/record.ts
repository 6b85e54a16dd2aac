/**
 * The fleet record: where each hosted cluster was placed and which address block it holds, written
 * with the output (`reports/fleet.json` beside the report) and read back on the next run so that
 * nothing moves. Read tolerantly: a broken record is one warning and counts as none.
 */
import type { ValidationIssue } from '../core/errors';
import { isPlainObject } from '../core/schema';
import type { FleetAddressBlock } from './allocation';
import { readJsonRecord, recordJson } from './json-record';

/** What the next run keeps. */
export interface FleetRecord {
  /** The record's format. */
  readonly version: 1;
  /** `namespace/name` → management cluster. */
  readonly placements: Readonly<Record<string, string>>;
  /** `namespace/name` → its address block. */
  readonly allocations: Readonly<Record<string, FleetAddressBlock>>;
}

/** Findings about the record name it this way. */
const FLEET_RECORD = 'fleet record';

/** The record as JSON: keys sorted at every level, two-space indent, final newline. */
export function fleetRecordJson(record: FleetRecord): string {
  return recordJson(record);
}

/** The record in `text` (the previous output's `fleet.json`); none for none, a warning and none for a broken one. */
export function readFleetRecord(text: string | undefined): { record?: FleetRecord; issues: readonly ValidationIssue[] } {
  const { value, issues } = readJsonRecord(text, fleetRecordProblem, broken);
  if (!value) return { issues };
  const { version, placements, allocations } = value as FleetRecord;
  return { record: { version, placements, allocations }, issues: [] };
}

/** The one finding of an unreadable record. */
function broken(why: string): ValidationIssue {
  return {
    severity: 'warning',
    object: FLEET_RECORD,
    path: '(record)',
    message: `the previous fleet record is unreadable: ${why}; placement starts from the pins alone, so clusters without a pin may be placed elsewhere than before.`,
    fix: 'Restore reports/fleet.json from version control, or pin every existing hosted cluster (managementCluster) before synthesizing.',
  };
}

/** What is wrong with a record's shape, or undefined. @internal */
export function fleetRecordProblem(value: unknown): string | undefined {
  if (!isPlainObject(value)) return 'it is not an object';
  if (value.version !== 1) return `version ${JSON.stringify(value.version) ?? 'undefined'} is not 1`;
  if (!isPlainObject(value.placements) || !Object.values(value.placements).every((mc) => typeof mc === 'string')) return 'placements is not a map of strings';
  if (!isPlainObject(value.allocations) || !Object.values(value.allocations).every((a) => isPlainObject(a) && typeof a.pool === 'string' && typeof a.range === 'string')) {
    return 'allocations is not a map of { pool, range }';
  }
  return undefined;
}
