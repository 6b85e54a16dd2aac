/**
 * The API-schema checks of an app's hosted clusters, run in a thread while the rest of the app is
 * being defined. Checking every planned object against its CRD schema and CEL rules is the
 * largest part of planning a fleet, and nothing else in a constructor needs its result at once:
 * a HostedClusterBundle renders its objects and goes on, and its `plan` and `issues` wait for the
 * findings when they are read. synthAtomically reads them all (and fails on any error) before it
 * writes anything, so the output and the messages are the same as when the checks run inline.
 *
 * Only apps that synthAtomically builds use a thread (it closes it when the app is validated);
 * anywhere else, and for the first few clusters of an app, the checks run inline.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { KubernetesObject, SchemaFinding } from '../../api';
import { checkObjectSchema } from './lazy';
import type { IssueCollector } from '../../core';
import type { SchemaCheck } from '../../core/api-schema-check';
import { checkApiSchemas, recordSchemaFindings } from './lazy';
import { helperThreadsAllowed } from './yaml-writers';
import { AnsweringThreads } from './answering-threads';

export interface CheckJob {
  readonly id: number;
  readonly objects: readonly KubernetesObject[];
}

export type CheckResult = { readonly id: number; readonly findings: SchemaFinding[][] } | { readonly id: number; readonly error: string };

/** The compiled thread body; absent when the library runs from its TypeScript sources or a bundle. */
const THREAD_SCRIPT = path.join(__dirname, 'schema-check-thread.js');
/** Batches checked inline before a thread is started: it takes about 0.1 s to load every kind's schema. */
const INLINE_BATCHES = 32;

/** A construct's deferred check: plan with `check`, then `settle` before reading the findings. */
export interface DeferredSchemaCheck {
  readonly check: SchemaCheck;
  /** Records the findings of what `check` was given (waiting for the thread if need be). */
  settle(): void;
}

export class ThreadedSchemaChecks {
  private thread?: AnsweringThreads<CheckResult>;
  private readonly received = new Map<number, CheckResult>();
  private batches = 0;
  private failed = false;

  private constructor() {}

  /** Checks in a thread for one App (AppState.synth holds them) when helper threads are allowed and the compiled thread body is there. */
  static start(): ThreadedSchemaChecks | undefined {
    return helperThreadsAllowed() && fs.existsSync(THREAD_SCRIPT) ? new ThreadedSchemaChecks() : undefined;
  }

  /** A check for one construct's objects. */
  deferred(): DeferredSchemaCheck {
    let pending: { readonly id: number; readonly objects: readonly KubernetesObject[]; readonly issues: IssueCollector } | undefined;
    return {
      check: (objects, issues) => {
        const id = ++this.batches > INLINE_BATCHES && !this.failed ? this.post(objects) : undefined;
        if (id === undefined) checkApiSchemas(objects, issues);
        else pending = { id, objects, issues };
      },
      settle: () => {
        if (!pending) return;
        const { id, objects, issues } = pending;
        pending = undefined;
        recordSchemaFindings(objects, this.findings(id, objects), issues);
      },
    };
  }

  /** Stops the thread; checks still pending are then done inline when settled. */
  close(): void {
    if (!this.thread) return;
    this.thread.drain(this.receive);
    this.thread.close();
    this.thread = undefined;
    this.failed = true;
  }

  /** Sends a batch to the thread (started on first use); undefined when it cannot take it, to check it here. */
  private post(objects: readonly KubernetesObject[]): number | undefined {
    this.thread ??= new AnsweringThreads<CheckResult>(THREAD_SCRIPT, 1, {});
    if (this.thread.size === 0) {
      this.failed = true; // no thread to be had (resource limits): check everything here
      return undefined;
    }
    const job: CheckJob = { id: this.batches, objects };
    // A value structured clone cannot copy (a function in specOverrides): the check here reports it.
    return this.thread.post(0, job) ? job.id : undefined;
  }

  private readonly receive = (result: CheckResult) => void this.received.set(result.id, result);

  /** The findings of batch `id`: the thread's answer, or checked here if the thread has stopped. */
  private findings(id: number, objects: readonly KubernetesObject[]): SchemaFinding[][] {
    if (this.thread && !this.thread.waitUntil(() => this.received.has(id), this.receive)) this.close();
    const result = this.received.get(id);
    this.received.delete(id);
    return result && 'findings' in result ? result.findings : objects.map(checkObjectSchema);
  }
}
