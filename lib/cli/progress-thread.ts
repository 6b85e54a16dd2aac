/**
 * The body of the progress thread (see progress.ts): repaints one status line on stderr every
 * 100 ms from what the main thread last stored, while that thread is busy in the synchronous synth.
 */
import * as fs from 'fs';
import { workerData } from 'worker_threads';
import { PHASE_TEXT, ProgressThreadData, SLOT, STATE, progressLine } from './progress';

const { counters, delayMs, columns } = workerData as ProgressThreadData;
const slots = new Int32Array(counters);
const started = Date.now();

for (;;) {
  // Sleeps 100 ms, or until the main thread says stop.
  Atomics.wait(slots, SLOT.state, STATE.running, 100);
  const elapsed = Date.now() - started;
  if (elapsed < delayMs) {
    if (Atomics.load(slots, SLOT.state) === STATE.stopped) break;
    continue;
  }
  // Painting holds the line: the main thread waits for it before it erases the line and prints.
  if (Atomics.compareExchange(slots, SLOT.state, STATE.running, STATE.painting) !== STATE.running) break;
  const text = progressLine(PHASE_TEXT[Atomics.load(slots, SLOT.phase)] ?? '', Atomics.load(slots, SLOT.done), Atomics.load(slots, SLOT.total), elapsed);
  // Straight to the file descriptor: the main thread, which relays process.stderr, is busy.
  fs.writeSync(2, `\r\x1b[2K${text.slice(0, Math.max(10, columns - 1))}`);
  Atomics.store(slots, SLOT.painted, 1);
  Atomics.store(slots, SLOT.state, STATE.running);
  Atomics.notify(slots, SLOT.state);
}
