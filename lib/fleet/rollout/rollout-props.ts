/**
 * A fleet's rollout as users write it (`FleetProps.rollout`): a target release, the cohorts it
 * reaches one after another, and what the user captured from the update graph. Kept equal to the
 * schemas of rollout-schema.ts by test/types/props-match-schemas.ts.
 */
import type { ReleaseProps } from '../../core/release-props';

/** Which clusters a cohort takes: every criterion given must hold (an empty selector takes every cluster left). */
export interface RolloutSelectorProps {
  /** Hosted clusters by `namespace/name` (or `name` when it is unique in the fleet). @default any */
  readonly clusters?: readonly string[];
  /** Clusters placed on these management clusters (by name). @default any */
  readonly managementClusters?: readonly string[];
  /** Clusters whose management cluster is in one of these zones. @default any */
  readonly zones?: readonly string[];
  /** Clusters whose HostedCluster `labels` hold all of these. @default any */
  readonly labels?: Readonly<Record<string, string>>;
}

/** One cohort of the rollout: the clusters it takes, how many move at once, and what must pass before the next wave. */
export interface RolloutCohortProps extends RolloutSelectorProps {
  /** Its name, a DNS label (the waves it is cut into are `<name>`, or `<name>-1`, `<name>-2`... when it is cut). */
  readonly name: string;
  /** Most clusters that move in one wave; a larger cohort is cut into waves of this size. @default all of the cohort in one wave */
  readonly maxConcurrent?: number;
  /** How long each of its waves soaks, from the commit that starts it, before `rollout next` starts the next (a Go duration: `24h`). @default none */
  readonly soak?: string;
}

/** What must hold before `rollout next` starts the next wave (`RolloutProps.healthGate`). */
export const ROLLOUT_HEALTH_GATES = ['previous-output', 'live'] as const;

/** A different target for some clusters: by platform type, or by cluster. */
export interface RolloutTargetOverrideProps {
  /** Clusters of this platform type (`platform.type`). @default any platform */
  readonly platform?: string;
  /** These clusters (`namespace/name` or a unique `name`). @default any cluster */
  readonly clusters?: readonly string[];
  /** Their target release. */
  readonly release: ReleaseProps;
}

/** A risk of a conditional update, as the update graph lists it. */
export interface UpdateRiskProps {
  /** The risk's name (what `acknowledgedRisks` names). */
  readonly name: string;
  /** What it is. @default none */
  readonly message?: string;
  /** Where it is explained. @default none */
  readonly url?: string;
}

/** A conditional edge group of the update graph: these edges are offered only with these risks. */
export interface UpdateGraphConditionalEdgesProps {
  /** The edges, by version. */
  readonly edges: readonly { readonly from: string; readonly to: string }[];
  /** Their risks. */
  readonly risks: readonly UpdateRiskProps[];
}

/**
 * An update graph as the OpenShift update service serves it
 * (`https://api.openshift.com/api/upgrades_info/v1/graph?channel=stable-4.17`, saved as is): its
 * nodes' versions, the unconditional edges between node indexes, and the conditional edges.
 */
export interface UpdateGraphProps {
  /** The releases; keys other than `version` are kept as captured and not read. */
  readonly nodes: readonly { readonly version: string }[];
  /** Unconditional updates: `[from, to]` indexes into `nodes`. */
  readonly edges: readonly (readonly number[])[];
  /** Updates offered with risks. @default none */
  readonly conditionalEdges?: readonly UpdateGraphConditionalEdgesProps[];
}

/**
 * An upgrade of the fleet, wave by wave. The waves are the canary, then each cohort of `waves` in
 * order (cut by `maxConcurrent`); every cluster is in exactly one wave or held back. The state of
 * the rollout (how many waves were started) is in the output (`reports/rollout-state.json`), and
 * `hcp-constructs rollout next` starts the next wave: the synth gives the target release only to
 * the clusters of the waves started so far. Control planes move before their NodePools (phases).
 */
export interface RolloutProps {
  /** The release the fleet moves to. */
  readonly target: ReleaseProps;
  /** Other targets for some clusters (the first that matches wins): another architecture's image of the same version, a cluster kept on a z-stream. @default none */
  readonly overrides?: readonly RolloutTargetOverrideProps[];
  /** The first wave: a few clusters that move alone. @default no canary */
  readonly canary?: RolloutSelectorProps & Pick<RolloutCohortProps, 'soak'>;
  /** The cohorts after the canary, in order; a cluster goes to the first that takes it. */
  readonly waves: readonly RolloutCohortProps[];
  /** Clusters that stay on their release (`namespace/name` or a unique `name`). @default none */
  readonly holdback?: readonly string[];
  /** Stop: `rollout next` starts no wave, and Flux suspends the wave in progress. @default false */
  readonly pause?: boolean;
  /** What `rollout next` checks before the next wave: the previous output only, or the live clusters too (needs `--kubeconfig`). @default 'previous-output' */
  readonly healthGate?: (typeof ROLLOUT_HEALTH_GATES)[number];
  /** Names of the target's conditional-update risks that were read and accepted. @default none */
  readonly acknowledgedRisks?: readonly string[];
  /** The update graph the target comes from, as captured: checks that each cluster reaches the target in one hop, and which risks it carries. @default none (a warning says the hop and the risks are not checked) */
  readonly updateGraph?: UpdateGraphProps;
  /** Surge machines a wave may add on one management cluster (VMs or spare agents for Replace NodePool upgrades). @default no limit (the report shows them) */
  readonly maxSurgeMachines?: number;
}
