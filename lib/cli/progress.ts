/**
 * Progress of a long synth on stderr, when stderr is a terminal (and quiet otherwise): one line,
 * "hcp-constructs: writing files 1,200/5,000 (6.1 s)", shown once a synth has run a second.
 *
 * The synth is synchronous (the user's define function, then the checks and writes), so a timer
 * in this thread would never fire while it runs: a progress library's redraw would not either.
 * The line is painted by a small worker thread instead, from counters this thread stores in
 * shared memory; it costs one thread start (tens of milliseconds) and only on a terminal.
 */
import * as fs from 'fs';
import * as path from 'path';
import { Worker } from 'worker_threads';
import type { SynthProgress } from '../cdk8s/engine/synth';

/** Int32 slots shared with the thread. */
export const SLOT = { phase: 0, done: 1, total: 2, state: 3, painted: 4 } as const;
/** Values of the state slot. */
export const STATE = { running: 0, painting: 1, stopped: 2 } as const;
/** The synth's phases, and the command's own: comparing with the previous output. */
type Step = SynthProgress | { readonly phase: 'compare' };
const PHASES: ReadonlyArray<Step['phase']> = ['app', 'checks', 'write', 'compare'];
export const PHASE_TEXT: readonly string[] = ['running the app', 'checking every object', 'writing files', 'comparing with the output folder'];

export interface ProgressThreadData {
  readonly counters: SharedArrayBuffer;
  readonly delayMs: number;
  readonly columns: number;
}

/** The status line: phase, count when known, seconds so far. */
export function progressLine(phase: string, done: number, total: number, elapsedMs: number): string {
  const count = total > 0 ? ` ${done.toLocaleString('en-US')}/${total.toLocaleString('en-US')}` : '';
  return `hcp-constructs: ${phase}${count} (${(elapsedMs / 1000).toFixed(1)} s)`;
}

const THREAD_SCRIPT = path.join(__dirname, 'progress-thread.js');

/** A status line painted from another thread; does nothing unless `stream` is a terminal. */
export class Progress {
  private readonly slots?: Int32Array;
  private worker?: Worker;

  constructor(stream: NodeJS.WriteStream = process.stderr, delayMs = 1000) {
    if (!stream.isTTY || !fs.existsSync(THREAD_SCRIPT)) return;
    const counters = new SharedArrayBuffer(Int32Array.BYTES_PER_ELEMENT * 5);
    this.slots = new Int32Array(counters);
    const data: ProgressThreadData = { counters, delayMs, columns: stream.columns || 80 };
    try {
      this.worker = new Worker(THREAD_SCRIPT, { workerData: data });
      this.worker.unref();
    } catch {
      this.worker = undefined; // no thread to be had: no progress line
    }
  }

  /** Stores the synth's latest step for the thread to paint. */
  readonly update = (event: Step): void => {
    if (!this.slots) return;
    Atomics.store(this.slots, SLOT.phase, PHASES.indexOf(event.phase));
    Atomics.store(this.slots, SLOT.done, event.phase === 'write' ? event.done : 0);
    Atomics.store(this.slots, SLOT.total, event.phase === 'write' ? event.total : 0);
  };

  /** Stops the thread (waiting only while it paints) and erases the line if one was painted. */
  stop(): void {
    if (!this.slots || !this.worker) return;
    while (Atomics.compareExchange(this.slots, SLOT.state, STATE.running, STATE.stopped) === STATE.painting) Atomics.wait(this.slots, SLOT.state, STATE.painting, 50);
    Atomics.notify(this.slots, SLOT.state);
    if (Atomics.load(this.slots, SLOT.painted) === 1) fs.writeSync(2, '\r\x1b[2K');
    void this.worker.terminate();
    this.worker = undefined;
  }
}
