/**
 * A management cluster as one contribution to the app's plan: validate the props, complete the
 * defaults of each platform preset, then generate, in order:
 *
 * | phase (wave) | objects | ready when |
 * |---|---|---|
 * | image-configuration (-4) | disconnected: ImageDigestMirrorSet, ImageTagMirrorSet, registry CA ConfigMap, Image `cluster` (patch) | exists |
 * | operators (-3) | Namespaces, OperatorGroups, CatalogSources, Subscriptions (built-in and `additionalOperators`) | Subscription `status.state` AtLatestKnown; CatalogSource READY |
 * | operator-configuration (-2) | MultiClusterEngine, MetalLB, HyperConverged, mirror ConfigMap | MCE `status.phase` Available; MetalLB and HyperConverged `Available` |
 * | operator-configuration (-2) | KubeletConfig, default IngressController (wildcard routes), default StorageClass | KubeletConfig `Success`; IngressController `Available` |
 * | operator-configuration (-2) | OADP's DataProtectionApplication and its store credentials (`dataProtection`) | DPA `Reconciled=True` |
 * | webhooks-ready (-1) | IPAddressPools, L2/BGP advertisements, BGPPeers, AgentServiceConfig, add-on config and ManagedClusterAddOn, operator Secrets, install flags, SRE metric set | AgentServiceConfig `DeploymentsHealthy`; ManagedClusterAddOn `Available` |
 *
 * Hosted clusters (waves 0-3) come after all of it.
 */
import type { CatalogSource } from '../api';
import { Cidr, parseCidr } from '../core/cidr';
import { SchemaCheck, checkApiSchemas } from '../core/api-schema-check';
import { checkProps, withSchemaFindings } from '../core/check-props';
import { dnsLabelProblem } from '../core/names';
import { describeValue } from '../core/schema';
import { IssueCollector, PathTranslator, ValidationIssue, throwIfErrors } from '../core/errors';
import { PHASES, PlanItem, PlannedPart, Target, managementTarget, planItem } from '../core/plan-model';
import { planAssistedService } from './assisted-service';
import { planDefaultStorageClass } from './default-storage-class';
import { checkOwnImageDigests, disconnectedChecks, planDisconnected } from './disconnected';
import { planInstallFlags } from './install-flags';
import { DEFAULT_MAX_PODS, planKubelet } from './kubelet';
import { planMonitoring } from './monitoring';
import { OADP_ETCD_SNAPSHOT_MINOR, OADP_HYPERSHIFT_PLUGIN_MINOR, planDataProtection } from './oadp';
import { planMetalLB } from './metallb';
import { HYPERSHIFT_COMPONENTS, planMultiClusterEngine } from './multicluster-engine';
import { ControlPlaneNodeSettings, controlPlaneNodeSettings } from './nodes';
import { CATALOG_SOURCE_READY, DEFAULT_CATALOG, OPERATOR_PACKAGES, OperatorId, catalogSourceObject } from './olm';
import { planAdditionalOperators } from './olm-operators';
import { planOperatorInstall } from './operator-install';
import { portsReport } from './ports-report';
import { ManagementComponent, PLATFORM_PRESETS, presetComponents } from './presets';
import { MANAGEMENT_COMPONENTS } from '../core/platform-needs';
import { ManagementClusterProps, ManagementPlatform, managementClusterPropsSchema } from './props';
import { ManagementCapabilities, managementRequirements } from './requirements';
import type { HostedVersionSupport } from './hosted-versions';
import { planVirtualization } from './virtualization';
import { planWildcardRoutes } from './wildcard-routes';
import { PLATFORM_DEFINITIONS } from '../platforms';

/** Findings name the management cluster this way. */
export const MANAGEMENT_CLUSTER_LABEL = 'ManagementCluster';

/** The validated management cluster: objects in apply order, node settings, and what it provides. */
export interface ManagementClusterPlan extends PlannedPart {
  /** The hosted-cluster platforms it is prepared for, each listed once. */
  readonly platforms: readonly ManagementPlatform[];
  /** Components it installs (MetalLB, OpenShift Virtualization, assisted-service). */
  readonly installs: ReadonlySet<ManagementComponent>;
  /** Labels and taints for the nodes that host control planes. */
  readonly controlPlaneNodes: readonly ControlPlaneNodeSettings[];
  /** What it provides to hosted clusters; its check (in {@link PlannedPart.checks}) holds every hosted cluster of the app to it. */
  readonly capabilities: ManagementCapabilities;
  /** The fleet-capacity check the synth runs and reports, when asked for. */
  readonly capacity?: ManagementClusterProps['capacity'];
  /** The ports and endpoints to open for its platforms, as Markdown (the synth's `reports/ports.md`). */
  readonly portsReport: string;
  /** Warnings about the management cluster's props; when the planner finds an error it returns no plan. */
  readonly warnings: readonly ValidationIssue[];
}

/**
 * Checks props (any value) and plans; findings instead of exceptions. `name` names one management
 * cluster of several (a fleet's): its objects go to `management-<name>/` (its own provider in
 * Pulumi), and its checks hold only the hosted clusters planned on it.
 */
export function checkManagementCluster(input: unknown, name?: unknown): { plan?: ManagementClusterPlan; issues: readonly ValidationIssue[] } {
  // What every other check reads: the platforms, and whether inline secrets are allowed.
  const checked = checkProps(managementClusterPropsSchema, input, MANAGEMENT_CLUSTER_LABEL, ['platforms', 'allowInlineSecrets']);
  const badName = managementNameProblem(name);
  if (badName) return { issues: [...checked.issues, badName] };
  if (!checked.props) return { issues: checked.issues };
  const issues = new IssueCollector(MANAGEMENT_CLUSTER_LABEL);
  try {
    // The API server's rules are left out with malformed props: they would only see the stand-ins.
    const plan = plan_(checked.props, managementTarget(name as string | undefined), issues, checked.issues.length === 0 ? checkApiSchemas : () => undefined);
    if (checked.issues.length > 0) return { issues: withSchemaFindings(checked, issues.issues) };
    return issues.issues.some((i) => i.severity === 'error') ? { issues: issues.issues } : { plan, issues: issues.issues };
  } catch (error) {
    issues.error('(props)', `the management cluster could not be planned: ${error instanceof Error ? error.message : String(error)}.`, 'Check the props against their documentation.');
    return { issues: withSchemaFindings(checked, issues.issues) };
  }
}

/** A management cluster's name becomes a folder (`management-<name>`) and a provider key: one DNS label of at most 40 characters. */
function managementNameProblem(name: unknown): ValidationIssue | undefined {
  if (name === undefined) return undefined;
  const problem = typeof name === 'string' ? (name.length > 40 ? `is ${name.length} characters; the limit is 40` : dnsLabelProblem(name)) : `is ${describeValue(name)}, not a string`;
  return problem === undefined
    ? undefined
    : { severity: 'error', object: MANAGEMENT_CLUSTER_LABEL, path: '(name)', message: `the management cluster's name ${problem}.`, fix: 'Name it with lower-case letters, digits and "-", at most 40 characters (it names the folder management-<name>).' };
}

/** Plans a management cluster or throws HcpValidationError with every problem. */
export function planManagementCluster(props: ManagementClusterProps): ManagementClusterPlan {
  const { plan, issues } = checkManagementCluster(props);
  throwIfErrors(issues);
  return plan!;
}

function plan_(props: ManagementClusterProps, target: Target, issues: IssueCollector, checkSchemas: SchemaCheck): ManagementClusterPlan {
  const platforms = [...new Set(props.platforms)];
  if (platforms.length === 0) issues.error('platforms', 'no platform is given, so nothing says what the management cluster must run.', `Give one or more of ${Object.keys(PLATFORM_PRESETS).join(', ')}.`);
  if (platforms.length !== props.platforms.length) issues.warn('platforms', 'a platform is listed twice.', 'List each platform once.');
  const components = componentsOf(props, platforms);
  const catalogs = catalogSourceItems(props.catalogSources ?? [], issues);
  const mce = props.multiclusterEngine ?? {};
  const objects: PlanItem[] = [
    ...(props.disconnected ? planDisconnected(props.disconnected, { runsVirtualMachines: components.wanted.has('virtualization') }, issues) : []),
    ...catalogs.items,
    ...operatorItems(props, platforms, components.installs, catalogs.names, issues),
    ...planAdditionalOperators(props.additionalOperators ?? [], builtInOperators(props, components.installs), catalogs.planned, issues),
    ...multiclusterEngineItems(props, platforms, components.installs, issues),
    ...componentItems(props, components, issues),
    ...clusterSettingItems(props, platforms, components.installs, issues),
    ...(props.dataProtection ? planDataProtection(props.dataProtection, { allowInline: props.allowInlineSecrets ?? false, issues }) : []),
    ...planMonitoring(props, issues),
    ...planInstallFlags(props, issues),
  ];
  const controlPlaneNodes = controlPlaneNodeSettings(props.controlPlaneNodes ?? [], props.taintControlPlaneNodes ?? true, issues);
  if (platforms.some((p) => PLATFORM_PRESETS[p].nodeZonesByHand) && (props.controlPlaneNodes ?? []).length > 0 && !(props.controlPlaneNodes ?? []).every((n) => n.zone)) {
    issues.warn('controlPlaneNodes', 'on bare metal, nodes without topology.kubernetes.io/zone put every control-plane replica on one failure domain.', 'Give each control-plane node a zone (rack, room).');
  }

  if (props.disconnected) checkOwnImageDigests(objects, issues);
  checkSchemas(objects.map((o) => o.object), issues);
  const capabilities: ManagementCapabilities = {
    platforms,
    privateLink: mce.privateLink !== undefined,
    ...(mce.privateLink?.zones ? { privateLinkZones: mce.privateLink.zones } : {}),
    metallb: components.installs.has('metallb'),
    wildcardRoutes: wildcardRoutesOn(props, platforms),
    sreMetricSet: props.monitoring?.sreMetricSet !== undefined,
    versions: hostedVersionSupport(props, platforms),
    ...(props.controlPlaneNodes ? { requestServingZones: props.controlPlaneNodes.filter((n) => n.requestServing && n.zone !== undefined).map((n) => n.zone!) } : {}),
  };
  return {
    label: target.kind === 'management' && target.name !== undefined ? `${MANAGEMENT_CLUSTER_LABEL} ${target.name}` : MANAGEMENT_CLUSTER_LABEL,
    target,
    objects,
    checks: [managementRequirements(capabilities, target), ...(props.disconnected ? [disconnectedChecks(props.disconnected)] : [])],
    platforms,
    installs: components.installs,
    controlPlaneNodes,
    capabilities,
    ...(props.capacity ? { capacity: props.capacity } : {}),
    portsReport: portsReport(target, platforms, components.installs.has('metallb') && typeof props.metallb === 'object' ? props.metallb.pools : []),
    warnings: issues.issues.filter((i) => i.severity === 'warning'),
  };
}

interface Components {
  /** What the platforms' presets turn on. */
  readonly wanted: ReadonlySet<ManagementComponent>;
  /** The user's switch of each: settings, true, false (bring your own) or not given. */
  readonly switches: Readonly<Record<ManagementComponent, unknown>>;
  readonly installs: ReadonlySet<ManagementComponent>;
  /** The platforms whose preset wants a component, for messages. */
  needing(component: ManagementComponent): string;
}

/** What decides the hosted versions: the multicluster engine channel, the platforms' oldest minors, the capacity's workers. */
function hostedVersionSupport(props: ManagementClusterProps, platforms: readonly ManagementPlatform[]): HostedVersionSupport {
  const channel = props.operators?.multiclusterEngine?.channel ?? OPERATOR_PACKAGES.multiclusterEngine.defaultChannel;
  const minor = /^stable-2\.(\d+)$/.exec(channel)?.[1];
  const workers = props.capacity?.workers;
  const groups = (Array.isArray(workers) ? workers : workers ? [workers] : []) as ReadonlyArray<{ count?: number }>;
  return {
    ...(minor !== undefined ? { mceMinor: Number(minor), mceChannel: channel } : {}),
    platformMinimum: Object.fromEntries(platforms.map((p) => [p, PLATFORM_PRESETS[p].hostedMinimumMinor])),
    ...(groups.length > 0 ? { workers: groups.reduce((sum, g) => sum + (g.count ?? 1), 0) } : {}),
  };
}

/** Components: the presets', each switchable (false = bring your own, true or settings = install). */
function componentsOf(props: ManagementClusterProps, platforms: readonly ManagementPlatform[]): Components {
  const wanted = presetComponents(platforms);
  const switches: Record<ManagementComponent, unknown> = { metallb: props.metallb, virtualization: props.virtualization, assistedService: props.assistedService };
  const installs = new Set(MANAGEMENT_COMPONENTS.filter((c) => switches[c] !== false && (switches[c] !== undefined || wanted.has(c))));
  const needing = (component: ManagementComponent) => platforms.filter((p) => PLATFORM_PRESETS[p].components.includes(component)).join(', ');
  return { wanted, switches, installs, needing };
}

/** The CatalogSources to create, their names and themselves by `<namespace>/<name>` (subscriptions that use them wait for them). */
function catalogSourceItems(
  catalogSources: NonNullable<ManagementClusterProps['catalogSources']>,
  issues: IssueCollector,
): { items: PlanItem[]; names: ReadonlySet<string>; planned: ReadonlyMap<string, CatalogSource> } {
  const catalogs = new Map(catalogSources.map((c) => [c.name, c]));
  const items = catalogSources.map((catalog, i) => {
    const source = catalogSourceObject(catalog, DEFAULT_CATALOG.sourceNamespace);
    if (catalogs.get(catalog.name) !== catalog) issues.error(`catalogSources[${i}].name`, `catalog source "${catalog.name}" is defined twice.`, 'Give each its own name.');
    const paths: PathTranslator = (path) => (path === 'spec.image' ? { path: `catalogSources[${i}].image`, renderedPath: path } : { path });
    return planItem(source, PHASES.operators, CATALOG_SOURCE_READY, { paths });
  });
  const planned = new Map(items.map((item) => [`${DEFAULT_CATALOG.sourceNamespace}/${item.object.metadata.name}`, item.object as CatalogSource]));
  return { items, names: new Set(catalogs.keys()), planned };
}

/** The built-in operators OLM installs: the multicluster engine, the components' operators, storage, OADP. */
function builtInOperators(props: ManagementClusterProps, installs: ReadonlySet<ManagementComponent>): OperatorId[] {
  const operators: OperatorId[] = ['multiclusterEngine'];
  if (installs.has('metallb')) operators.push('metallb');
  if (installs.has('virtualization')) operators.push('virtualization');
  if (props.storage) operators.push(props.storage);
  if (props.dataProtection) operators.push('oadp');
  return operators;
}

/** The built-in operators' installs, each checked against what the platforms need. */
function operatorItems(props: ManagementClusterProps, platforms: readonly ManagementPlatform[], installs: ReadonlySet<ManagementComponent>, ownCatalogs: ReadonlySet<string>, issues: IssueCollector): PlanItem[] {
  const operators = builtInOperators(props, installs);
  const minimumMce = Math.max(2, ...platforms.map((p) => PLATFORM_PRESETS[p].minimumMceMinor));
  for (const id of Object.keys(props.operators ?? {}) as OperatorId[]) {
    if (!operators.includes(id)) issues.warn(`operators.${id}`, `${OPERATOR_PACKAGES[id].title} is not installed by this management cluster, so its settings are unused.`, 'Remove them, or turn the component on.');
  }
  return operators.flatMap((id) => {
    const path = `operators.${id}`;
    const install = planOperatorInstall(id, props.operators?.[id] ?? {}, { path, ownCatalogs, issues });
    const minor = id === 'multiclusterEngine' ? /^stable-2\.(\d+)$/.exec(install.channel)?.[1] : undefined;
    if (id === 'oadp') checkOadpVersion(install.channel, props.operators?.oadp?.startingCSV, props.dataProtection?.etcdSnapshots ?? false, issues);
    if (minor !== undefined && Number(minor) < minimumMce) {
      const needs = platforms.filter((p) => PLATFORM_PRESETS[p].minimumMceMinor === minimumMce).join(', ');
      issues.error(`${path}.channel`, `${install.channel} installs multicluster engine 2.${minor}; hosted control planes on ${needs} need 2.${minimumMce} or later.`, `Use stable-2.${minimumMce} or later.`);
    }
    return install.objects;
  });
}

/** OADP's minor, from a `stable-1.<minor>` channel or a pinned `oadp-operator.v1.<minor>.<patch>` CSV: 1.5 for the hypershift plugin, 1.6 for etcd snapshots. */
function checkOadpVersion(channel: string, startingCSV: string | undefined, etcdSnapshots: boolean, issues: IssueCollector): void {
  const fromChannel = /^stable-1\.(\d+)$/.exec(channel)?.[1];
  if (fromChannel !== undefined && Number(fromChannel) < OADP_HYPERSHIFT_PLUGIN_MINOR) {
    issues.error('operators.oadp.channel', `${channel} installs OADP 1.${fromChannel}, which has no hypershift plugin to pause a hosted cluster while it is backed up and unpause it on restore (OADP 1.${OADP_HYPERSHIFT_PLUGIN_MINOR} and later).`, "Use the channel 'stable' (OADP 1.5 and later).");
    return;
  }
  if (!etcdSnapshots) return;
  const fromCsv = startingCSV === undefined ? undefined : /\.v1\.(\d+)\./.exec(startingCSV)?.[1];
  const [minor, path, what] = fromChannel !== undefined ? [fromChannel, 'channel', channel] : [fromCsv, 'startingCSV', startingCSV];
  if (minor !== undefined && Number(minor) < OADP_ETCD_SNAPSHOT_MINOR) {
    issues.error(`operators.oadp.${path}`, `${what} installs OADP 1.${minor}, whose hypershift plugin cannot take etcd snapshots (dataProtection.etcdSnapshots needs OADP 1.${OADP_ETCD_SNAPSHOT_MINOR} or later).`, `Install OADP 1.${OADP_ETCD_SNAPSHOT_MINOR} or later, or leave etcdSnapshots out.`);
  }
}

/** The multicluster engine and the HyperShift operator's inputs. */
function multiclusterEngineItems(props: ManagementClusterProps, platforms: readonly ManagementPlatform[], installs: ReadonlySet<ManagementComponent>, issues: IssueCollector): readonly PlanItem[] {
  const mce = props.multiclusterEngine ?? {};
  const mceComponents = [...new Set(platforms.flatMap((p) => PLATFORM_PRESETS[p].mceComponents))];
  if (installs.has('assistedService') && mce.components?.['assisted-service'] === false) {
    issues.error('multiclusterEngine.components["assisted-service"]', 'assisted-service is off in the multicluster engine, but the AgentServiceConfig needs it.', 'Turn the component on, or set assistedService: false.');
  }
  for (const platform of platforms) {
    if (PLATFORM_PRESETS[platform].needsOidcStorage && !mce.oidcStorage) {
      issues.error('multiclusterEngine.oidcStorage', `${platform} hosted clusters need the S3 bucket the HyperShift operator publishes their OIDC documents to.`, 'Set multiclusterEngine.oidcStorage { bucket, region, credentials } (see OidcBucket in hcp-constructs/pulumi/aws).');
    }
  }
  return planMultiClusterEngine(mce, mceComponents, { allowInline: props.allowInlineSecrets ?? false, issues });
}

/** The operands of the installed components (MetalLB, OpenShift Virtualization, assisted-service). */
function componentItems(props: ManagementClusterProps, { wanted, switches, installs, needing }: Components, issues: IssueCollector): PlanItem[] {
  const objects: PlanItem[] = [];
  const machineNetwork: Cidr[] = [];
  (props.machineNetwork ?? []).forEach((text, i) => {
    const cidr = parseCidr(text);
    if (typeof cidr === 'string') issues.error(`machineNetwork[${i}]`, `"${text}" ${cidr}.`, 'Write a CIDR such as 192.168.10.0/24.');
    else machineNetwork.push(cidr);
  });
  if (installs.has('metallb')) {
    if (typeof props.metallb === 'object') objects.push(...planMetalLB(props.metallb, machineNetwork, issues));
    else issues.error('metallb', `MetalLB is installed${wanted.has('metallb') ? ` for ${needing('metallb')} hosted clusters (their API and ingress services are LoadBalancers)` : ''} but has no address pools.`, 'Give metallb: { pools: [{ name, addresses }] }, or metallb: false to bring your own load balancer.');
  }
  if (installs.has('virtualization')) objects.push(...planVirtualization(typeof props.virtualization === 'object' ? props.virtualization : {}));
  if (installs.has('assistedService')) objects.push(...planAssistedService(typeof props.assistedService === 'object' ? props.assistedService : {}, issues));
  for (const component of MANAGEMENT_COMPONENTS) {
    if (switches[component] === false && wanted.has(component)) {
      issues.warn(component, `${component} is switched off, but ${needing(component)} hosted clusters need it: it must be provided another way.`, 'Make sure it is installed and configured before creating hosted clusters.');
    }
  }
  return objects;
}

/**
 * Wildcard routes: on when asked, and by default when a platform's hosted clusters may publish
 * their ingress through this cluster's routes (the platforms whose router sits behind the
 * infrastructure cluster: KubeVirt).
 */
function wildcardRoutesOn(props: ManagementClusterProps, platforms: readonly ManagementPlatform[]): boolean {
  const throughRoutes = PLATFORM_DEFINITIONS.filter((d) => d.ingress.mode === 'infrastructure-load-balancer').map((d) => d.type as ManagementPlatform);
  return props.wildcardRoutes ?? platforms.some((p) => throughRoutes.includes(p));
}

/** The management cluster's own settings: its kubelet, wildcard routes and default StorageClass. */
function clusterSettingItems(props: ManagementClusterProps, platforms: readonly ManagementPlatform[], installs: ReadonlySet<ManagementComponent>, issues: IssueCollector): PlanItem[] {
  const objects: PlanItem[] = [];
  if (props.kubelet) objects.push(...planKubelet(props.kubelet, issues));
  const kubeletMaxPods = props.kubelet?.maxPods ?? DEFAULT_MAX_PODS;
  const workers = props.capacity?.workers;
  (Array.isArray(workers) ? workers : workers ? [workers] : []).forEach((group: { maxPods?: number }, i: number) => {
    if ((group.maxPods ?? DEFAULT_MAX_PODS) <= kubeletMaxPods) return;
    const path = Array.isArray(workers) ? `capacity.workers[${i}].maxPods` : 'capacity.workers.maxPods';
    issues.warn(
      path,
      `the capacity check counts ${group.maxPods} pods per worker, but the kubelet allows ${kubeletMaxPods}${props.kubelet ? '' : ' (its default; no kubelet.maxPods is set)'}, so more control planes are counted than fit.`,
      `Set kubelet: { maxPods: ${group.maxPods} } (a KubeletConfig), or count ${kubeletMaxPods} in the capacity check.`,
    );
  });
  if (wildcardRoutesOn(props, platforms)) objects.push(...planWildcardRoutes());
  if (props.defaultStorageClass !== undefined) {
    objects.push(...planDefaultStorageClass(props.defaultStorageClass, props.storage, issues));
  } else {
    // OpenShift Virtualization (VM disks) and assisted-service (its volumes) claim volumes of the default class when none is named.
    const claiming = (['virtualization', 'assistedService'] as const).filter((c) => installs.has(c) && !(c === 'assistedService' && typeof props.assistedService === 'object' && props.assistedService.storageClassName));
    if (claiming.length > 0) {
      issues.warn(
        'defaultStorageClass',
        `${claiming.join(' and ')} claim${claiming.length === 1 ? 's' : ''} volumes of the default StorageClass, and nothing says the cluster has one: without it the claims stay Pending.`,
        'With LVM Storage, name its class in defaultStorageClass (storage: \'lvms\', defaultStorageClass: \'lvms-vg1\': written whole, annotated storageclass.kubernetes.io/is-default-class: "true"); otherwise make sure the cluster has a default class, or name the class where volumes are claimed.',
      );
    }
  }
  return objects;
}

export { HYPERSHIFT_COMPONENTS };
