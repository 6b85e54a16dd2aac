/**
 * Soundness (issue 5): nothing the library accepts is refused by the API server.
 *
 * Inputs: plausible variations of the example clusters and conformance fixtures (names,
 * namespaces, CIDRs, replicas, autoScaling, taints, labels, hostnames, KMS, pausedUntil...; see
 * test/property/variations.ts), some with junk from test/property/mutate.ts. Every input that
 * checkHostedCluster accepts (a plan and no error finding) has its custom resources (HostedCluster,
 * NodePool, ExternalSecret) dry-run created on the shared crd-server with strict field validation.
 * Each distinct object is posted once. Any refusal fails the test, with the input that produced it.
 *
 * Deterministic: SOUNDNESS_SEED (default 20250601), SOUNDNESS_INPUTS (default 5,000).
 * In CI (CI=true) at least 2,000 accepted inputs must have been posted.
 */
import fc from 'fast-check';
import { planObjects } from '../../lib';
import type { KubernetesObject } from '../../lib';
import { Edit, Mutation, baseById, describeEdit, describeMutation, runMutation, runProps, applyEdits } from '../property/mutate';
import { plausibleArb } from '../property/variations';
import { CrdServer, DryRunResult, isCustomResource } from './crd-server';
import { describeWithCrdServer } from './crd-server-suite';

const SEED = Number(process.env.SOUNDNESS_SEED ?? 20250601);
const INPUTS = Number(process.env.SOUNDNESS_INPUTS ?? 5_000);
const IN_CI = /^(true|1)$/i.test(process.env.CI ?? '');
const MIN_ACCEPTED_IN_CI = 2_000;
/** Requests in flight; the connection (connectCrdServer) keeps as many sockets. */
const CONCURRENCY = 8;

interface Cause {
  readonly field: string;
  readonly message: string;
}

interface Refusal {
  readonly object: KubernetesObject;
  readonly mutation: Mutation;
  readonly status: number;
  readonly causes: readonly Cause[];
}

/** The server's causes, or its message when it gives none (strict decoding errors). */
function causesOf(result: DryRunResult): Cause[] {
  const body = result.body;
  if (typeof body !== 'object' || body === null) return [{ field: '(none)', message: `HTTP ${result.status}: ${String(body).slice(0, 300)}` }];
  const causes: Array<{ field?: string; message?: string; reason?: string }> = body.details?.causes ?? [];
  if (causes.length === 0) return [{ field: '(none)', message: String(body.message ?? `HTTP ${result.status}`) }];
  const all = causes.map((c) => ({ field: c.field ?? '(none)', message: c.message ?? c.reason ?? '' }));
  // The server adds this one whenever another cause stopped CEL rules from running.
  const real = all.filter((c) => !c.message.includes('some validation rules were not checked because the object was invalid'));
  return real.length > 0 ? real : all;
}

/** Groups causes that differ only in indices and quoted values. */
function causeKey(kind: string, cause: Cause): string {
  const field = cause.field.replace(/\[\d+\]/g, '[*]');
  const message = cause.message
    .replace(/"(?:[^"\\]|\\.)*"/g, '"…"')
    .replace(/\b\d+(\.\d+)?\b/g, 'N')
    .slice(0, 200);
  return `${kind} ${field}: ${message}`;
}

/** Runs `work` over `items` with at most `limit` in flight. */
async function pool<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  const runners = Array.from({ length: Math.min(limit, items.length) }, async () => {
    while (next < items.length) await work(items[next++]);
  });
  await Promise.all(runners);
}

async function post(server: CrdServer, object: KubernetesObject): Promise<DryRunResult> {
  try {
    return await server.dryRunCreate(object as never);
  } catch (error) {
    return { status: 0, body: { message: `could not post: ${(error as Error).message}` } };
  }
}

describeWithCrdServer('soundness: every custom resource of an accepted input is accepted by the API server', 'posting accepted inputs needs ../shared/tools/crd-server.', (server) => {
  test(`${INPUTS} inputs (seed ${SEED})`, async () => {
    const started = Date.now();
    const inputs: Mutation[] = fc.sample(plausibleArb(), { seed: SEED, numRuns: INPUTS });

    // 1. Keep what the library accepts; each distinct custom resource once.
    let accepted = 0;
    let exceptions = 0;
    const distinct = new Map<string, { object: KubernetesObject; mutation: Mutation }>();
    for (const mutation of inputs) {
      const outcome = runMutation(mutation);
      if (outcome.kind === 'exception') exceptions++;
      if (outcome.kind !== 'accepted') continue;
      accepted++;
      for (const object of planObjects(outcome.result.plan!)) {
        if (!isCustomResource(object)) continue;
        const key = JSON.stringify(object);
        if (!distinct.has(key)) distinct.set(key, { object, mutation });
      }
    }
    const checked = Date.now();

    // 2. Post them.
    const refusals: Refusal[] = [];
    await pool([...distinct.values()], CONCURRENCY, async ({ object, mutation }) => {
      const result = await post(server(), object);
      if (result.status !== 201) refusals.push({ object, mutation, status: result.status, causes: causesOf(result) });
    });
    const posted = Date.now();

    // 3. Group refusals by cause; find which single edit reproduces each one.
    const groups = new Map<string, { count: number; example: Refusal; cause: Cause }>();
    for (const refusal of refusals) {
      for (const cause of refusal.causes) {
        const key = causeKey(refusal.object.kind, cause);
        const group = groups.get(key) ?? { count: 0, example: refusal, cause };
        group.count++;
        groups.set(key, group);
      }
    }
    const culprit = async (refusal: Refusal, key: string): Promise<string> => {
      const base = baseById(refusal.mutation.base);
      for (const edit of refusal.mutation.edits) {
        const alone: Edit[] = [edit];
        const outcome = runProps(applyEdits(base.props, alone), base.options);
        if (outcome.kind !== 'accepted') continue;
        for (const object of planObjects(outcome.result.plan!)) {
          if (object.kind !== refusal.object.kind || !isCustomResource(object)) continue;
          const result = await post(server(), object);
          if (result.status !== 201 && causesOf(result).some((c) => causeKey(object.kind, c) === key)) {
            return `${describeEdit(edit)}${edit.kind === 'set' && edit.origin === 'plausible' ? '  (a plausible value, not junk)' : ''}`;
          }
        }
      }
      return `(no single edit reproduces it) ${describeMutation(refusal.mutation)}`;
    };
    const report: string[] = [];
    const sorted = [...groups.entries()].sort((a, b) => b[1].count - a[1].count);
    for (const [key, group] of sorted) {
      const { example, cause } = group;
      const meta = example.object.metadata as { namespace?: string; name?: string };
      report.push(
        `${group.count} x ${example.object.kind} ${cause.field}: ${cause.message.slice(0, 300)}\n` +
          `      caused by: ${await culprit(example, key)}\n` +
          `      input: ${describeMutation(example.mutation)} -> ${example.object.kind} ${meta.namespace}/${meta.name} (HTTP ${example.status})`,
      );
    }

    const explained = Date.now();
    const seconds = (t: number, from: number) => ((t - from) / 1000).toFixed(1);
    // eslint-disable-next-line no-console
    console.log(
      `soundness: ${inputs.length} inputs, ${accepted} accepted, ${distinct.size} objects posted, ${refusals.length} refused\n` +
        `  seed ${SEED}; ${exceptions} inputs made checkHostedCluster throw (see test/property/fuzz.test.ts); ` +
        `check ${seconds(checked, started)} s, post ${seconds(posted, checked)} s, ` +
        `${groups.size} distinct refusal causes (culprits found in ${seconds(explained, posted)} s)` +
        (report.length > 0 ? `\n  ${report.join('\n  ')}` : ''),
    );

    if (refusals.length > 0) {
      throw new Error(
        `${refusals.length} of ${distinct.size} posted objects refused by the API server, ${groups.size} distinct causes ` +
          `(all listed in the console output above); the first ${Math.min(10, report.length)}:\n  ${report.slice(0, 10).join('\n  ')}`,
      );
    }
    if (IN_CI) expect(accepted).toBeGreaterThanOrEqual(MIN_ACCEPTED_IN_CI);
  }, 120_000);
});
