/**
 * Survey of what checkHostedCluster does with junk input today: how many mutated props are
 * accepted, rejected with findings, or make it throw, and where it throws.
 *
 *   npx ts-node --transpile-only test/property/survey.ts [N] [seed]
 *
 * N defaults to 60,000 (env SURVEY_RUNS), seed to 20250601 (env SURVEY_SEED). Same N and seed,
 * same cases. Not a test: it prints and exits 0.
 */
import fc from 'fast-check';
import { BASES, Mutation, describeMutation, errorHead, mutationArb, runMutation, throwSite } from './mutate';

const runs = Number(process.argv[2] ?? process.env.SURVEY_RUNS ?? 60_000);
const seed = Number(process.argv[3] ?? process.env.SURVEY_SEED ?? 20250601);
const CHUNK = 5_000;

interface Site {
  count: number;
  heads: Map<string, number>;
  example: string;
}

function main(): void {
  const started = Date.now();
  const counts = { accepted: 0, rejected: 0, malformed: 0, exception: 0 };
  const sites = new Map<string, Site>();
  const malformed = new Map<string, { count: number; example: string }>();
  const arb = mutationArb(BASES);
  for (let done = 0, chunk = 0; done < runs; chunk++) {
    const n = Math.min(CHUNK, runs - done);
    const sample: Mutation[] = fc.sample(arb, { seed: seed + chunk, numRuns: n });
    for (const m of sample) {
      const outcome = runMutation(m);
      counts[outcome.kind]++;
      if (outcome.kind === 'exception') {
        const key = throwSite(outcome.error);
        const site = sites.get(key) ?? { count: 0, heads: new Map(), example: describeMutation(m) };
        site.count++;
        // Prefer a one-edit example: it shows which prop caused the throw.
        if (m.edits.length === 1 && site.example.includes('; ')) site.example = describeMutation(m);
        // Messages that quote the offending value count as one.
        const head = errorHead(outcome.error)
          .replace(/(Cannot use 'in' operator to search for '[^']*' in ).*$/, '$1…')
          .replace(/(Received ).*$/, '$1…');
        site.heads.set(head, (site.heads.get(head) ?? 0) + 1);
        sites.set(key, site);
      } else if (outcome.kind === 'malformed') {
        const entry = malformed.get(outcome.reason) ?? { count: 0, example: describeMutation(m) };
        entry.count++;
        malformed.set(outcome.reason, entry);
      }
    }
    done += n;
  }
  const seconds = (Date.now() - started) / 1000;
  const pct = (n: number) => `${((100 * n) / runs).toFixed(1)}%`;
  const row = (label: string, n: number) => `| ${label.padEnd(40)} | ${String(n).padStart(7)} | ${pct(n).padStart(6)} |`;
  const out: string[] = [];
  out.push(`survey: ${runs} mutations of ${BASES.length} bases (${BASES.map((b) => b.id).join(', ')}), seed ${seed}, ${seconds.toFixed(1)} s`);
  out.push('');
  out.push(`| ${'outcome'.padEnd(40)} | ${'inputs'.padStart(7)} | ${'share'.padStart(6)} |`);
  out.push(`|${'-'.repeat(42)}|${'-'.repeat(9)}|${'-'.repeat(8)}|`);
  out.push(row('inputs', runs));
  out.push(row('accepted (plan, no error finding)', counts.accepted));
  out.push(row('rejected with findings', counts.rejected));
  out.push(row('malformed result (no plan, no error)', counts.malformed));
  out.push(row('exceptions', counts.exception));
  out.push(row('distinct throw sites', sites.size));
  if (sites.size > 0) {
    out.push('');
    out.push('Most frequent throw sites (function (file:line)), top 30:');
    const top = [...sites.entries()].sort((a, b) => b[1].count - a[1].count || a[0].localeCompare(b[0])).slice(0, 30);
    top.forEach(([key, site], i) => {
      const heads = [...site.heads.entries()].sort((a, b) => b[1] - a[1]);
      out.push(`${String(i + 1).padStart(2)}. ${String(site.count).padStart(6)}  ${key}`);
      out.push(`            ${heads[0][0]}${heads.length > 1 ? ` (+${heads.length - 1} other messages)` : ''}`);
      out.push(`            e.g. ${site.example.slice(0, 200)}`);
    });
  }
  if (malformed.size > 0) {
    out.push('');
    out.push('Malformed results:');
    for (const [reason, entry] of malformed) out.push(`  ${entry.count}  ${reason}  e.g. ${entry.example.slice(0, 200)}`);
  }
  // eslint-disable-next-line no-console
  console.log(out.join('\n'));
}

main();
