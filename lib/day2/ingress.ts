/**
 * Day 2, inside a hosted cluster: how its ingress router gets an address. The objects are applied
 * to the hosted cluster's own API (a second target), after the HostedCluster is Available. What
 * happens is the platform's ingress mode (its definition's `ingress`):
 *
 * - `metallb-inside` (bare metal: Agent, None): MetalLB is installed inside the hosted cluster (OLM Namespace,
 *   OperatorGroup, Subscription; the `MetalLB` instance; an IPAddressPool and L2Advertisement on
 *   the nodes' network), then a LoadBalancer Service in `openshift-ingress` in front of the default
 *   router, asking for that pool (product documentation, "Hosted control planes", bare-metal
 *   ingress with MetalLB; the bare-metal walkthrough's last part).
 * - `infrastructure-load-balancer` (KubeVirt with LoadBalancer ingress): only the Service. The nodes are VMs on the management
 *   cluster's pod network, so MetalLB inside the guest could announce nothing; the KubeVirt cloud
 *   provider the operator runs for the cluster mirrors the Service onto the infrastructure
 *   cluster, where the management cluster's MetalLB gives it an address.
 *
 * | phase (wave) | objects | ready when |
 * |---|---|---|
 * | operators (-3) | Namespace, OperatorGroup, Subscription | Subscription `status.state` AtLatestKnown |
 * | operator-configuration (-2) | MetalLB `metallb` | `Available` |
 * | webhooks-ready (-1) | IPAddressPool, L2Advertisement | exists |
 * | day-2 (4) | Service `openshift-ingress/<serviceName>` | exists (Pulumi waits for its address) |
 */
import type { HostedCluster, KubernetesObject } from '../api';
import { checkApiSchemas } from '../core/api-schema-check';
import { Cidr, parseCidr } from '../core/cidr';
import { IssueCollector, ValidationIssue } from '../core/errors';
import { PHASES, PlanItem, PlannedPart, hostedClusterTarget, planItem } from '../core/plan-model';
import { checkProps, withSchemaFindings } from '../core/check-props';
import { v } from '../core/valibot';
import { bool, list, quote, strict, text } from '../core/schema';
import { parseIp } from '../core/cidr';
import { planOperatorInstall } from '../management/operator-install';
import type { DnsRecord } from '../platforms';
import { clusterDnsRecords, dnsZoneFile, platformDefinition } from '../platforms';
import { metallbPropsSchema, operatorPropsSchema } from '../management/props';
import { planMetalLB } from '../management/metallb';
import { poolsDisjoint } from './pool-overlap';
import type { HostedClusterIngressProps } from './ingress-props';

/** Where the default IngressController's router runs, and the label that selects its pods. */
export const ROUTER = {
  namespace: 'openshift-ingress',
  selector: { 'ingresscontroller.operator.openshift.io/deployment-ingresscontroller': 'default' },
} as const;

/** The annotation MetalLB reads to pick the pool of a Service (the one the documentation uses). */
export const METALLB_POOL_ANNOTATION = 'metallb.universe.tf/address-pool';

/** @internal */
export const hostedClusterIngressPropsSchema = strict({
  metallb: v.optional(metallbPropsSchema),
  operator: v.optional(operatorPropsSchema),
  pool: v.optional(text({ max: 63 })),
  serviceName: v.optional(text({ max: 63 })),
  preserveClientAddress: v.optional(bool()),
  ingressAddresses: v.optional(list(text({ max: 64 }))),
});
export type { HostedClusterIngressProps } from './ingress-props';

export const DEFAULT_INGRESS_SERVICE_NAME = 'metallb-ingress';

/** The day-2 objects, validated, for the API of one hosted cluster. */
export interface HostedClusterIngressPlan extends PlannedPart {
  /** Namespace of the HostedCluster whose ingress this is. */
  readonly namespace: string;
  /** Name of the HostedCluster whose ingress this is. */
  readonly name: string;
  /** The LoadBalancer Service in front of the router. */
  readonly service: KubernetesObject;
  /** The `*.apps` records of a router behind the infrastructure cluster's load balancer (empty until its address is given, and elsewhere). */
  readonly dnsRecords: readonly DnsRecord[];
  /** The DNS report of such a router, for `dns-<cluster>.zone` beside the YAML (with its record, or how to read the address); undefined elsewhere. */
  readonly zoneFile?: string;
  /** Warnings about the ingress objects; when the planner finds an error it returns no plan. */
  readonly warnings: readonly ValidationIssue[];
}

/**
 * Checks the ingress props (any value) against the hosted cluster they are for and plans them;
 * findings instead of exceptions.
 */
export function checkHostedClusterIngress(hostedCluster: HostedCluster, input: unknown): { plan?: HostedClusterIngressPlan; issues: readonly ValidationIssue[] } {
  const { namespace = '', name } = hostedCluster.metadata;
  const label = `HostedClusterIngress ${namespace}/${name}`;
  // The pools are what the rest (the pool picked, the address source) reads.
  const checked = checkProps(hostedClusterIngressPropsSchema, input, label, ['metallb']);
  if (!checked.props) return { issues: checked.issues };
  const props = checked.props;
  const issues = new IssueCollector(label);
  const { objects, poolName, dnsReport } = addressSource(hostedCluster, props, issues);

  const service: KubernetesObject = {
    apiVersion: 'v1',
    kind: 'Service',
    metadata: {
      name: props.serviceName ?? DEFAULT_INGRESS_SERVICE_NAME,
      namespace: ROUTER.namespace,
      ...(poolName ? { annotations: { [METALLB_POOL_ANNOTATION]: poolName } } : {}),
    },
    spec: {
      type: 'LoadBalancer',
      selector: ROUTER.selector,
      ports: [
        { name: 'http', protocol: 'TCP', port: 80, targetPort: 80 },
        { name: 'https', protocol: 'TCP', port: 443, targetPort: 443 },
      ],
      ...(props.preserveClientAddress ? { externalTrafficPolicy: 'Local' } : {}),
    },
  } as KubernetesObject;
  objects.push(planItem(service, PHASES.day2));

  const dns = dnsReport ? ingressDns(hostedCluster, service, props.ingressAddresses, issues) : { dnsRecords: [] };
  if (checked.issues.length > 0) return { issues: withSchemaFindings(checked, issues.issues) };
  checkApiSchemas(objects.map((o) => o.object), issues, ` in ${namespace}/${name}`);
  if (issues.issues.some((i) => i.severity === 'error')) return { issues: issues.issues };
  const plan: HostedClusterIngressPlan = {
    label,
    target: hostedClusterTarget(namespace, name),
    objects,
    // MetalLB pools of two clusters must not overlap (see pool-overlap.ts).
    checks: [poolsDisjoint],
    namespace,
    name,
    service,
    ...dns,
    warnings: issues.issues.filter((i) => i.severity === 'warning'),
  };
  return { plan, issues: issues.issues };
}

/**
 * What gives the router's Service its address, as the cluster's platform says (its ingress
 * mode): the objects that go before the Service, and the MetalLB pool it asks for.
 */
function addressSource(hostedCluster: HostedCluster, props: HostedClusterIngressProps, issues: IssueCollector): { objects: PlanItem[]; poolName?: string; dnsReport?: boolean } {
  const { namespace = '', name } = hostedCluster.metadata;
  const type = hostedCluster.spec.platform.type;
  const ingress = platformDefinition(type)?.ingress;
  if (!ingress) {
    issues.error('(cluster)', `${namespace}/${name} has platform type ${type}, which hcp-constructs does not define, so nothing says how its router gets an address.`, 'Use a HostedCluster of a platform the library defines.');
    return { objects: [] };
  }
  switch (ingress.mode) {
    case 'platform-load-balancer':
      issues.error('(cluster)', `${namespace}/${name} runs on ${type}, whose own load balancer publishes its router already.`, 'Drop this ingress.');
      return { objects: [] };
    case 'infrastructure-load-balancer':
      if (ingress.throughRoutes(hostedCluster)) {
        issues.error('(cluster)', `${namespace}/${name} publishes its ingress through the management cluster's wildcard routes (base-domain passthrough), so a LoadBalancer Service would serve no DNS name.`, `Give the cluster ${ingress.howTo.useLoadBalancer}, or drop this ingress.`);
      }
      if (props.metallb) {
        issues.error('metallb', `MetalLB inside a ${type} hosted cluster announces nothing: its nodes are VMs on the management cluster's pod network.`, `Drop metallb: the ${type} cloud provider mirrors the Service onto the management cluster, whose MetalLB gives it an address.`);
      }
      if (props.pool) issues.error('pool', `a ${type} cluster's Service gets its address from the management cluster's MetalLB, so no pool of its own is picked here.`, 'Drop pool.');
      // Nothing creates the *.apps record of its base domain (the documentation's "Setting up a wildcard DNS").
      return { objects: [], dnsReport: true };
    case 'metallb-inside': {
      if (props.ingressAddresses) {
        issues.error('ingressAddresses', `the router of ${namespace}/${name} takes its address from its own MetalLB pool, which you choose, so no DNS report is written here.`, 'Drop ingressAddresses; an agent cluster\'s records are in AgentInfrastructure\'s report (dns.ingressAddresses).');
      }
      if (!props.metallb) {
        issues.error('metallb', `nothing gives LoadBalancer addresses inside the ${type} hosted cluster ${namespace}/${name}.`, 'Give metallb: { pools: [{ name, addresses }] } with free addresses on the nodes\' network.');
        return { objects: [] };
      }
      const objects = [...planOperatorInstall('metallb', props.operator ?? {}, { path: 'operator', issues }).objects];
      const machineNetwork = (hostedCluster.spec.networking.machineNetwork ?? []).map((m) => parseCidr(m.cidr)).filter((c): c is Cidr => typeof c !== 'string');
      objects.push(...planMetalLB(props.metallb, machineNetwork, issues));
      const pools = props.metallb.pools.map((p) => p.name);
      if (props.pool && !pools.includes(props.pool)) issues.error('pool', `no pool is named "${props.pool}".`, `Use one of ${pools.join(', ')}.`);
      return { objects, poolName: props.pool ?? pools[0] };
    }
  }
}

/**
 * The `*.apps.<name>.<baseDomain>` record of a router behind the infrastructure cluster's load
 * balancer, and its report: the management cluster's MetalLB assigns the address at deployment,
 * so until it is given the report names the record and how to read the address.
 */
function ingressDns(hostedCluster: HostedCluster, service: KubernetesObject, addresses: readonly string[] | undefined, issues: IssueCollector): { dnsRecords: DnsRecord[]; zoneFile: string } {
  const { namespace = '', name } = hostedCluster.metadata;
  const baseDomain = hostedCluster.spec.dns?.baseDomain ?? '';
  (addresses ?? []).forEach((address, index) => {
    if (!parseIp(address)) issues.error(`ingressAddresses[${index}]`, `${quote(address)} is not an IP address; A and AAAA records need addresses.`, "Give the address of the router's Service (status.loadBalancer.ingress[].ip).");
  });
  const dnsRecords = clusterDnsRecords({ clusterName: name, baseDomain, apiAddresses: [], ingressAddresses: addresses ?? [] });
  const header = [`Records for hosted cluster ${namespace}/${name} (written by hcp-constructs).`, `Add them to the zone of ${baseDomain}; they must resolve inside and outside the cluster.`];
  const unknown =
    dnsRecords.length > 0
      ? []
      : [
          `*.apps.${name}.${baseDomain}. points at the router's load balancer, whose address the management cluster's MetalLB assigns once deployed. Read it with`,
          `  oc --kubeconfig <hosted cluster> -n ${service.metadata.namespace} get service ${service.metadata.name} -o jsonpath='{.status.loadBalancer.ingress[*].ip}'`,
          'and give it as ingressAddresses (Pulumi: the dnsRecords output has it).',
        ];
  return { dnsRecords, zoneFile: dnsZoneFile(dnsRecords, { comment: [...header, ...unknown].join('\n') }) };
}
