/**
 * Differential test: the in-process schema check and the real API server (the shared crd-server,
 * dryRun=All&fieldValidation=Strict) agree on accept/reject for every custom resource the
 * library emits and for thousands of mutations of them (wrong types, bad enums, removed required
 * fields, unknown fields, values that break patterns, formats and CEL rules).
 */
import { checkObjectSchema } from '../../lib/api';
import { describeRejection, isCustomResource } from '../conformance/crd-server';
import { describeWithCrdServer } from '../conformance/crd-server-suite';
import { Json, Mutation, emittedObjects, mutationsOf, targetedMutations } from './differential';

/** Runs `fn` over `items` with at most `limit` in flight. */
async function pool<T, R>(items: readonly T[], limit: number, fn: (item: T) => Promise<R>): Promise<R[]> {
  const out: R[] = new Array(items.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: limit }, async () => {
      while (next < items.length) {
        const i = next++;
        out[i] = await fn(items[i]);
      }
    }),
  );
  return out;
}

describeWithCrdServer('in-process schema check agrees with the API server', 'the differential check needs ../shared/tools/crd-server.', (server) => {
  const bases: Json[] = emittedObjects().filter((o: Json) => isCustomResource(o));

  const compare = async (cases: readonly Mutation[]) => {
    const results = await pool(cases, 8, async (c) => {
      const result = await server().dryRunCreate(c.object);
      const findings = checkObjectSchema(c.object);
      return { c, server: result.status === 201, local: findings.length === 0, result, findings };
    });
    const disagreements = results
      .filter((r) => r.server !== r.local)
      .map((r) =>
        [
          `${r.c.title}: server ${r.server ? 'accepts' : 'rejects'}, library ${r.local ? 'accepts' : 'rejects'}`,
          r.server ? '' : describeRejection(r.result),
          ...r.findings.map((f) => `  library: ${f.path}: ${f.message}`),
        ].join('\n'),
      );
    return { total: results.length, rejected: results.filter((r) => !r.server).length, disagreements };
  };

  test('every emitted custom resource is accepted by both', async () => {
    const { total, disagreements } = await compare(bases.map((o) => ({ title: `${o.kind} ${o.metadata.name}`, object: o })));
    expect(total).toBeGreaterThan(20);
    expect(disagreements).toEqual([]);
  });

  test('targeted mutations (CEL rules, patterns, formats, metadata)', async () => {
    const { total, rejected, disagreements } = await compare(targetedMutations(bases));
    // eslint-disable-next-line no-console
    console.log(`schema differential, targeted: ${total} mutations, ${rejected} rejected by the server, ${total - disagreements.length} agreed`);
    expect(disagreements).toEqual([]);
  }, 60_000);

  test('systematic mutations of every emitted custom resource', async () => {
    // One object per kind and platform keeps the run short and covers every field the library sets.
    const seen = new Set<string>();
    const picked = bases.filter((o) => {
      const key = `${o.kind} ${o.spec.platform?.type ?? ''}`;
      if (seen.has(key) && o.kind !== 'HostedCluster') return false;
      seen.add(key);
      return true;
    });
    const cases = picked.flatMap(mutationsOf);
    const { total, rejected, disagreements } = await compare(cases);
    // eslint-disable-next-line no-console
    console.log(`schema differential, systematic: ${total} mutations of ${picked.length} objects, ${rejected} rejected by the server, ${total - disagreements.length} agreed`);
    expect(disagreements).toEqual([]);
  }, 300_000);
});
