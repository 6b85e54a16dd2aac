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
import type { App } from 'cdk8s';
import type { IConstruct } from 'constructs';
import { MessageChannel, MessagePort, Worker, receiveMessageOnPort } from 'worker_threads';
import type { KubernetesObject, SchemaFinding } from '../api';
import { checkObjectSchema } from '../api';
import type { IssueCollector } from '../core';
import { SchemaCheck, checkApiSchemas, recordSchemaFindings } from '../core/api-schema-check';
import { helperThreadsAllowed } from './yaml-writers';

/** What the thread is started with. */
export interface CheckThreadData {
  /** One Int32 counter, shared with this thread: batches answered. */
  readonly counters: SharedArrayBuffer;
  /** Where the thread posts each {@link CheckResult}. */
  readonly results: MessagePort;
}

export interface CheckJob {
  readonly id: number;
  readonly objects: readonly KubernetesObject[];
}

export type CheckResult = { readonly id: number; readonly findings: SchemaFinding[][] } | { readonly id: number; readonly error: string };

/** The compiled thread body; absent when the library runs from its TypeScript sources or a bundle. */
const THREAD_SCRIPT = path.join(__dirname, 'schema-check-thread.js');
/** Batches checked inline before a thread is started: it takes about 0.1 s to load every kind's schema. */
const INLINE_BATCHES = 32;
/** A thread that answers nothing for this long is taken as stopped; the checks then run inline. */
const STALL_MS = 30_000;

const checksOfApp = new WeakMap<IConstruct, ThreadedSchemaChecks>();

/** A construct's deferred check: plan with `check`, then `settle` before reading the findings. */
export interface DeferredSchemaCheck {
  readonly check: SchemaCheck;
  /** Records the findings of what `check` was given (waiting for the thread if need be). */
  settle(): void;
}

export class ThreadedSchemaChecks {
  private thread?: { readonly worker: Worker; readonly answered: Int32Array; readonly results: MessagePort };
  private readonly received = new Map<number, CheckResult>();
  private batches = 0;
  private failed = false;

  private constructor() {}

  /** Checks in a thread for `app` when helper threads are allowed and the compiled thread body is there. */
  static attach(app: App): ThreadedSchemaChecks | undefined {
    if (!helperThreadsAllowed() || !fs.existsSync(THREAD_SCRIPT)) return undefined;
    const checks = new ThreadedSchemaChecks();
    checksOfApp.set(app, checks);
    return checks;
  }

  /** The checks of the app `scope` belongs to, when it has them. */
  static of(scope: IConstruct): ThreadedSchemaChecks | undefined {
    return checksOfApp.get(scope.node.root);
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
    this.drain();
    this.thread.results.close();
    void this.thread.worker.terminate();
    this.thread = undefined;
    this.failed = true;
  }

  /** Sends a batch to the thread (started on first use); undefined when it cannot take it, to check it here. */
  private post(objects: readonly KubernetesObject[]): number | undefined {
    try {
      if (!this.thread) {
        const counters = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
        const { port1, port2 } = new MessageChannel();
        const data: CheckThreadData = { counters, results: port2 };
        const worker = new Worker(THREAD_SCRIPT, { workerData: data, transferList: [port2] });
        worker.unref();
        this.thread = { worker, answered: new Int32Array(counters), results: port1 };
      }
    } catch {
      this.failed = true; // no thread to be had (resource limits): check everything here
      return undefined;
    }
    const job: CheckJob = { id: this.batches, objects };
    try {
      this.thread.worker.postMessage(job);
    } catch {
      return undefined; // a value structured clone cannot copy (a function in specOverrides): the check here reports it
    }
    return job.id;
  }

  /** The findings of batch `id`: the thread's answer, or checked here if the thread has stopped. */
  private findings(id: number, objects: readonly KubernetesObject[]): SchemaFinding[][] {
    let progressAt = Date.now();
    while (this.thread && !this.received.has(id)) {
      // Read the count first: an answer posted after this read wakes the wait at once.
      const answered = Atomics.load(this.thread.answered, 0);
      if (this.drain()) progressAt = Date.now();
      else if (Date.now() - progressAt > STALL_MS) this.close();
      else Atomics.wait(this.thread.answered, 0, answered, 1000);
    }
    const result = this.received.get(id);
    this.received.delete(id);
    return result && 'findings' in result ? result.findings : objects.map(checkObjectSchema);
  }

  /** Moves every answer the thread has posted into `received`; true when there was any. */
  private drain(): boolean {
    let any = false;
    for (let message = receiveMessageOnPort(this.thread!.results); message; message = receiveMessageOnPort(this.thread!.results)) {
      const result = message.message as CheckResult;
      this.received.set(result.id, result);
      any = true;
    }
    return any;
  }
}
