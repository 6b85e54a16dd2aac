/**
 * The body of the schema-check thread (see schema-checks.ts): checks each batch of objects it is
 * sent, in order, posts the findings and counts the batch done.
 */
import { parentPort, workerData } from 'worker_threads';
import { checkObjectSchema } from '../../api';
import type { CheckJob, CheckResult } from './schema-checks';
import { AnsweringThreadData, postAnswer } from './answering-threads';

const data = workerData as AnsweringThreadData;

parentPort?.on('message', ({ id, objects }: CheckJob) => {
  let result: CheckResult;
  try {
    result = { id, findings: objects.map(checkObjectSchema) };
  } catch (error) {
    result = { id, error: error instanceof Error ? error.message : String(error) };
  }
  postAnswer(data, result);
});
