/**
 * Property test (issue 5): whatever value lands in any prop position of the example clusters,
 * checkHostedCluster returns a plan or findings (an `issues` array with at least one error when
 * there is no plan), and never throws.
 *
 * The cases come from test/property/mutate.ts: every path of each example cluster (and of the
 * conformance fixtures), present or optional-and-absent, gets junk at one (sometimes two) paths.
 * Deterministic: the seed is fixed (FUZZ_SEED overrides it) and printed.
 *
 * On failure fast-check prints the shrunk mutation (base, path, value) and the exception's first
 * frame in lib/. FUZZ_KEEP_GOING=1 runs every case and lists every distinct throw site instead.
 */
import fc from 'fast-check';
import { BASES, Mutation, describeMutation, errorHead, mutationArb, runMutation, throwSite } from './mutate';

const SEED = Number(process.env.FUZZ_SEED ?? 20250601);
const KEEP_GOING = /^(true|1)$/i.test(process.env.FUZZ_KEEP_GOING ?? '');
/** Per base, then across all bases: 9 x 9,000 + 20,000 = 101,000 cases. */
const RUNS_PER_BASE = 9_000;
const RUNS_MIXED = 20_000;

let total = 0;
const started = Date.now();

// eslint-disable-next-line no-console
console.log(`fuzz: seed ${SEED} (FUZZ_SEED=<n> to change), ${BASES.length} bases, ${BASES.length * RUNS_PER_BASE + RUNS_MIXED} cases planned`);

afterAll(() => {
  // eslint-disable-next-line no-console
  console.log(`fuzz: ${total} cases run in ${((Date.now() - started) / 1000).toFixed(1)} s (seed ${SEED})`);
});

/** What went wrong with one case, or undefined when the outcome is a plan or findings. */
function problem(m: Mutation): string | undefined {
  const outcome = runMutation(m);
  if (outcome.kind === 'exception') {
    return `checkHostedCluster threw on ${describeMutation(m)}\n  ${errorHead(outcome.error)}\n  at ${throwSite(outcome.error)}`;
  }
  if (outcome.kind === 'malformed') return `checkHostedCluster returned neither a plan nor an error finding (${outcome.reason}) on ${describeMutation(m)}`;
  return undefined;
}

function check(arb: fc.Arbitrary<Mutation>, seed: number, numRuns: number): void {
  if (!KEEP_GOING) {
    fc.assert(
      fc.property(arb, (m) => {
        total++;
        const found = problem(m);
        if (found) throw new Error(found);
      }),
      { seed, numRuns },
    );
    return;
  }
  const sites = new Map<string, { count: number; text: string }>();
  fc.assert(
    fc.property(arb, (m) => {
      total++;
      const outcome = runMutation(m);
      if (outcome.kind === 'accepted' || outcome.kind === 'rejected') return;
      const key = outcome.kind === 'exception' ? throwSite(outcome.error) : outcome.reason;
      const entry = sites.get(key) ?? { count: 0, text: problem(m)! };
      entry.count++;
      sites.set(key, entry);
    }),
    { seed, numRuns },
  );
  const report = [...sites.values()].sort((a, b) => b.count - a.count).map((s) => `${s.count} x ${s.text}`);
  expect(report).toEqual([]);
}

describe('checkHostedCluster returns a plan or findings for any junk in any prop, never an exception', () => {
  BASES.forEach((base, index) => {
    test(`${base.id}: ${RUNS_PER_BASE} mutations (seed ${SEED + index})`, () => {
      check(mutationArb([base]), SEED + index, RUNS_PER_BASE);
    });
  });

  test(`all bases, one or two edits: ${RUNS_MIXED} mutations (seed ${SEED + BASES.length})`, () => {
    check(mutationArb(BASES, 2), SEED + BASES.length, RUNS_MIXED);
  });
});
