/**
 * Schema-check benchmark: every object of a 1,000-cluster fleet (the synth benchmark's workload)
 * through checkObjectSchema, after one warm-up pass (rules compiled, code optimized).
 *
 *   npm run build && node build/bench/schema-bench.js [clusters]
 */
import { planHostedCluster, planObjects } from '../lib';
import { checkObjectSchema } from '../lib/api';
import { OPTIONS, workload } from './workload';

function main(): void {
  const clusters = Number(process.argv[2] ?? 1000);
  const objects = workload(clusters).flatMap((props) => planObjects(planHostedCluster(props, OPTIONS)));
  // What the API server receives: plain JSON.
  const docs: unknown[] = JSON.parse(JSON.stringify(objects));
  const coldStart = performance.now();
  let findings = checkObjectSchema(docs[0]).length;
  const coldMs = performance.now() - coldStart;
  for (const doc of docs) findings += checkObjectSchema(doc).length;
  const runs: number[] = [];
  for (let r = 0; r < 5; r++) {
    const start = performance.now();
    for (const doc of docs) findings += checkObjectSchema(doc).length;
    runs.push(performance.now() - start);
  }
  runs.sort((a, b) => a - b);
  const median = runs[2];
  const kinds = new Map<string, number>();
  for (const doc of docs as Array<{ kind: string }>) kinds.set(doc.kind, (kinds.get(doc.kind) ?? 0) + 1);
  console.log(`${clusters} clusters, ${docs.length} objects (${[...kinds].map(([k, n]) => `${n} ${k}`).join(', ')})`);
  console.log(`first object (compiles its rules): ${coldMs.toFixed(1)} ms`);
  console.log(`checkObjectSchema, warm: median ${median.toFixed(0)} ms for ${docs.length} objects = ${Math.round((docs.length / median) * 1000)} objects/s (runs: ${runs.map((r) => r.toFixed(0)).join(', ')} ms)`);
  console.log(`findings: ${findings} (0 expected)`);
}

main();
