/**
 * Health decision tables for the kinds hcp-constructs applies through GitOps.
 *
 * One table per kind: an ordered list of rules, each a predicate over the whole object and the
 * verdict it gives. The first rule that matches decides; conditions are looked up by type, never
 * by position, so the order of `status.conditions` does not change the result. The Argo CD (Lua)
 * and Flux (CEL) renderings are both produced from these tables, so they cannot disagree.
 *
 * Framework-free: no cdk8s or Pulumi imports. What differs per platform (whether NodePools get
 * machines) is read from the platform definitions.
 */
import { PLATFORM_DEFINITIONS } from '../platforms';

/** Argo CD health statuses the checks return (`Missing` and `Unknown` are Argo CD's own). */
export type HealthStatus = 'Healthy' | 'Progressing' | 'Degraded' | 'Suspended';

/** A predicate over one object. Conditions are matched by `type`; positions never matter. */
export type HealthPredicate =
  /** `spec.pausedUntil` is `true`/`True`, or an RFC 3339 time the operator has not reported as passed. */
  | { readonly op: 'paused' }
  /** No `status.conditions` yet (or an empty list). */
  | { readonly op: 'noConditions' }
  /**
   * A condition of this type has this status (and reason, when given). With `fresh`, only a
   * condition written for the current spec counts: one whose `observedGeneration` is absent, 0,
   * or not below `metadata.generation`.
   */
  | {
      readonly op: 'condition';
      readonly type: string;
      readonly status: 'True' | 'False';
      readonly reason?: string;
      readonly fresh?: boolean;
    }
  /**
   * The newest entry of `status.conditions` (the last: for operators that append a condition per
   * attempt and keep a short history, as the Machine Config Operator) has this type and status.
   */
  | { readonly op: 'lastCondition'; readonly type: string; readonly status: 'True' | 'False' }
  /** Some condition carries an `observedGeneration`, and none has reached `metadata.generation`. */
  | { readonly op: 'generationNotObserved' }
  /** `status.version.history[0].state` is `Partial` and an earlier release is `Completed` (an upgrade, not the first install). */
  | { readonly op: 'upgradeInFlight' }
  /** Fixed size (`spec.replicas`, no `spec.autoScaling`) and `status.replicas` differs from it. */
  | { readonly op: 'replicasNotDesired' }
  /** Fixed size of 0 (`spec.replicas: 0`, no `spec.autoScaling`). */
  | { readonly op: 'noReplicasRequested' }
  /** A string or boolean field (`['status', 'phase']`, first the top-level field) equals a value. */
  | { readonly op: 'field'; readonly path: readonly [string, ...string[]]; readonly equals: string | boolean }
  /** Always matches: the last rule of every table. */
  | { readonly op: 'always' };

/** Values a message can quote. */
export type HealthMessageValue =
  | 'pausedUntil'
  | 'generation'
  | 'observedGeneration'
  | 'replicas'
  | 'desiredReplicas'
  | 'targetRelease'
  /** The text of the newest (last) condition: its message, else its reason, else `Type=Status`. */
  | 'lastCondition';

/**
 * One piece of a message: literal text, the text of a condition (its message, else its reason,
 * else `Type=Status`; `not reported yet` when absent; a condition from an older generation says
 * so), or a value from the object.
 */
export type HealthMessagePart =
  | string
  | { readonly conditionText: string }
  | { readonly value: HealthMessageValue }
  /** A string field of the object (`['status', 'phase']`); `unknown` when absent. */
  | { readonly field: readonly [string, ...string[]] };

export interface HealthRule {
  readonly status: HealthStatus;
  readonly when: HealthPredicate;
  /** Message parts, concatenated. Never empty. */
  readonly message: readonly HealthMessagePart[];
  /** Why the rule exists, with its upstream source. Documentation only. */
  readonly why: string;
}

export interface HealthTable {
  readonly group: string;
  readonly version: string;
  readonly kind: string;
  /** Ordered: the first rule that matches decides. The last rule must be `always`. */
  readonly rules: readonly HealthRule[];
}

const HC_CONDITIONS = 'api/hypershift/v1beta1/hostedcluster_conditions.go';
const NP_CONDITIONS = 'api/hypershift/v1beta1/nodepool_conditions.go';

/** Degraded when a condition of `type` is False (with `reason`, when given; only for the current spec with `fresh`), quoting it. */
function conditionFalse(type: string, why: string, reason?: string, fresh?: true): HealthRule {
  return {
    status: 'Degraded',
    when: { op: 'condition', type, status: 'False', ...(fresh ? { fresh } : {}), ...(reason ? { reason } : {}) },
    message: [`${type}=False: `, { conditionText: type }],
    why,
  };
}

/** A validation condition of the hypershift operator: False for the current spec is Degraded. */
const invalid = (type: string, why: string, reason?: string): HealthRule => conditionFalse(type, why, reason, true);

const pausedRule: HealthRule = {
  status: 'Suspended',
  when: { op: 'paused' },
  message: ['Reconciliation paused (spec.pausedUntil: ', { value: 'pausedUntil' }, ')'],
  why:
    'spec.pausedUntil takes "true"/"false" or an RFC 3339 time (API validation in *_types.go); the operator pauses ' +
    'while it is "true" or the time is ahead (support/util/pausereconcile.go) and reports ReconciliationActive. ' +
    'A health check cannot read the clock, so a time counts as paused until the operator reports ' +
    'ReconciliationActive=True for the current generation.',
};

const noConditionsRule: HealthRule = {
  status: 'Progressing',
  when: { op: 'noConditions' },
  message: ['Waiting for the operator to report status'],
  why: 'A new object has no status until the operator first reconciles it.',
};

const generationRule: HealthRule = {
  status: 'Progressing',
  when: { op: 'generationNotObserved' },
  message: [
    'Waiting for the operator to observe generation ',
    { value: 'generation' },
    ' (conditions are from generation ',
    { value: 'observedGeneration' },
    ')',
  ],
  why:
    'Neither kind has status.observedGeneration; the operator stamps every condition it writes with ' +
    'observedGeneration = metadata.generation (hostedcluster_controller.go, nodepool conditions.go). When no ' +
    'condition has reached metadata.generation, the status describes an older spec.',
};

/** HostedCluster (hypershift.openshift.io/v1beta1). */
export const hostedClusterHealthTable: HealthTable = {
  group: 'hypershift.openshift.io',
  version: 'v1beta1',
  kind: 'HostedCluster',
  rules: [
    pausedRule,
    noConditionsRule,
    invalid('ValidConfiguration', `${HC_CONDITIONS}: "unlikely to resolve without changing user input"; blocks Progressing (isProgressing).`),
    invalid('SupportedHostedCluster', `${HC_CONDITIONS}: "unlikely to resolve without changing user input"; blocks Progressing (isProgressing).`),
    invalid('ValidReleaseImage', `${HC_CONDITIONS}: "unlikely to resolve without changing user input"; blocks Progressing (isProgressing).`),
    invalid('ValidHostedControlPlaneConfiguration', `${HC_CONDITIONS}: "unlikely to resolve without changing user input".`),
    invalid('ValidReleaseInfo', `${HC_CONDITIONS}: the release lacks images HyperShift needs; another release is required.`),
    invalid('IgnitionServerValidReleaseInfo', `${HC_CONDITIONS}: the release lacks images the ignition server needs.`),
    invalid('PlatformCredentialsFound', `${HC_CONDITIONS}: "unlikely to resolve without changing user input".`),
    invalid('ValidOIDCConfiguration', `${HC_CONDITIONS}: "may require external user intervention" (OIDC deleted out of band).`),
    invalid('ValidAWSIdentityProvider', `${HC_CONDITIONS}: "may require external user intervention".`),
    invalid('ValidAWSKMSConfig', `${HC_CONDITIONS}: KMS role or key invalid, or the role cannot use the key.`),
    invalid('ValidAzureKMSConfig', `${HC_CONDITIONS}: KMS input invalid or permissions missing.`),
    invalid('ValidGCPCredentials', `${HC_CONDITIONS}: "may require external user intervention".`),
    invalid('ValidGCPWorkloadIdentity', `${HC_CONDITIONS}: "may require external user intervention".`),
    invalid('ValidProxyConfiguration', `${HC_CONDITIONS}: proxy CA bundle invalid (e.g. expired); "may require external user intervention".`),
    invalid('ValidIDPConfiguration', `${HC_CONDITIONS}: identity provider configuration invalid or unreachable.`),
    {
      status: 'Degraded',
      when: { op: 'condition', type: 'Degraded', status: 'True', fresh: true },
      message: ['Degraded: ', { conditionText: 'Degraded' }],
      why: `${HC_CONDITIONS}: Degraded "may require user intervention"; copied from the HostedControlPlane.`,
    },
    generationRule,
    {
      status: 'Progressing',
      when: { op: 'condition', type: 'Progressing', status: 'True' },
      message: ['Progressing: ', { conditionText: 'Progressing' }],
      why: `${HC_CONDITIONS}: Progressing is True during "an initial deployment or upgrade".`,
    },
    {
      status: 'Progressing',
      when: { op: 'upgradeInFlight' },
      message: ['Upgrade to ', { value: 'targetRelease' }, ' in progress (status.version.history[0] is Partial)'],
      why:
        'ClusterVersionStatus.history (hostedcluster_types.go): the newest entry is Partial until the rollout ' +
        'completes. Only an upgrade (an older Completed entry exists) counts: the first install cannot complete ' +
        'without worker nodes, which the NodePool wave creates after this one.',
    },
    {
      status: 'Healthy',
      when: { op: 'condition', type: 'Available', status: 'True', fresh: true },
      message: [{ conditionText: 'Available' }],
      why: `${HC_CONDITIONS}: Available "indicates whether the HostedCluster has a healthy control plane".`,
    },
    {
      status: 'Progressing',
      when: { op: 'always' },
      message: ['Waiting for Available=True: ', { conditionText: 'Available' }],
      why: 'Not available (or Available is from an older generation), and nothing above applies.',
    },
  ],
};

/**
 * One rule per platform whose NodePools get no machines from the platform (its definition's
 * `createsMachines` is false): nodes join by hand, so there is nothing to wait for.
 */
function handJoinedRules(): HealthRule[] {
  return PLATFORM_DEFINITIONS.filter((d) => !d.createsMachines).map(({ type }) => ({
    status: 'Healthy',
    when: { op: 'field', path: ['spec', 'platform', 'type'], equals: type },
    message: [`Platform ${type}: nodes are added by hand, nothing to wait for`],
    why:
      `The operator manages no machines on platform ${type} (isAutomatedMachineManagement, nodepool_controller.go), ` +
      'so Ready is never reported; hcp-constructs readiness treats such pools as ready once they exist.',
  }));
}

/** NodePool (hypershift.openshift.io/v1beta1). */
export const nodePoolHealthTable: HealthTable = {
  group: 'hypershift.openshift.io',
  version: 'v1beta1',
  kind: 'NodePool',
  rules: [
    pausedRule,
    noConditionsRule,
    invalid('ValidReleaseImage', `${NP_CONDITIONS}: "unlikely to resolve without changing user input".`),
    invalid('ValidArchPlatform', 'nodepool conditions.go: CPU arch not supported for the platform or the release payload.'),
    invalid('ValidMachineConfig', `${NP_CONDITIONS}: "unlikely to resolve without changing user input".`),
    invalid('ValidTuningConfig', `${NP_CONDITIONS}: "unlikely to resolve without changing user input".`),
    invalid('ValidPlatformImage', `${NP_CONDITIONS}: "unlikely to resolve without changing user input".`),
    invalid('ValidPlatformConfig', `${NP_CONDITIONS}: "unlikely to resolve without changing user input".`),
    invalid('ValidMachineTemplate', `${NP_CONDITIONS}: the machine template built from spec.platform is invalid.`),
    invalid('UpdateManagementEnabled', `${NP_CONDITIONS}: spec.management invalid; "unlikely to resolve without changing user input".`),
    invalid(
      'AutoscalingEnabled',
      `${NP_CONDITIONS}: spec.replicas/spec.autoScaling invalid. Only reason ValidationFailed: the operator also sets ` +
        'False with reason AsExpected when autoscaling is simply off (nodepool conditions.go).',
      'ValidationFailed',
    ),
    generationRule,
    {
      status: 'Progressing',
      when: { op: 'condition', type: 'UpdatingVersion', status: 'True' },
      message: ['UpdatingVersion: ', { conditionText: 'UpdatingVersion' }],
      why: `${NP_CONDITIONS}: "a version update is currently happening".`,
    },
    {
      status: 'Progressing',
      when: { op: 'condition', type: 'UpdatingConfig', status: 'True' },
      message: ['UpdatingConfig: ', { conditionText: 'UpdatingConfig' }],
      why: `${NP_CONDITIONS}: "a config update is currently happening".`,
    },
    {
      status: 'Progressing',
      when: { op: 'condition', type: 'UpdatingPlatformMachineTemplate', status: 'True' },
      message: ['UpdatingPlatformMachineTemplate: ', { conditionText: 'UpdatingPlatformMachineTemplate' }],
      why: `${NP_CONDITIONS}: "a platform machine template update is currently happening".`,
    },
    ...handJoinedRules(),
    {
      status: 'Progressing',
      when: { op: 'replicasNotDesired' },
      message: [{ value: 'replicas' }, ' of ', { value: 'desiredReplicas' }, ' replicas available'],
      why: 'status.replicas is the MachineDeployment\'s available replicas (nodepool capi.go); a fixed-size pool is settled when it equals spec.replicas.',
    },
    {
      status: 'Healthy',
      when: { op: 'noReplicasRequested' },
      message: ['No replicas requested'],
      why: 'A pool of 0 replicas has nothing to wait for (same rule as hcp-constructs readiness).',
    },
    {
      status: 'Healthy',
      when: { op: 'condition', type: 'Ready', status: 'True', fresh: true },
      message: [{ value: 'replicas' }, ' replicas available, Ready=True'],
      why: `${NP_CONDITIONS}: Ready "is true when all replicas are ready Nodes".`,
    },
    {
      status: 'Progressing',
      when: { op: 'always' },
      message: ['Waiting for Ready=True: ', { conditionText: 'Ready' }],
      why: 'Not ready (or Ready is from an older generation), and nothing above applies.',
    },
  ],
};

/** "Waiting for the operator": no conditions yet. */
const waitingRule: HealthRule = noConditionsRule;

/** A condition-reporting operand: Degraded=True is Degraded, `ready`=True is Healthy, else Progressing. */
function operandTable(group: string, version: string, kind: string, ready: string, source: string, progressing = false): HealthTable {
  return {
    group,
    version,
    kind,
    rules: [
      waitingRule,
      {
        status: 'Degraded',
        when: { op: 'condition', type: 'Degraded', status: 'True' },
        message: ['Degraded: ', { conditionText: 'Degraded' }],
        why: `${source}: the operator reports Degraded=True when it cannot reach the desired state.`,
      },
      ...(progressing
        ? [
            {
              status: 'Progressing' as const,
              when: { op: 'condition' as const, type: 'Progressing', status: 'True' as const },
              message: ['Progressing: ', { conditionText: 'Progressing' }],
              why: `${source}: Progressing=True during an install or upgrade of the operands.`,
            },
          ]
        : []),
      {
        status: 'Healthy',
        when: { op: 'condition', type: ready, status: 'True' },
        message: [{ conditionText: ready }],
        why: `${source}: ${ready}=True once every operand runs.`,
      },
      {
        status: 'Progressing',
        when: { op: 'always' },
        message: [`Waiting for ${ready}=True: `, { conditionText: ready }],
        why: 'Not ready yet, and nothing above applies.',
      },
    ],
  };
}

/** MultiClusterEngine (multicluster.openshift.io/v1): judged by `status.phase`. */
export const multiClusterEngineHealthTable: HealthTable = {
  group: 'multicluster.openshift.io',
  version: 'v1',
  kind: 'MultiClusterEngine',
  rules: [
    {
      status: 'Degraded',
      when: { op: 'field', path: ['status', 'phase'], equals: 'Error' },
      message: ['Phase Error'],
      why: 'backplane-operator api/v1 multiclusterengine_types.go: phase Error when a component cannot be deployed.',
    },
    {
      status: 'Healthy',
      when: { op: 'field', path: ['status', 'phase'], equals: 'Available' },
      message: ['Phase Available'],
      why: 'backplane-operator: phase Available once every enabled component is available.',
    },
    {
      status: 'Progressing',
      when: { op: 'always' },
      message: ['Phase ', { field: ['status', 'phase'] }],
      why: 'Installing, Progressing, Updating, Uninstalling or not reported yet.',
    },
  ],
};

/** MetalLB (metallb.io/v1beta1), reconciled by metallb-operator (pkg/status: Available, Progressing, Degraded). */
export const metalLBHealthTable = operandTable('metallb.io', 'v1beta1', 'MetalLB', 'Available', 'metallb-operator pkg/status');

/** HyperConverged (hco.kubevirt.io/v1beta1): HCO's Available, Progressing and Degraded conditions. */
export const hyperConvergedHealthTable = operandTable('hco.kubevirt.io', 'v1beta1', 'HyperConverged', 'Available', 'hyperconverged-cluster-operator conditions', true);

/** AgentServiceConfig (agent-install.openshift.io/v1beta1): assisted-service's DeploymentsHealthy condition. */
export const agentServiceConfigHealthTable: HealthTable = {
  group: 'agent-install.openshift.io',
  version: 'v1beta1',
  kind: 'AgentServiceConfig',
  rules: [
    waitingRule,
    conditionFalse('ReconcileCompleted', 'assisted-service agentserviceconfig_controller.go: ReconcileCompleted=False (with the failing step as reason) when a step fails.'),
    {
      status: 'Healthy',
      when: { op: 'condition', type: 'DeploymentsHealthy', status: 'True' },
      message: [{ conditionText: 'DeploymentsHealthy' }],
      why: 'assisted-service: DeploymentsHealthy=True once assisted-service and the image service run.',
    },
    {
      status: 'Progressing',
      when: { op: 'always' },
      message: ['Waiting for DeploymentsHealthy=True: ', { conditionText: 'DeploymentsHealthy' }],
      why: 'Not healthy yet, and nothing above applies.',
    },
  ],
};

/** Why each verdict of a {@link oneConditionTable} is given, with its upstream source. */
interface OneConditionWhy {
  readonly failed: string;
  readonly ready: string;
  readonly waiting: string;
}

/**
 * One condition decides: no conditions yet is Progressing, `type`=False (with `failedReason`, when
 * given) Degraded, `type`=True Healthy, anything else Progressing.
 */
function oneConditionTable(group: string, version: string, kind: string, type: string, why: OneConditionWhy, failedReason?: string): HealthTable {
  return {
    group,
    version,
    kind,
    rules: [
      waitingRule,
      conditionFalse(type, why.failed, failedReason),
      { status: 'Healthy', when: { op: 'condition', type, status: 'True' }, message: [{ conditionText: type }], why: why.ready },
      { status: 'Progressing', when: { op: 'always' }, message: [`Waiting for ${type}=True: `, { conditionText: type }], why: why.waiting },
    ],
  };
}

/** InfraEnv (agent-install.openshift.io/v1beta1): assisted-service's ImageCreated condition. */
export const infraEnvHealthTable = oneConditionTable(
  'agent-install.openshift.io',
  'v1beta1',
  'InfraEnv',
  'ImageCreated',
  {
    failed: 'assisted-service infraenv_controller.go: ImageCreated=False with reason ImageCreationError when the discovery image cannot be built (it waits for a fix).',
    ready: 'assisted-service: ImageCreated=True once the discovery ISO can be downloaded (status.isoDownloadURL).',
    waiting: 'The image is being built, or waits for its NMStateConfigs, and nothing above applies.',
  },
  'ImageCreationError',
);

/** BareMetalHost (metal3.io/v1alpha1): judged by `status.operationalStatus` and `status.provisioning.state`. */
export const bareMetalHostHealthTable: HealthTable = {
  group: 'metal3.io',
  version: 'v1alpha1',
  kind: 'BareMetalHost',
  rules: [
    {
      status: 'Degraded',
      when: { op: 'field', path: ['status', 'operationalStatus'], equals: 'error' },
      message: ['Error: ', { field: ['status', 'errorMessage'] }],
      why: 'baremetal-operator apis/metal3.io/v1alpha1/baremetalhost_types.go: operationalStatus error, with errorType and errorMessage, when the host cannot be managed (BMC unreachable, registration or provisioning failed).',
    },
    {
      status: 'Suspended',
      when: { op: 'field', path: ['status', 'operationalStatus'], equals: 'detached' },
      message: ['Detached: the host is not managed'],
      why: 'baremetal-operator: operationalStatus detached while the host carries the detached annotation; nothing is reconciled.',
    },
    {
      status: 'Healthy',
      when: { op: 'field', path: ['status', 'provisioning', 'state'], equals: 'provisioned' },
      message: ['Provisioned'],
      why: 'baremetal-operator: provisioning state provisioned once the host booted its image (for agents, the InfraEnv discovery ISO).',
    },
    {
      status: 'Healthy',
      when: { op: 'field', path: ['status', 'provisioning', 'state'], equals: 'externally provisioned' },
      message: ['Externally provisioned'],
      why: 'baremetal-operator: externally provisioned hosts are running and only watched.',
    },
    {
      status: 'Progressing',
      when: { op: 'always' },
      message: ['Provisioning state ', { field: ['status', 'provisioning', 'state'] }],
      why: 'registering, inspecting, available, provisioning... or not reported yet.',
    },
  ],
};

/**
 * KubeletConfig (machineconfiguration.openshift.io/v1): the Machine Config Operator appends a
 * condition per attempt (Success=True, or Failure=False with the error) and keeps the last few,
 * so only the newest, the last entry, counts.
 */
export const kubeletConfigHealthTable: HealthTable = {
  group: 'machineconfiguration.openshift.io',
  version: 'v1',
  kind: 'KubeletConfig',
  rules: [
    waitingRule,
    {
      status: 'Degraded',
      when: { op: 'lastCondition', type: 'Failure', status: 'False' },
      message: [{ value: 'lastCondition' }],
      why: 'machine-config-operator pkg/controller/kubelet-config: a config it cannot render gets a Failure condition (status False, message "Error: ...") appended; it stays until the spec changes.',
    },
    {
      status: 'Healthy',
      when: { op: 'lastCondition', type: 'Success', status: 'True' },
      message: ['Rendered for its MachineConfigPool (the pool rolls its nodes): ', { value: 'lastCondition' }],
      why: 'machine-config-operator: Success=True once the MachineConfig for the pool is written; the pool then updates its nodes one by one.',
    },
    {
      status: 'Progressing',
      when: { op: 'always' },
      message: ['Waiting for the Machine Config Operator: ', { value: 'lastCondition' }],
      why: 'Neither outcome is the newest condition yet.',
    },
  ],
};

/** IngressController (operator.openshift.io/v1): cluster-ingress-operator's Available, Progressing and Degraded conditions. */
export const ingressControllerHealthTable = operandTable('operator.openshift.io', 'v1', 'IngressController', 'Available', 'cluster-ingress-operator pkg/operator/controller/ingress/status.go', true);

/** CatalogSource (operators.coreos.com/v1alpha1): judged by the gRPC connection state OLM reports. */
export const catalogSourceHealthTable: HealthTable = {
  group: 'operators.coreos.com',
  version: 'v1alpha1',
  kind: 'CatalogSource',
  rules: [
    {
      status: 'Healthy',
      when: { op: 'field', path: ['status', 'connectionState', 'lastObservedState'], equals: 'READY' },
      message: ['Catalog connection READY'],
      why: 'operator-lifecycle-manager catalog operator: status.connectionState.lastObservedState is the gRPC state of the catalog pod; Subscriptions resolve once it is READY (the readiness the plan waits for).',
    },
    {
      status: 'Progressing',
      when: { op: 'always' },
      message: ['Catalog connection ', { field: ['status', 'connectionState', 'lastObservedState'] }],
      why: 'CONNECTING, IDLE or TRANSIENT_FAILURE while the catalog pod pulls its image and starts; a bad image stays TRANSIENT_FAILURE, which only time tells from a start.',
    },
  ],
};

/**
 * CredentialsRequest (cloud-credential-operator) inside a hosted cluster using AWS STS: the
 * operator sets `status.provisioned` once the credentials Secret is written (from the role ARN with
 * short-lived tokens), and its failure conditions are True while something is wrong.
 */
export const credentialsRequestHealthTable: HealthTable = {
  group: 'cloudcredential.openshift.io',
  version: 'v1',
  kind: 'CredentialsRequest',
  rules: [
    {
      status: 'Degraded',
      when: { op: 'condition', type: 'CredentialsProvisionFailure', status: 'True' },
      message: ['Credentials not provisioned: ', { conditionText: 'CredentialsProvisionFailure' }],
      why: 'cloud-credential-operator: CredentialsProvisionFailure is True while provisioning the credentials fails; its message holds the error.',
    },
    {
      status: 'Degraded',
      when: { op: 'condition', type: 'InsufficientCloudCreds', status: 'True' },
      message: ['Cloud credentials insufficient: ', { conditionText: 'InsufficientCloudCreds' }],
      why: 'cloud-credential-operator: InsufficientCloudCreds is True when the cluster credentials cannot satisfy the request.',
    },
    {
      status: 'Progressing',
      when: { op: 'condition', type: 'MissingTargetNamespace', status: 'True' },
      message: ['Waiting for the namespace of the credentials Secret: ', { conditionText: 'MissingTargetNamespace' }],
      why: 'cloud-credential-operator: MissingTargetNamespace is True until the namespace named by spec.secretRef exists (the operator install creates it).',
    },
    {
      status: 'Healthy',
      when: { op: 'field', path: ['status', 'provisioned'], equals: true },
      message: ['Credentials provisioned'],
      why: 'cloud-credential-operator: the CredentialsRequest controller sets provisioned after its actuator wrote the Secret (the readiness the plan waits for).',
    },
    {
      status: 'Progressing',
      when: { op: 'always' },
      message: ['Waiting for the credentials to be provisioned'],
      why: 'No failure condition is True and provisioned is not set yet: the operator has not synced the request.',
    },
  ],
};

const VELERO_TYPES = 'velero pkg/apis/velero/v1';

/**
 * A Velero run (Backup or Restore), judged by `status.phase`. The phase enums are in the CRDs
 * (velero.io_backups.yaml, velero.io_restores.yaml); the meanings are from the phase comments of
 * backup_types.go and restore_types.go. A phase ending in `PartiallyFailed` means some items
 * already failed, so the run can only end `PartiallyFailed`.
 */
function veleroRunTable(kind: 'Backup' | 'Restore', completed: string): HealthTable {
  const source = `${VELERO_TYPES}/${kind.toLowerCase()}_types.go`;
  const partial = (phase: string, why: string): HealthRule => ({
    status: 'Degraded',
    when: { op: 'field', path: ['status', 'phase'], equals: phase },
    message: [`Phase ${phase}: some items failed (velero ${kind.toLowerCase()} describe `, { field: ['metadata', 'name'] }, ' --details)'],
    why: `${source}: ${why}`,
  });
  return {
    group: 'velero.io',
    version: 'v1',
    kind,
    rules: [
      {
        status: 'Healthy',
        when: { op: 'field', path: ['status', 'phase'], equals: 'Completed' },
        message: [`Phase Completed: ${completed}`],
        why: `${source}: Completed once every item was processed without errors (the readiness the plan waits for; P2 §7.6 waits for it).`,
      },
      {
        status: 'Degraded',
        when: { op: 'field', path: ['status', 'phase'], equals: 'FailedValidation' },
        message: ['Phase FailedValidation: the spec was refused (status.validationErrors)'],
        why: `${source}: FailedValidation when the spec is invalid (e.g. an unknown storage location or backup); Velero never retries it.`,
      },
      {
        status: 'Degraded',
        when: { op: 'field', path: ['status', 'phase'], equals: 'Failed' },
        message: ['Phase Failed: ', { field: ['status', 'failureReason'] }],
        why: `${source}: Failed when the run as a whole failed; status.failureReason says why. Velero does not retry it.`,
      },
      partial('PartiallyFailed', 'PartiallyFailed when the run finished with errors on some items.'),
      partial('WaitingForPluginOperationsPartiallyFailed', 'items already failed while plugin operations (data movement) still run; it ends PartiallyFailed.'),
      partial('FinalizingPartiallyFailed', 'items already failed and the run is finalizing; it ends PartiallyFailed.'),
      {
        status: 'Progressing',
        when: { op: 'always' },
        message: ['Phase ', { field: ['status', 'phase'] }],
        why: `${source}: New, Queued, ReadyToStart, InProgress, WaitingForPluginOperations, Finalizing (or Deleting), or not reported yet.`,
      },
    ],
  };
}

/** Backup (velero.io/v1): judged by `status.phase`. */
export const backupHealthTable = veleroRunTable('Backup', 'the backup is stored');

/** Restore (velero.io/v1): judged by `status.phase`. */
export const restoreHealthTable = veleroRunTable('Restore', 'every item was restored');

/** Schedule (velero.io/v1): Suspended while `spec.paused`; otherwise judged by `status.phase` (New, Enabled, FailedValidation). */
export const scheduleHealthTable: HealthTable = {
  group: 'velero.io',
  version: 'v1',
  kind: 'Schedule',
  rules: [
    {
      status: 'Suspended',
      when: { op: 'field', path: ['spec', 'paused'], equals: true },
      message: ['Paused (spec.paused): no backups are made'],
      why: 'velero pkg/controller/schedule_controller.go: the controller filters paused Schedules out (no reconcile, no Backups), so the phase keeps its last value.',
    },
    {
      status: 'Degraded',
      when: { op: 'field', path: ['status', 'phase'], equals: 'FailedValidation' },
      message: ['Phase FailedValidation: the schedule was refused (status.validationErrors)'],
      why: 'velero schedule_types.go and schedule_controller.go: FailedValidation when spec.schedule is not a valid cron expression (robfig/cron ParseStandard); it is re-validated each minute, so it stays until the spec changes.',
    },
    {
      status: 'Healthy',
      when: { op: 'field', path: ['status', 'phase'], equals: 'Enabled' },
      message: ['Phase Enabled'],
      why: `${VELERO_TYPES}/schedule_types.go: Enabled once the schedule validated; Backups are then created on it (the readiness the plan waits for).`,
    },
    {
      status: 'Progressing',
      when: { op: 'always' },
      message: ['Phase ', { field: ['status', 'phase'] }],
      why: 'New, or not reported yet.',
    },
  ],
};

/**
 * DataProtectionApplication (oadp.openshift.io/v1alpha1): OADP's `Reconciled` condition. The
 * controller (oadp-operator internal/controller/dataprotectionapplication_controller.go, constants
 * in api/v1alpha1/dataprotectionapplication_types.go) sets it True (reason Complete) once every
 * reconcile step wrote its objects, and False (reason Error, the error as message) when a step or
 * the validation of the spec fails. Newer releases add a readiness condition per component
 * (internal/controller/readiness.go: Velero, node agent...); their type strings were not confirmed
 * and they are absent from older releases, so the row does not use them.
 */
export const dataProtectionApplicationHealthTable = oneConditionTable('oadp.openshift.io', 'v1alpha1', 'DataProtectionApplication', 'Reconciled', {
  failed:
    'oadp-operator dataprotectionapplication_controller.go: Reconciled=False (reason Error) with the validation or reconcile error as message; ' +
    'it stays until the spec or a referenced Secret changes.',
  ready: 'oadp-operator: Reconciled=True (reason Complete) once the Velero deployment, node agent and storage locations are written.',
  waiting: 'Not reconciled yet, and nothing above applies.',
});

/**
 * ManagedCluster (cluster.open-cluster-management.io/v1, cluster-scoped): the hub's conditions.
 * Types from open-cluster-management-io/api cluster/v1/types.go (the Available type is the string
 * `ManagedClusterConditionAvailable` itself).
 */
export const managedClusterHealthTable: HealthTable = {
  group: 'cluster.open-cluster-management.io',
  version: 'v1',
  kind: 'ManagedCluster',
  rules: [
    {
      status: 'Degraded',
      when: { op: 'condition', type: 'HubDeniedManagedCluster', status: 'True' },
      message: ['Denied by the hub: ', { conditionText: 'HubDeniedManagedCluster' }],
      why: 'ocm api cluster/v1/types.go: HubDeniedManagedCluster=True when the hub refuses the cluster (spec.hubAcceptsClient false or revoked); it never joins until that changes.',
    },
    {
      status: 'Healthy',
      when: { op: 'condition', type: 'ManagedClusterConditionAvailable', status: 'True' },
      message: [{ conditionText: 'ManagedClusterConditionAvailable' }],
      why: 'ocm api cluster/v1/types.go: Available means the kube-apiserver is healthy and the klusterlet agent runs on the cluster (the registration the plan waits for).',
    },
    {
      status: 'Degraded',
      when: { op: 'condition', type: 'ManagedClusterConditionAvailable', status: 'False' },
      message: ['Not available: ', { conditionText: 'ManagedClusterConditionAvailable' }],
      why: 'ocm registration: the agent reports Available=False when the cluster\'s kube-apiserver is unhealthy.',
    },
    {
      status: 'Progressing',
      when: { op: 'always' },
      message: ['Waiting for ManagedClusterConditionAvailable=True: ', { conditionText: 'ManagedClusterConditionAvailable' }],
      why: 'Not accepted or joined yet, or Unknown: the hub sets Unknown while the agent\'s lease is not renewed (the agent is not running yet, or it stopped).',
    },
  ],
};

const ADDON_TYPES = 'ocm api addon/v1alpha1/types_managedclusteraddon.go';

/**
 * ManagedClusterAddOn (addon.open-cluster-management.io/v1alpha1): the hub's hypershift add-on,
 * which installs the HyperShift operator. The registration agent sets Available from the add-on
 * agent's lease (ocm pkg/registration/spoke/addon/lease_controller.go): True while it is renewed,
 * False once it stops, Unknown before the first one; the add-on manager sets Available=False with
 * reason WorkApplyFailed when the agent's manifests cannot be applied.
 */
export const managedClusterAddOnHealthTable: HealthTable = {
  group: 'addon.open-cluster-management.io',
  version: 'v1alpha1',
  kind: 'ManagedClusterAddOn',
  rules: [
    noConditionsRule,
    {
      status: 'Degraded',
      when: { op: 'condition', type: 'Degraded', status: 'True' },
      message: ['Degraded: ', { conditionText: 'Degraded' }],
      why: `${ADDON_TYPES}: Degraded=True when the add-on agent provides a degraded service.`,
    },
    conditionFalse('Available', `${ADDON_TYPES}: reason WorkApplyFailed, the agent's manifests could not be applied to the cluster; it stays until they can.`, 'WorkApplyFailed'),
    conditionFalse('Available', 'ocm lease_controller.go: the agent stopped renewing its lease (it is not running); Unknown before its first lease only waits.', 'ManagedClusterAddOnLeaseUpdateStopped'),
    {
      status: 'Healthy',
      when: { op: 'condition', type: 'Available', status: 'True' },
      message: [{ conditionText: 'Available' }],
      why: `${ADDON_TYPES}: Available means the add-on agent runs on the cluster (for hypershift-addon: it installs and keeps the HyperShift operator).`,
    },
    {
      status: 'Progressing',
      when: { op: 'always' },
      message: ['Waiting for Available=True: ', { conditionText: 'Available' }],
      why: 'The agent is being deployed, or has not renewed its lease yet (Available Unknown).',
    },
  ],
};

const ICI_CONTROLLER = 'image-based-install-operator controllers/imageclusterinstall_controller.go';

/** RequirementsMet=False with a reason the image-based install operator gives when a step failed (not merely pending). */
function iciRequirementFailed(reason: string, step: string): HealthRule {
  return conditionFalse('RequirementsMet', `${ICI_CONTROLLER}: RequirementsMet=False with reason ${reason} when ${step}; the *Pending reasons only wait.`, reason);
}

/**
 * ImageClusterInstall (extensions.hive.openshift.io/v1alpha1): Hive's ClusterInstall contract
 * conditions (hive apis/hive/v1 clusterinstall_conditions.go: RequirementsMet, Completed, Failed,
 * Stopped), as the image-based install operator sets them (controllers/conditions.go): all four
 * start Unknown; while installing, Completed/Stopped/Failed are False with reason
 * ClusterInstallationInProgress; on success Completed and Stopped are True; on timeout Failed is
 * True (reason ClusterInstallationTimedOut) and stays so.
 */
export const imageClusterInstallHealthTable: HealthTable = {
  group: 'extensions.hive.openshift.io',
  version: 'v1alpha1',
  kind: 'ImageClusterInstall',
  rules: [
    noConditionsRule,
    {
      status: 'Healthy',
      when: { op: 'condition', type: 'Completed', status: 'True' },
      message: [{ conditionText: 'Completed' }],
      why: 'image-based-install-operator controllers/conditions.go: Completed=True (reason ClusterInstallationSucceeded) once the site\'s cluster reports installed; the operator then stops watching it.',
    },
    {
      status: 'Degraded',
      when: { op: 'condition', type: 'Failed', status: 'True' },
      message: ['Failed=True: ', { conditionText: 'Failed' }],
      why: 'image-based-install-operator controllers/conditions.go: Failed=True when the install did not finish within its timeout (reason ClusterInstallationTimedOut); the monitor keeps that verdict.',
    },
    iciRequirementFailed('HostValidationFailed', 'the BareMetalHost is invalid for an image-based install'),
    iciRequirementFailed('ConfigurationFailed', 'the BareMetalHost cannot be set up (its automated cleaning mode cannot be changed)'),
    iciRequirementFailed('ImageCreationFailed', 'the configuration image cannot be built'),
    iciRequirementFailed('HostConfigurationFailed', 'the configuration image cannot be attached to the host'),
    {
      status: 'Degraded',
      when: { op: 'condition', type: 'Stopped', status: 'True' },
      message: ['Stopped without completing: ', { conditionText: 'Stopped' }],
      why: 'hive clusterinstall_conditions.go: Stopped=True means the controllers no longer work on the install; without Completed=True (checked above) it did not succeed.',
    },
    {
      status: 'Progressing',
      when: { op: 'always' },
      message: ['Waiting for Completed=True: ', { conditionText: 'Completed' }],
      why: 'Validating, building or attaching the configuration image, or installing (Completed=False, reason ClusterInstallationInProgress).',
    },
  ],
};

/**
 * Kinds the library applies that have a status but no table here, and why neither Argo CD nor
 * Flux needs one from the library: `group/Kind` → the reason. test/gitops/health-registry.test.ts
 * holds every kind of lib/api/kinds.generated.ts with a status schema to a table or an entry here.
 */
export const KINDS_WITHOUT_HEALTH_ROWS: Readonly<Record<string, string>> = {
  'external-secrets.io/ExternalSecret': 'Argo CD ships a health check for it (resource_customizations/external-secrets.io/ExternalSecret), and Flux reads its Ready condition (kstatus).',
  'operators.coreos.com/Subscription': 'Argo CD ships a health check for it (resource_customizations/operators.coreos.com/Subscription); Flux treats it as ready once applied, and the plan waits on its state (AtLatestKnown) for Pulumi.',
  'operators.coreos.com/OperatorGroup': 'Nothing to wait for: its status lists the namespaces OLM targets; install problems show on the Subscription and its CSV.',
  'metallb.io/IPAddressPool': 'Nothing to wait for: its status only counts assigned and available addresses.',
  'metallb.io/L2Advertisement': 'Nothing to wait for: its status has no fields.',
  'metallb.io/BGPAdvertisement': 'Nothing to wait for: its status has no fields.',
  'metallb.io/BGPPeer': 'Nothing to wait for: its status has no fields; session state is on the speakers (FRR), not here.',
  'kubevirt.io/VirtualMachine': 'Argo CD ships a health check for it (resource_customizations/kubevirt.io/VirtualMachine), and Flux reads its Ready condition (kstatus).',
  // Node configuration: payloads inside the ConfigMaps a NodePool names (MachineConfig has no
  // status); HyperShift renders them into the nodes' ignition, and the NodePool reports on them.
  'machineconfiguration.openshift.io/ContainerRuntimeConfig': 'Never applied as an object: a payload inside a NodePool ConfigMap; the NodePool row judges it (ValidMachineConfig, UpdatingConfig).',
  'config.openshift.io/ImageDigestMirrorSet': 'Nothing to wait for: its status has no fields. It is a payload inside a NodePool ConfigMap (the NodePool row judges it: ValidMachineConfig, UpdatingConfig) or applied to a disconnected management cluster, where the Machine Config Operator rolls it out.',
  'tuned.openshift.io/Tuned': 'Never applied as an object: a payload inside a NodePool ConfigMap (tuningConfig); the NodePool row judges it (ValidTuningConfig).',
  'performance.openshift.io/PerformanceProfile': 'Never applied as an object: a payload inside a NodePool ConfigMap (tuningConfig); the NodePool row judges it (ValidTuningConfig).',
  // SR-IOV inside a hosted cluster.
  'sriovnetwork.openshift.io/SriovNetworkNodePolicy': 'Nothing to wait for: its status has no fields; the operator reports the node state on SriovNetworkNodeState objects it creates.',
  'sriovnetwork.openshift.io/SriovNetwork': 'Nothing to wait for that is fixed in its CRD: the condition types of status.conditions are not part of the schema and were not confirmed, and the NetworkAttachmentDefinition it renders is what pods use.',
  // Disconnected management cluster.
  'config.openshift.io/ImageTagMirrorSet': 'Nothing to wait for: its status has no fields; the Machine Config Operator rolls it out to the nodes.',
  'config.openshift.io/Image': 'A patch of the cluster-wide `cluster` object, which the cluster owns: its status only lists registry hostnames, and the operators that read it report nothing on it.',
  // Import into ACM and edge sites.
  'agent.open-cluster-management.io/KlusterletAddonConfig': 'Nothing to wait for: the add-ons it enables report on ManagedClusterAddOn objects; the ManagedCluster row judges the registration.',
  'hive.openshift.io/ClusterDeployment': "Hive's own conditions describe the install its ClusterInstall runs; the ImageClusterInstall row judges that install.",
  'hive.openshift.io/ClusterImageSet': 'Nothing to wait for: its status has no fields; installs that name it check the release.',
  // Delivery (lib/delivery): the gitops-<cluster> folders, applied once by hand or by the engine's own bootstrap; nothing of the library waits on them.
  'argoproj.io/ApplicationSet': 'Argo CD ships a health check for it (resource_customizations/argoproj.io/ApplicationSet); the Applications it makes report each folder.',
  'argoproj.io/AppProject': 'Nothing to wait for: a project is a set of rules; its status only lists the tokens of its roles.',
  'kustomize.toolkit.fluxcd.io/Kustomization': 'Argo CD ships a health check for it, and Flux reads its Ready condition (kstatus); `dependsOn` orders the stages on it.',
  'source.toolkit.fluxcd.io/GitRepository': 'Argo CD ships a health check for it, and Flux reads its Ready condition (kstatus).',
  'cluster.open-cluster-management.io/ManagedClusterSetBinding': "Nothing to wait for in the delivery folder, which is applied once by hand: its Bound condition shows in ACM's console, and an unbound set leaves the Placement empty.",
  'cluster.open-cluster-management.io/Placement': 'Nothing to wait for in the delivery folder, which is applied once by hand: its PlacementSatisfied condition and PlacementDecisions show which clusters it chose.',
  'apps.open-cluster-management.io/GitOpsCluster': 'Nothing to wait for in the delivery folder, which is applied once by hand: its Ready condition says whether the Argo CD cluster Secrets were written.',
};

/** Every table, one per kind: the hosted-cluster kinds, the management cluster's operands, backup and restore, registration (and the hub's add-on) and edge installs. */
export const healthTables: readonly HealthTable[] = [
  hostedClusterHealthTable,
  nodePoolHealthTable,
  multiClusterEngineHealthTable,
  metalLBHealthTable,
  hyperConvergedHealthTable,
  agentServiceConfigHealthTable,
  infraEnvHealthTable,
  bareMetalHostHealthTable,
  kubeletConfigHealthTable,
  ingressControllerHealthTable,
  catalogSourceHealthTable,
  credentialsRequestHealthTable,
  dataProtectionApplicationHealthTable,
  backupHealthTable,
  scheduleHealthTable,
  restoreHealthTable,
  managedClusterHealthTable,
  managedClusterAddOnHealthTable,
  imageClusterInstallHealthTable,
];
