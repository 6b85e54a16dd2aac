/**
 * The body of a YAML writer thread (see yaml-writers.ts): writes each file it is sent, counts it
 * done (written or failed) and reports a failure, so the synth can wait for it and throw.
 */
import * as fs from 'fs';
import { parentPort, workerData } from 'worker_threads';
import { DONE, WriteFailure, WriteJob, WriterThreadData, fileContent } from './yaml-writers';

const { counters, failures } = workerData as WriterThreadData;
const done = new Int32Array(counters);

parentPort?.on('message', ({ file, name, documents }: WriteJob) => {
  try {
    fs.writeFileSync(file, fileContent(documents));
  } catch (error) {
    const failure: WriteFailure = { name, message: error instanceof Error ? error.message : String(error) };
    failures.postMessage(failure);
  }
  Atomics.add(done, DONE, 1);
  Atomics.notify(done, DONE);
});
