/**
 * Day 2, inside a hosted cluster: the SR-IOV Network Operator (documentation chapter 9.3), its
 * node policies and networks, applied to the hosted cluster's own API.
 *
 * The documented install: Namespace `openshift-sriov-network-operator`, OperatorGroup
 * `sriov-network-operators` targeting it, and a Subscription to `sriov-network-operator` on
 * channel `stable` from `redhat-operators`, whose pods run on workers (`config.nodeSelector`
 * `node-role.kubernetes.io/worker`). The documentation's Subscription is named
 * `sriov-network-operator-subsription` and its source is garbled; the library writes
 * `sriov-network-operator-subscription` and `redhat-operators`. Its prerequisite is a hosted
 * cluster on AWS: other platforms get a warning.
 *
 * The operator watches only its own namespace, so policies and networks are written there; its
 * admission webhook checks them, so they come after the operator.
 *
 * | phase (wave) | objects | ready when |
 * |---|---|---|
 * | catalogs (-4) | Namespace, OperatorGroup | exists |
 * | operators (-3) | Subscription | `status.state` AtLatestKnown |
 * | webhooks-ready (-1) | SriovNetworkNodePolicies, SriovNetworks | exists |
 */
import type { SriovNetwork, SriovNetworkNodePolicy } from '../api';
import { GUEST_API_VERSIONS } from '../api';
import { checkApiSchemas } from '../core/api-schema-check';
import { checkProps, withSchemaFindings } from '../core/check-props';
import { IssueCollector, ValidationIssue } from '../core/errors';
import { dnsSubdomainProblem } from '../core/names';
import { PHASES, PlanItem, PlannedPart, hostedClusterTarget, planItem } from '../core/plan-model';
import { bool, count, list, oneOf, passthroughList, quote, strict, stringMap, text } from '../core/schema';
import { v } from '../core/valibot';
import { awsPlatform } from '../platforms/aws';
import type { KnownChannels } from '../management/operator-install';
import { GuestClusterRef, planGuestOperator } from './guest-operators';
import type { GuestToleration } from './guest-operators-props';
import type { SriovNetworkProps, SriovNodePolicyProps, SriovOperatorProps } from './sriov-props';
import { ON_OFF, SRIOV_DEVICE_TYPES, VF_LINK_STATES } from './sriov-props';
import { SUBSCRIPTION_APPROVALS } from '../management/management-cluster-props';

export type * from './sriov-props';

/** The documented install (chapter 9.3). */
export const SRIOV_OPERATOR = {
  package: 'sriov-network-operator',
  namespace: 'openshift-sriov-network-operator',
  operatorGroup: 'sriov-network-operators',
  subscription: 'sriov-network-operator-subscription',
  defaultChannel: 'stable',
  // Red Hat publishes the operator on `stable` (and, for older releases, `4.<minor>`).
  channelPattern: /^(stable|4\.\d+)$/,
  channelExample: 'stable',
  workers: { 'node-role.kubernetes.io/worker': '' },
} as const satisfies KnownChannels & Record<string, unknown>;

/** Nodes the operator's feature discovery marks as having SR-IOV NICs: a policy's default nodeSelector. */
export const SRIOV_CAPABLE_NODES = { 'feature.node.kubernetes.io/network-sriov.capable': 'true' } as const;

/** Device-plugin resource names the operator's webhook accepts. */
const RESOURCE_NAME = /^[a-zA-Z0-9_]+$/;

const settings = { max: 63 };

/** @internal */
export const hostedClusterSriovPropsSchema = strict({
    operator: v.optional(
      strict({
        channel: v.optional(text({ max: 253 })),
        source: v.optional(text(settings)),
        sourceNamespace: v.optional(text(settings)),
        approval: v.optional(oneOf(SUBSCRIPTION_APPROVALS)),
        startingCSV: v.optional(text({ max: 253 })),
        nodeSelector: v.optional(stringMap()),
        tolerations: v.optional(passthroughList<readonly GuestToleration[]>()),
      }),
    ),
    nodePolicies: v.optional(
      list(
        strict({
          name: text({ max: 253 }),
          resourceName: text({ max: 63 }),
          // The CRD sets no maximum; 256 is past every NIC's VF limit (the webhook checks the NIC's own).
          numVfs: count(0, 256),
          nicSelector: strict({
            vendor: v.optional(text({ max: 8 })),
            deviceID: v.optional(text({ max: 8 })),
            pfNames: v.optional(list(text({ max: 64 }), { max: 64 })),
            rootDevices: v.optional(list(text({ max: 64 }), { max: 64 })),
            netFilter: v.optional(text({ max: 256 })),
          }),
          nodeSelector: v.optional(stringMap()),
          deviceType: v.optional(oneOf(SRIOV_DEVICE_TYPES)),
          priority: v.optional(count(0, 99)),
          mtu: v.optional(count(1, 65535)),
          isRdma: v.optional(bool()),
        }),
        { max: 64 },
      ),
    ),
    networks: v.optional(
      list(
        strict({
          name: text({ max: 253 }),
          resourceName: text({ max: 63 }),
          networkNamespace: v.optional(text(settings)),
          vlan: v.optional(count(0, 4094)),
          ipam: v.optional(text({ max: 4096 })),
          spoofChk: v.optional(oneOf(ON_OFF)),
          trust: v.optional(oneOf(ON_OFF)),
          linkState: v.optional(oneOf(VF_LINK_STATES)),
        }),
        { max: 64 },
      ),
    ),
});

/** The SR-IOV objects for one hosted cluster's API, validated. */
export interface HostedClusterSriovPlan extends PlannedPart {
  /** Namespace of the HostedCluster into whose API the SR-IOV objects go. */
  readonly namespace: string;
  /** Name of the HostedCluster into whose API the SR-IOV objects go. */
  readonly name: string;
  /** One SriovNetworkNodePolicy per entry of the props' `nodePolicies`, in order. */
  readonly nodePolicies: readonly SriovNetworkNodePolicy[];
  /** The SriovNetworks that attach pods to the policies' resources. */
  readonly networks: readonly SriovNetwork[];
  /** Warnings about the SR-IOV objects (such as a platform the documentation does not cover); when the planner finds an error it returns no plan. */
  readonly warnings: readonly ValidationIssue[];
}

/** Checks the SR-IOV props (any value) against the hosted cluster and plans them; findings instead of exceptions. */
export function checkHostedClusterSriov(cluster: GuestClusterRef, input: unknown): { plan?: HostedClusterSriovPlan; issues: readonly ValidationIssue[] } {
  const { namespace = '', name: clusterName } = cluster.hostedCluster.metadata;
  const label = `HostedClusterSriov ${namespace}/${clusterName}`;
  const checked = checkProps(hostedClusterSriovPropsSchema, input, label, ['nodePolicies']);
  if (!checked.props) return { issues: checked.issues };
  const props = checked.props;
  const issues = new IssueCollector(label);
  const type = cluster.hostedCluster.spec.platform.type;
  if (type !== awsPlatform.type) {
    issues.warn('(cluster)', `the documentation describes SR-IOV inside hosted clusters on ${awsPlatform.type} only (chapter 9.3 prerequisites); ${namespace}/${clusterName} runs on ${type}.`, 'Check that Red Hat supports SR-IOV on this platform before relying on it.');
  }
  const objects: PlanItem[] = planSriovOperator(cluster, props.operator ?? {}, issues);
  const nodePolicies = (props.nodePolicies ?? []).map((policy, i) => nodePolicyObject(policy, `nodePolicies[${i}]`, issues));
  const networks = networkObjects(props.networks ?? [], new Set(nodePolicies.map((p) => p.spec.resourceName)), issues);
  objects.push(...nodePolicies.map((p) => planItem(p, PHASES.webhooksReady)), ...networks.map((n) => planItem(n, PHASES.webhooksReady)));
  if (checked.issues.length > 0) return { issues: withSchemaFindings(checked, issues.issues) };
  checkApiSchemas(objects.map((o) => o.object), issues, ` in ${namespace}/${clusterName}`);
  if (issues.issues.some((i) => i.severity === 'error')) return { issues: issues.issues };
  const plan: HostedClusterSriovPlan = {
    label,
    target: hostedClusterTarget(namespace, clusterName),
    objects,
    namespace,
    name: clusterName,
    nodePolicies,
    networks,
    warnings: issues.issues.filter((i) => i.severity === 'warning'),
  };
  return { plan, issues: issues.issues };
}

/** The documented install (chapter 9.3), with the user's changes; the channel checked against the Red Hat catalog's. */
function planSriovOperator(cluster: GuestClusterRef, operator: SriovOperatorProps, issues: IssueCollector): PlanItem[] {
  return planGuestOperator(
    {
      package: SRIOV_OPERATOR.package,
      namespace: SRIOV_OPERATOR.namespace,
      operatorGroup: SRIOV_OPERATOR.operatorGroup,
      subscriptionName: SRIOV_OPERATOR.subscription,
      channel: operator.channel ?? SRIOV_OPERATOR.defaultChannel,
      ...(operator.source ? { source: operator.source } : {}),
      ...(operator.sourceNamespace ? { sourceNamespace: operator.sourceNamespace } : {}),
      ...(operator.approval ? { approval: operator.approval } : {}),
      ...(operator.startingCSV ? { startingCSV: operator.startingCSV } : {}),
      nodeSelector: operator.nodeSelector ?? SRIOV_OPERATOR.workers,
      ...(operator.tolerations ? { tolerations: operator.tolerations } : {}),
    },
    {
      cluster,
      catalogs: { planned: new Map(), defaultsDisabled: cluster.hostedCluster.spec.configuration?.operatorhub?.disableAllDefaultSources ?? false },
      path: 'operator',
      issues,
      known: SRIOV_OPERATOR,
    },
  );
}

/** The networks, each from a resource a node policy of this part offers. */
function networkObjects(networks: readonly SriovNetworkProps[], resources: ReadonlySet<string>, issues: IssueCollector): SriovNetwork[] {
  return networks.map((network, i) => {
    const path = `networks[${i}]`;
    if (!resources.has(network.resourceName)) {
      issues.error(`${path}.resourceName`, `no node policy offers the resource ${quote(network.resourceName)}.`, resources.size > 0 ? `Use one of ${[...resources].join(', ')}.` : 'Add a node policy with this resourceName.');
    }
    if (network.ipam !== undefined && !isJsonObject(network.ipam)) {
      issues.error(`${path}.ipam`, 'is not a JSON object; the CNI plugin parses it.', 'Give a JSON object as text, e.g. {"type":"whereabouts","range":"192.0.2.0/24"}.');
    }
    const { name, ...spec } = network;
    const object: SriovNetwork = { apiVersion: GUEST_API_VERSIONS.sriov, kind: 'SriovNetwork', metadata: { name, namespace: SRIOV_OPERATOR.namespace }, spec };
    return object;
  });
}

/** One node policy, with the rules the operator's admission webhook applies. */
function nodePolicyObject(policy: SriovNodePolicyProps, path: string, issues: IssueCollector): SriovNetworkNodePolicy {
  const problem = dnsSubdomainProblem(policy.name);
  if (problem) issues.error(`${path}.name`, `${quote(policy.name)} ${problem}.`, 'Use lowercase letters, digits, dashes and dots.');
  if (!RESOURCE_NAME.test(policy.resourceName)) {
    issues.error(`${path}.resourceName`, `${quote(policy.resourceName)} has characters other than letters, digits and "_"; the operator refuses it.`, 'Use letters, digits and underscores (e.g. intel_nics).');
  }
  const nic = policy.nicSelector;
  if (!nic.vendor && !nic.deviceID && !nic.pfNames?.length && !nic.rootDevices?.length && !nic.netFilter) {
    issues.error(`${path}.nicSelector`, 'selects no NIC: the operator needs at least one of vendor, deviceID, pfNames, rootDevices or netFilter.', 'Name the NICs, e.g. pfNames: ["ens5f0"].');
  }
  if (policy.isRdma && policy.deviceType === 'vfio-pci') {
    issues.error(`${path}.isRdma`, 'RDMA works with the netdevice driver only; the operator refuses it with vfio-pci.', 'Use deviceType netdevice, or drop isRdma.');
  }
  const { name, nodeSelector, ...spec } = policy;
  return {
    apiVersion: GUEST_API_VERSIONS.sriov,
    kind: 'SriovNetworkNodePolicy',
    metadata: { name, namespace: SRIOV_OPERATOR.namespace },
    spec: { ...spec, nodeSelector: nodeSelector ?? SRIOV_CAPABLE_NODES, nicSelector: { ...nic } },
  };
}

function isJsonObject(text: string): boolean {
  try {
    const value: unknown = JSON.parse(text);
    return typeof value === 'object' && value !== null && !Array.isArray(value);
  } catch {
    return false;
  }
}
