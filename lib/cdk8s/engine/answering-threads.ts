/**
 * Helper threads that answer jobs: the schema-check thread and a fleet's planning threads. Each
 * thread posts its answers on a port of its own and counts them in one counter all of them
 * share, so this thread, which keeps the synth synchronous (no event loop turns while it waits),
 * sleeps in `Atomics.wait` until any answer comes and reads them with `receiveMessageOnPort`.
 */
import { MessageChannel, MessagePort, Worker, receiveMessageOnPort } from 'worker_threads';

/** What every answering thread is started with, beside its own data. */
export interface AnsweringThreadData {
  /** One Int32 counter shared by the threads: answers posted. */
  readonly counters: SharedArrayBuffer;
  /** Where the thread posts its answers. */
  readonly results: MessagePort;
}

/** In a thread's body: posts `message` and counts it, which wakes the waiting thread. */
export function postAnswer(data: AnsweringThreadData, message: unknown): void {
  data.results.postMessage(message);
  const answered = new Int32Array(data.counters);
  Atomics.add(answered, 0, 1);
  Atomics.notify(answered, 0);
}

/** A thread that answers nothing for this long is taken as stopped. */
const STALL_MS = 30_000;

/** Up to `count` threads running `script`; fewer when no more can be started (resource limits). */
export class AnsweringThreads<Answer> {
  private readonly workers: Worker[] = [];
  private readonly ports: MessagePort[] = [];
  private readonly answered: Int32Array;

  constructor(script: string, count: number, data: object) {
    const counters = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT);
    this.answered = new Int32Array(counters);
    for (let i = 0; i < count; i++) {
      const { port1, port2 } = new MessageChannel();
      const workerData: AnsweringThreadData = { ...data, counters, results: port2 };
      try {
        const worker = new Worker(script, { workerData, transferList: [port2] });
        worker.unref();
        this.workers.push(worker);
        this.ports.push(port1);
      } catch {
        break;
      }
    }
  }

  /** How many threads run. */
  get size(): number {
    return this.workers.length;
  }

  /** Sends `job` to thread `thread`; false when it cannot be sent (a value structured clone cannot copy). */
  post(thread: number, job: unknown): boolean {
    try {
      this.workers[thread].postMessage(job);
      return true;
    } catch {
      return false;
    }
  }

  /** Hands every answer posted so far to `take`, with the number of the thread that posted it; true when there was any. */
  drain(take: (answer: Answer, thread: number) => void): boolean {
    let any = false;
    this.ports.forEach((port, thread) => {
      for (let message = receiveMessageOnPort(port); message; message = receiveMessageOnPort(port)) {
        take(message.message as Answer, thread);
        any = true;
      }
    });
    return any;
  }

  /**
   * Hands answers to `take` until `done()` holds; false when the threads answered nothing for
   * 30 s (taken as stopped: the caller does the rest itself).
   */
  waitUntil(done: () => boolean, take: (answer: Answer, thread: number) => void): boolean {
    let progressAt = Date.now();
    while (!done()) {
      // Read the count first: an answer posted after this read wakes the wait at once.
      const seen = Atomics.load(this.answered, 0);
      if (this.drain(take)) progressAt = Date.now();
      else if (Date.now() - progressAt > STALL_MS) return false;
      else Atomics.wait(this.answered, 0, seen, 1000);
    }
    return true;
  }

  /** Stops the threads. */
  close(): void {
    for (const port of this.ports) port.close();
    for (const worker of this.workers) void worker.terminate();
    this.workers.length = 0;
    this.ports.length = 0;
  }
}
