/**
 * Charts whose YAML a fleet planning thread wrote (see fleet-planning.ts): they hold no
 * ApiObjects, and the synth writes their documents as they are (AppState.prerendered holds
 * them). A chart stops being one when its hosted cluster's bundle is asked for
 * (Fleet.hostedCluster), which renders its ApiObjects.
 */
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
