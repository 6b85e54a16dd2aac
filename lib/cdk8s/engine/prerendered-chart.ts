/**
 * Charts whose YAML a fleet planning thread wrote (see fleet-planning.ts): they hold no
 * ApiObjects, and the synth writes their documents as they are. A chart stops being one when its
 * hosted cluster's bundle is asked for (Fleet.hostedCluster), which renders its ApiObjects.
 */
import type { Chart } from 'cdk8s';
import type { PlannedObject, Target } from '../../core';
import type { Stage } from '../../core/output-layout';

/** The documents of one output file of a prerendered chart: its objects of one folder and stage. */
export interface PrerenderedFile {
  readonly target: Target;
  readonly folder: string;
  readonly stage: Stage;
  /** The planned objects, in the order of their documents. */
  readonly objects: readonly PlannedObject[];
  /** Each object's YAML document. */
  readonly documents: readonly string[];
}

const prerendered = new WeakMap<Chart, readonly PrerenderedFile[]>();

/** Makes `chart` a prerendered chart with these files (in the synth's order). */
export function setPrerendered(chart: Chart, files: readonly PrerenderedFile[]): void {
  prerendered.set(chart, files);
}

/** The files of a prerendered chart; undefined for any other. */
export function prerenderedFiles(chart: Chart): readonly PrerenderedFile[] | undefined {
  return prerendered.get(chart);
}

/** `chart` renders its ApiObjects from now on. */
export function dropPrerendered(chart: Chart): void {
  prerendered.delete(chart);
}
