/**
 * Every kind the library applies that has a status gets a health row: a kind of the registry
 * (lib/api/kinds.generated.ts) whose schema has `status` must have a table in `healthTables`, or
 * an entry in `KINDS_WITHOUT_HEALTH_ROWS` saying why Argo CD and Flux need none from the library.
 * The failure says exactly what to add, for whoever adds the next kind.
 */
import { GENERATED_KINDS } from '../../lib/api/kinds.generated';
import { checkedKinds } from '../../lib/api';
import type { KindSchema } from '../../lib/api/schema/types';
import { apiGroupOf } from '../../lib/core';
import { KINDS_WITHOUT_HEALTH_ROWS, healthTables } from '../../lib/gitops/health-table';

const keyOf = (k: { apiVersion: string; kind: string }) => `${apiGroupOf(k.apiVersion)}/${k.kind}`;
const hasStatus = (k: KindSchema) => k.schema.properties?.status !== undefined;

/** What to add for a kind with a status and neither a table nor a reason. */
function missingHealthRows(kinds: readonly KindSchema[], tables: readonly { group: string; kind: string }[], exempt: Readonly<Record<string, string>>): string[] {
  const tabled = new Set(tables.map((t) => `${t.group}/${t.kind}`));
  return kinds
    .filter((k) => hasStatus(k) && !tabled.has(keyOf(k)) && !(keyOf(k) in exempt))
    .map((k) => {
      const group = apiGroupOf(k.apiVersion);
      return (
        `${k.apiVersion} ${k.kind} has a status schema but no health row. Add a HealthTable for it to healthTables in ` +
        `lib/gitops/health-table.ts, with Argo CD test cases in test/gitops/testdata/${group}_${k.kind}/health_test.yaml; ` +
        `or, when Argo CD and Flux need nothing from the library, add '${group}/${k.kind}': '<why>' to KINDS_WITHOUT_HEALTH_ROWS there.`
      );
    });
}

describe('health rows for every kind with a status', () => {
  it('has a table or a reason for every kind of the registry that has a status schema', () => {
    expect(missingHealthRows(GENERATED_KINDS.map((k) => k.load()), healthTables, KINDS_WITHOUT_HEALTH_ROWS)).toEqual([]);
  });

  it('says exactly what to add when a kind has neither', () => {
    const kind: KindSchema = { apiVersion: 'example.io/v1', kind: 'Widget', namespaced: true, nameRule: 'dns-subdomain', schema: { type: 'object', properties: { status: { type: 'object' } } } };
    const noStatus: KindSchema = { ...kind, kind: 'Gadget', schema: { type: 'object', properties: { spec: { type: 'object' } } } };
    expect(missingHealthRows([kind, noStatus], [], {})).toEqual([
      "example.io/v1 Widget has a status schema but no health row. Add a HealthTable for it to healthTables in lib/gitops/health-table.ts, with Argo CD test cases in test/gitops/testdata/example.io_Widget/health_test.yaml; or, when Argo CD and Flux need nothing from the library, add 'example.io/Widget': '<why>' to KINDS_WITHOUT_HEALTH_ROWS there.",
    ]);
    expect(missingHealthRows([kind], [{ group: 'example.io', kind: 'Widget' }], {})).toEqual([]);
    expect(missingHealthRows([kind], [], { 'example.io/Widget': 'nothing to wait for' })).toEqual([]);
  });

  it('keeps no stale or doubled entries: each reason names a registry kind with a status and no table', () => {
    const byKey = new Map(GENERATED_KINDS.map((k) => k.load()).map((k) => [keyOf(k), k]));
    const tabled = new Set(healthTables.map((t) => `${t.group}/${t.kind}`));
    for (const [key, why] of Object.entries(KINDS_WITHOUT_HEALTH_ROWS)) {
      expect([key, byKey.has(key) && hasStatus(byKey.get(key)!), tabled.has(key), why.length > 20]).toEqual([key, true, false, true]);
    }
  });

  it('has a table only for kinds the library knows (generated or written by hand), with the served version', () => {
    const served = new Set(checkedKinds());
    expect(healthTables.map((t) => `${t.group}/${t.version} ${t.kind}`).filter((k) => !served.has(k))).toEqual([]);
  });
});
