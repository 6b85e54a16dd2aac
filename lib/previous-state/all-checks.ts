/**
 * Every layer's previous-state checks, assembled once: what a cdk8s synth, the command line and
 * the Pulumi guard run against the previous state. Core defines how a check runs and owns the
 * checks of any hosted cluster; each layer above it owns the rules of its kinds and lists them
 * itself. This folder sits above every domain layer and below the adapters (see
 * scripts/structure/imports.ts), so any layer's list can join it and both adapters read one list.
 */
import type { PreviousStateCheck } from '../core/previous-state';
import { CORE_PREVIOUS_STATE_CHECKS } from '../core/previous-state-checks';
import { EDGE_PREVIOUS_STATE_CHECKS } from '../edge/edge-site-identity';
import { MANAGEMENT_PREVIOUS_STATE_CHECKS } from '../management/previous-state-checks';

/** Every previous-state check, core's first: a layer with a new rule adds it to its own list, and a layer with a first rule adds its list here. */
export const PREVIOUS_STATE_CHECKS: readonly PreviousStateCheck[] = [...CORE_PREVIOUS_STATE_CHECKS, ...MANAGEMENT_PREVIOUS_STATE_CHECKS, ...EDGE_PREVIOUS_STATE_CHECKS];
