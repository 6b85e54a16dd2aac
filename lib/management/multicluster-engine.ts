/**
 * The multicluster engine with HyperShift: the MultiClusterEngine (cluster-scoped) with the
 * `hypershift` and `hypershift-local-hosting` components on, the hypershift add-on's
 * AddOnDeploymentConfig (and its ManagedClusterAddOn, on hubs where MCE does not create it), and
 * the Secrets the add-on hands to the HyperShift operator.
 */
import type { AddOnDeploymentConfig, KubernetesObject, ManagedClusterAddOn, MultiClusterEngine } from '../api';
import { MANAGEMENT_API_VERSIONS } from '../api';
import type { IssueCollector } from '../core/errors';
import { PHASES, PlanItem, planItem } from '../core/plan-model';
import { checkAwsZones } from '../platforms/aws/zones';
import { OPERATOR_PACKAGES } from './olm';
import { LOCAL_CLUSTER_NAMESPACE, OPERATOR_SECRET_NAMES, renderOperatorSecret } from './operator-secrets';
import { INFRA_ROLE_LABEL } from './nodes';
import { operandResource, secretReadiness } from './planned';
import type { AddOnNodePlacementProps, HypershiftAddOnProps, MultiClusterEngineProps } from './props';

export const MCE_DEFAULT_NAME = 'multiclusterengine';
/** Created by MCE; the add-on reads it (documentation: "Advanced configuration", disabling auto-import). */
export const HYPERSHIFT_ADDON_CONFIG = 'hypershift-addon-deploy-config';
/** Always on: the two components that run HyperShift on the hub. */
export const HYPERSHIFT_COMPONENTS = ['hypershift', 'hypershift-local-hosting'] as const;
/**
 * Component names MCE knows (backplane-operator `api/v1/multiclusterengine_methods.go`); the CRD
 * does not list them, so a typo would be ignored silently.
 */
export const MCE_COMPONENTS = [
  'assisted-service', 'cluster-api', 'cluster-api-provider-aws', 'cluster-api-provider-azure-preview', 'cluster-api-provider-metal3',
  'cluster-api-provider-openshift-assisted', 'cluster-lifecycle', 'cluster-manager', 'cluster-permission', 'cluster-proxy-addon',
  'console-mce', 'discovery', 'fleet-navigation', 'hive', 'hypershift', 'hypershift-local-hosting', 'image-based-install-operator',
  'local-cluster', 'managedserviceaccount', 'server-foundation', 'maestro-preview',
] as const;

/** The MultiClusterEngine with the platforms' components, the HyperShift add-on's settings and the operator's Secrets. */
export function planMultiClusterEngine(
  props: MultiClusterEngineProps,
  presetComponents: readonly string[],
  options: { allowInline: boolean; issues: IssueCollector },
): PlanItem[] {
  // MCE reports its phase; Available once every enabled component is (backplane-operator status.go).
  const objects: PlanItem[] = [planItem(engineObject(props, presetComponents, options.issues), PHASES.operatorConfiguration, { kind: 'jsonpath', path: '.status.phase', value: 'Available' })];
  const { managedClusterAddOn, ...config } = props.hypershiftAddOn ?? {};
  if (Object.values(config).some((value) => value !== undefined)) {
    // MCE creates this object; it is patched, and only after MCE is Available (its CRD comes with MCE).
    objects.push(planItem(addOnConfig(config, options.issues), PHASES.webhooksReady, { kind: 'exists' }, { patch: true }));
  }
  if (managedClusterAddOn) {
    // In local-cluster, which exists once MCE is Available; hosted clusters (waves 0-3) wait for the
    // add-on's agent to report Available: it is what installs the HyperShift operator.
    objects.push(planItem(operandResource(hypershiftAddOn()), PHASES.webhooksReady, HYPERSHIFT_ADDON_READY));
  }
  for (const object of operatorSecrets(props, options)) {
    // SkipDryRunOnMissingResource too: the namespace appears only with MCE, so Argo CD's dry run cannot see it.
    objects.push(planItem(operandResource(object), PHASES.webhooksReady, secretReadiness(object)));
  }
  return objects;
}

/** The engine: the platforms' components, the user's switches (checked), and HyperShift's own always on. */
function engineObject(props: MultiClusterEngineProps, presetComponents: readonly string[], issues: IssueCollector): MultiClusterEngine {
  const components: Record<string, boolean> = Object.fromEntries(presetComponents.map((c) => [c, true]));
  for (const [component, enabled] of Object.entries(props.components ?? {})) {
    const path = `multiclusterEngine.components[${JSON.stringify(component)}]`;
    if (!(MCE_COMPONENTS as readonly string[]).includes(component)) {
      issues.error(path, `"${component}" is not a multicluster engine component; MCE would ignore it.`, `Use one of ${MCE_COMPONENTS.join(', ')}.`);
    } else if ((HYPERSHIFT_COMPONENTS as readonly string[]).includes(component) && !enabled) {
      issues.error(path, `${component} cannot be switched off: it is what runs HyperShift on this cluster.`, 'Remove it; to remove HyperShift, delete the management cluster (docs/management-cluster.md, "Removal", gives the order).');
    }
    components[component] = enabled;
  }
  // Cluster API must stay off beside HyperShift (documentation: "cluster-api and cluster-api-provider-aws must stay disabled").
  for (const conflicting of ['cluster-api', 'cluster-api-provider-aws']) {
    if (components[conflicting]) issues.error(`multiclusterEngine.components[${JSON.stringify(conflicting)}]`, `${conflicting} conflicts with hypershift and hypershift-local-hosting.`, 'Leave it off.');
  }
  for (const c of HYPERSHIFT_COMPONENTS) components[c] = true;
  return operandResource({
    apiVersion: MANAGEMENT_API_VERSIONS.multiClusterEngine,
    kind: 'MultiClusterEngine',
    metadata: { name: props.name ?? MCE_DEFAULT_NAME },
    spec: {
      targetNamespace: OPERATOR_PACKAGES.multiclusterEngine.namespace,
      ...(props.availability ? { availabilityConfig: props.availability } : {}),
      overrides: {
        components: Object.entries(components)
          .sort(([a], [b]) => (a < b ? -1 : 1))
          .map(([name, enabled]) => ({ name, enabled })),
      },
    },
  });
}

/** The hub's hypershift add-on and the namespace its agent runs in (documentation: "Manually enabling the hypershift-addon managed cluster add-on for local-cluster"). */
export const HYPERSHIFT_ADDON = { name: 'hypershift-addon', installNamespace: 'open-cluster-management-agent-addon' } as const;

/** The add-on manager sets Available from the agent's lease (ocm registration, addon lease_controller.go). */
const HYPERSHIFT_ADDON_READY = { kind: 'condition', type: 'Available', status: 'True' } as const;

/** The hypershift add-on of the hub itself (the ManagedCluster `local-cluster`), as the documentation creates it by hand. */
function hypershiftAddOn(): ManagedClusterAddOn {
  return {
    apiVersion: MANAGEMENT_API_VERSIONS.managedClusterAddOn,
    kind: 'ManagedClusterAddOn',
    metadata: { name: HYPERSHIFT_ADDON.name, namespace: LOCAL_CLUSTER_NAMESPACE },
    spec: { installNamespace: HYPERSHIFT_ADDON.installNamespace },
  };
}

/** The documentation's placement on infrastructure nodes ("Running the hypershift add-on on infrastructure nodes"). */
export const INFRA_NODE_PLACEMENT: AddOnNodePlacementProps = {
  nodeSelector: { [INFRA_ROLE_LABEL]: '' },
  tolerations: [{ effect: 'NoSchedule', key: INFRA_ROLE_LABEL, operator: 'Exists' }],
};

/**
 * The add-on's hosted-cluster limits when its AddOnDeploymentConfig sets none (hypershift-addon-operator's
 * defaults, the values of the documentation's example): it refuses to place more than `hcMaxNumber`
 * hosted clusters and warns from `hcThresholdNumber`.
 */
export const ADD_ON_LIMIT_DEFAULTS = { hcMaxNumber: 80, hcThresholdNumber: 60 } as const;

/** The HyperShift add-on's variables and placement, as a patch of the AddOnDeploymentConfig MCE creates. */
function addOnConfig(a: Omit<HypershiftAddOnProps, 'managedClusterAddOn'>, issues: IssueCollector): AddOnDeploymentConfig {
  if (a.hcMaxNumber !== undefined && a.hcThresholdNumber !== undefined && a.hcThresholdNumber > a.hcMaxNumber) {
    issues.error('multiclusterEngine.hypershiftAddOn.hcThresholdNumber', `${a.hcThresholdNumber} is above hcMaxNumber (${a.hcMaxNumber}); the warning would never come before the limit.`, 'Set hcThresholdNumber at or below hcMaxNumber.');
  }
  const variables = [
    ['hcMaxNumber', a.hcMaxNumber],
    ['hcThresholdNumber', a.hcThresholdNumber],
    ['disableMetrics', a.disableMetrics],
    ['autoImportDisabled', a.autoImportDisabled],
  ] as const;
  const customizedVariables = variables.filter(([, value]) => value !== undefined).map(([name, value]) => ({ name, value: String(value) }));
  const placement = a.nodePlacement === 'infra' ? INFRA_NODE_PLACEMENT : a.nodePlacement;
  if (placement && !placement.nodeSelector && !placement.tolerations) {
    issues.warn('multiclusterEngine.hypershiftAddOn.nodePlacement', 'the placement has neither nodeSelector nor tolerations, so it changes nothing.', "Give a nodeSelector (and the tolerations its nodes' taints need), or 'infra'.");
  }
  return operandResource({
    apiVersion: MANAGEMENT_API_VERSIONS.addOnDeploymentConfig,
    kind: 'AddOnDeploymentConfig',
    metadata: { name: HYPERSHIFT_ADDON_CONFIG, namespace: OPERATOR_PACKAGES.multiclusterEngine.namespace },
    // Only the fields given: the object is patched, and an empty list would claim the field.
    spec: {
      ...(customizedVariables.length > 0 ? { customizedVariables } : {}),
      ...(placement ? { nodePlacement: placement } : {}),
    },
  });
}

/** The HyperShift operator's inputs (OIDC storage, external DNS, PrivateLink credentials) as Secrets or ExternalSecrets. */
function operatorSecrets(props: MultiClusterEngineProps, options: { allowInline: boolean; issues: IssueCollector }): KubernetesObject[] {
  const { issues } = options;
  // The add-on's inputs live in local-cluster, which exists once MCE has imported the hub: after MCE is Available.
  const secrets = [];
  if (props.oidcStorage) {
    const s = props.oidcStorage;
    if (s.bucket.includes('.')) issues.error('multiclusterEngine.oidcStorage.bucket', `"${s.bucket}" contains dots; the HyperShift operator refuses such bucket names (virtual-host TLS).`, 'Use a bucket name without dots.');
    secrets.push(renderOperatorSecret({ name: OPERATOR_SECRET_NAMES.oidcStorage, values: [{ key: 'credentials', prop: 'credentials', source: s.credentials }], plain: { bucket: s.bucket, region: s.region } }, { ...options, path: 'multiclusterEngine.oidcStorage' }));
  }
  if (props.externalDns) {
    const d = props.externalDns;
    secrets.push(renderOperatorSecret({ name: OPERATOR_SECRET_NAMES.externalDns, values: [{ key: 'credentials', prop: 'credentials', source: d.credentials }], plain: { provider: d.provider, 'domain-filter': d.domainFilter } }, { ...options, path: 'multiclusterEngine.externalDns' }));
  }
  if (props.privateLink) {
    const p = props.privateLink;
    const path = 'multiclusterEngine.privateLink.zones';
    if (p.zones) checkAwsZones(p.region, p.zones, issues, { list: path, zone: (index) => `${path}[${index}]` });
    secrets.push(
      renderOperatorSecret(
        {
          name: OPERATOR_SECRET_NAMES.privateLink,
          values: [
            { key: 'aws-access-key-id', prop: 'accessKeyId', source: p.accessKeyId },
            { key: 'aws-secret-access-key', prop: 'secretAccessKey', source: p.secretAccessKey },
          ],
          plain: { region: p.region },
        },
        { ...options, path: 'multiclusterEngine.privateLink' },
      ),
    );
  }
  return secrets.flat();
}

export { LOCAL_CLUSTER_NAMESPACE };
