/**
 * Writing the YAML files of a big synth on several cores. YAML emission is most of a fleet's
 * synth after planning, and each file is independent of the others, so files go to writer
 * threads (worker_threads, in this process) while this thread renders the next charts; this
 * thread writes a file itself whenever every writer is busy, so the work balances with however
 * many cores are free. Every file is written by the same function (`toYamlStream`), so the bytes
 * do not depend on which thread wrote them.
 *
 * The synth's API stays synchronous: {@link YamlWriters.finish} blocks (Atomics.wait) until the
 * threads have written everything, and reads their failures with `receiveMessageOnPort`.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { MessageChannel, MessagePort, Worker, receiveMessageOnPort } from 'worker_threads';
import { toYamlStream } from './lazy';

/** Index of the counter a writer thread shares with this one: files written or failed. */
export const DONE = 0;

/** What a writer thread is started with. */
export interface WriterThreadData {
  /** Int32 counters, shared with this thread ({@link DONE}). */
  readonly counters: SharedArrayBuffer;
  /** Where the thread reports a failure ({@link WriteFailure}). */
  readonly failures: MessagePort;
}

/** One file for a writer thread: where to write, the name to give in a failure, and its documents (or its YAML, written already). */
export interface WriteJob {
  readonly file: string;
  readonly name: string;
  readonly documents: readonly unknown[] | string;
}

/** The content of a file: its documents as one YAML stream, or the YAML given. */
export function fileContent(documents: readonly unknown[] | string): string {
  return typeof documents === 'string' ? documents : toYamlStream(documents);
}

export interface WriteFailure {
  readonly name: string;
  readonly message: string;
}

/** The compiled thread body; absent when the library runs from its TypeScript sources (ts-jest) or from a bundle. */
const THREAD_SCRIPT = path.join(__dirname, 'yaml-writer-thread.js');
/** Below this many files, starting a thread (about 40 ms, js-yaml loaded again) costs more than it saves. */
export const MIN_FILES_FOR_THREADS = 200;
/** Files queued on one thread before this thread writes the next one itself; keeps the threads busy and memory flat. */
const MAX_BACKLOG = 16;
/** A thread that writes nothing for this long is taken as stopped. */
const STALL_MS = 30_000;
/** Writer threads at most: one core stays with the thread that renders the charts. */
const MAX_THREADS = 4;

/** The number of threads `HCP_SYNTH_THREADS` asks for; undefined when it is unset or blank. Throws for anything but a whole number. */
export function forcedThreadCount(env: Readonly<Record<string, string | undefined>>): number | undefined {
  const forced = env.HCP_SYNTH_THREADS;
  if (forced === undefined || forced.trim() === '') return undefined;
  const count = Number(forced);
  if (!Number.isInteger(count) || count < 0) throw new Error(`HCP_SYNTH_THREADS must be a whole number of threads (0 or more), not ${JSON.stringify(forced)}.`);
  return count;
}

/**
 * How many writer threads a synth of `files` files uses: `HCP_SYNTH_THREADS` when set (0 writes
 * everything in this thread), else none for small synths and one per spare core (at most
 * {@link MAX_THREADS}) for big ones. None when the thread body cannot be loaded.
 */
export function writerThreadCount(
  files: number,
  env: Readonly<Record<string, string | undefined>> = process.env,
  threadBodyAvailable: boolean = fs.existsSync(THREAD_SCRIPT),
): number {
  const count = forcedThreadCount(env) ?? (files < MIN_FILES_FOR_THREADS ? 0 : os.availableParallelism() - 1);
  return threadBodyAvailable ? Math.max(0, Math.min(count, MAX_THREADS)) : 0;
}

/** Whether a synth may use helper threads at all: a spare core, and `HCP_SYNTH_THREADS` not 0. */
export function helperThreadsAllowed(env: Readonly<Record<string, string | undefined>> = process.env): boolean {
  return writerThreadCount(MIN_FILES_FOR_THREADS, env, true) > 0;
}

interface WriterThread {
  readonly worker: Worker;
  readonly counters: Int32Array;
  readonly failures: MessagePort;
  sent: number;
}

/** Writes YAML files here and in `threads` writer threads; call {@link finish}, then {@link close}. */
export class YamlWriters {
  private readonly threads: WriterThread[] = [];

  constructor(threads: number) {
    for (let i = 0; i < threads; i++) {
      const counters = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT * (DONE + 1));
      const { port1, port2 } = new MessageChannel();
      const data: WriterThreadData = { counters, failures: port2 };
      let worker: Worker;
      try {
        worker = new Worker(THREAD_SCRIPT, { workerData: data, transferList: [port2] });
      } catch {
        break; // no more threads to be had (resource limits): this thread writes the rest
      }
      worker.unref();
      this.threads.push({ worker, counters: new Int32Array(counters), failures: port1, sent: 0 });
    }
  }

  /**
   * Writes `documents` to `file` as one YAML stream (a string: that YAML as it is): in the least
   * busy thread, or here when all are busy. `name` is the file's name in messages (`file` may be a staging path).
   */
  write(file: string, documents: readonly unknown[] | string, name: string = file): void {
    let best: WriterThread | undefined;
    let bestBacklog = MAX_BACKLOG;
    for (const thread of this.threads) {
      const backlog = thread.sent - Atomics.load(thread.counters, DONE);
      if (backlog < bestBacklog) [best, bestBacklog] = [thread, backlog];
    }
    if (best) {
      const job: WriteJob = { file, name, documents };
      try {
        best.worker.postMessage(job);
        best.sent++;
        return;
      } catch {
        // A value structured clone cannot copy: written here, where js-yaml reports it.
      }
    }
    try {
      fs.writeFileSync(file, fileContent(documents));
    } catch (error) {
      throw new Error(`writing ${name} failed: ${error instanceof Error ? error.message : String(error)}`, { cause: error });
    }
  }

  /** Waits until every thread has written what it was sent; throws the first failure. */
  finish(): void {
    this.settle();
    for (const thread of this.threads) {
      const failure = receiveMessageOnPort(thread.failures)?.message as WriteFailure | undefined;
      if (failure) throw new Error(`writing ${failure.name} failed in a writer thread: ${failure.message}`);
    }
  }

  /** Waits until no thread is writing, so that nothing is written after the caller cleans up. */
  settle(): void {
    for (const thread of this.threads) {
      let done = Atomics.load(thread.counters, DONE);
      let progressAt = Date.now();
      while (done < thread.sent) {
        Atomics.wait(thread.counters, DONE, done, 1000);
        const now = Atomics.load(thread.counters, DONE);
        if (now !== done) [done, progressAt] = [now, Date.now()];
        else if (Date.now() - progressAt > STALL_MS) {
          throw new Error(`a YAML writer thread stopped with ${thread.sent - done} file(s) unwritten; HCP_SYNTH_THREADS=0 writes every file in one thread.`);
        }
      }
    }
  }

  /** Stops the threads (they hold no state worth waiting for). */
  close(): void {
    for (const thread of this.threads) {
      thread.failures.close();
      void thread.worker.terminate();
    }
    this.threads.length = 0;
  }
}
