/**
 * What hosted clusters in the same app need from the management cluster, checked over the whole
 * plan (the management cluster's part carries this check), whichever construct the program
 * creates first: a hosted cluster's platform must be one the management cluster is prepared for
 * (its preset installs what the platform needs, or the user said they bring it), and what its
 * platform's definition says one cluster needs must be offered (PrivateLink for private AWS
 * clusters; MetalLB for a router behind the infrastructure cluster's load balancer, KubeVirt with
 * LoadBalancer ingress).
 */
import type { HostedCluster } from '../api';
import type { ValidationIssue } from '../core/errors';
import type { AnyPlatformDefinition } from '../core/platform';
import type { ManagementCapability, ManagementNeed } from '../core/platform-needs';
import type { PlanCheck, PlannedObject, Target } from '../core/plan-model';
import { objectKey, targetKey } from '../core/plan-model';
import { REQUEST_SERVING } from '../core/request-serving';
import { platformDefinition } from '../platforms';
import type { ManagementPlatform } from './props';
import { HostedVersionSupport, hostedVersionFindings } from './hosted-versions';

export interface ManagementCapabilities {
  readonly platforms: readonly ManagementPlatform[];
  readonly privateLink: boolean;
  /** The zones of its region PrivateLink reaches (`multiclusterEngine.privateLink.zones`). @default not known, not checked */
  readonly privateLinkZones?: readonly string[];
  /**
   * It installs MetalLB, so LoadBalancer Services get addresses (KubeVirt clusters with a custom
   * base domain publish their ingress through one). @default true (not known to be missing)
   */
  readonly metallb?: boolean;
  /**
   * Its default IngressController admits wildcard routes (KubeVirt clusters without a base domain
   * publish their apps through one). @default true (not known to be missing)
   */
  readonly wildcardRoutes?: boolean;
  /** It writes the SRE metric set (`sre-metric-set`). @default false */
  readonly sreMetricSet?: boolean;
  /** What decides the hosted versions it deploys (its multicluster engine channel). @default not checked */
  readonly versions?: HostedVersionSupport;
  /** The zone of each request-serving node it labels (one entry per node), when it lists its control-plane nodes. @default not checked */
  readonly requestServingZones?: readonly string[];
}

/** What is assumed of a capability the management cluster does not state: MetalLB is not known to be missing, PrivateLink needs credentials. */
const ASSUMED: Readonly<Record<ManagementCapability, boolean>> = { privateLink: false, metallb: true, wildcardRoutes: true };

// Every capability a platform may need is a field of ManagementCapabilities (checked by the compiler here).
const offers = (capabilities: ManagementCapabilities, capability: ManagementCapability): boolean => capabilities[capability] ?? ASSUMED[capability];

/** Where a capability reaches when the management cluster says (PrivateLink: its zones); undefined: anywhere, as far as is known. */
const PLACES: Partial<Record<ManagementCapability, (capabilities: ManagementCapabilities) => readonly string[] | undefined>> = {
  privateLink: (capabilities) => capabilities.privateLinkZones,
};

/**
 * What one hosted cluster needs: its platform's own needs, and MetalLB when its router's address
 * comes from the infrastructure (management) cluster's load balancer: the platform's cloud
 * provider mirrors the router's LoadBalancer Service there.
 */
export function managementNeedsOf(hc: HostedCluster, definition: AnyPlatformDefinition): readonly ManagementNeed[] {
  const needs = [...definition.managementNeeds(hc)];
  const ingress = definition.ingress;
  // With external infrastructure, the routes are that cluster's, not the management cluster's.
  if (ingress.mode === 'infrastructure-load-balancer' && ingress.throughRoutes(hc) && ingress.onManagementCluster(hc)) {
    needs.push({
      capability: 'wildcardRoutes',
      path: ingress.choicePath,
      message: (provider) =>
        `its apps are published through a wildcard route of the management cluster (*.apps.${hc.metadata.name}.<its apps domain>), but ${provider} does not allow wildcard routes (wildcardRoutes: false), so the console and every route stay unreachable.`,
      fix: `Set wildcardRoutes: true on the management cluster (its default IngressController gets routeAdmission.wildcardPolicy: WildcardsAllowed), or use a LoadBalancer (${ingress.howTo.useLoadBalancer}).`,
    });
  }
  if (ingress.mode === 'infrastructure-load-balancer' && !ingress.throughRoutes(hc)) {
    needs.push({
      capability: 'metallb',
      path: ingress.choicePath,
      message: (provider) =>
        `its ingress is a LoadBalancer (custom base domain ${hc.spec.dns?.baseDomain ?? ''}), but ${provider} installs no MetalLB (metallb: false), so the router would never get an address.`,
      fix: `Give the management cluster metallb: { pools: [...] }, or use the management cluster's wildcard routes (${ingress.howTo.useRoutes}).`,
    });
  }
  return needs;
}

/** Where a hosted cluster chooses the SRE metrics set for itself (`spec.monitoring`), if it does. */
function sreMetricSetUse(hc: HostedCluster): string | undefined {
  const monitoring = hc.spec.monitoring;
  if (monitoring?.metricsSet === 'SRE') return 'spec.monitoring.metricsSet';
  if (monitoring?.metricsForwarding?.metricsSet === 'SRE') return 'spec.monitoring.metricsForwarding.metricsSet';
  return undefined;
}

const isolated = (hc: HostedCluster) => hc.metadata.annotations?.[REQUEST_SERVING.topologyAnnotation] === REQUEST_SERVING.dedicated;

/**
 * Request-serving isolation against the nodes the management cluster offers: the scheduler takes
 * two nodes in two zones for each isolated cluster on it. A warning, since nodes may be labelled
 * by hand as well.
 */
function requestServingFindings(planned: PlannedObject, zones: readonly string[], all: readonly PlannedObject[], target: string, owner: string): ValidationIssue[] {
  const clusters = new Set(all.filter((p) => targetKey(p.target) === target && p.object.kind === 'HostedCluster' && isolated(p.object as HostedCluster)).map((p) => objectKey(p.object))).size;
  const needed = clusters * REQUEST_SERVING.nodesPerCluster;
  if (zones.length >= needed && new Set(zones).size >= REQUEST_SERVING.nodesPerCluster) return [];
  return [
    {
      severity: 'warning',
      object: planned.contributor,
      path: 'requestServingIsolation',
      message: `the HyperShift operator's scheduler takes ${REQUEST_SERVING.nodesPerCluster} request-serving nodes in ${REQUEST_SERVING.nodesPerCluster} zones for each isolated cluster (${needed} for the ${clusters} on ${owner}), and ${owner} labels ${zones.length} with a zone, in ${new Set(zones).size} zone(s); until it finds them, the cluster's API server and OAuth pods stay Pending.`,
      fix: `Mark more controlPlaneNodes with requestServing: true and a zone (at least ${needed}, in ${REQUEST_SERVING.nodesPerCluster} zones), or label such nodes by hand.`,
    },
  ];
}

/** The check a management cluster at `target` brings: every hosted cluster planned on that same management cluster. */
export function managementRequirements(capabilities: ManagementCapabilities, target: Target): PlanCheck {
  const key = targetKey(target);
  return (objects, plan, owner) => {
    const issues: ValidationIssue[] = [];
    // A NodePool on its cluster's release says nothing new about versions: only its own release is judged.
    const clusterImages = new Set(objects.filter((p) => p.object.kind === 'HostedCluster').map((p) => `${p.object.metadata.namespace}/${(p.object as HostedCluster).spec?.release?.image}`));
    for (const planned of objects) {
      if (targetKey(planned.target) !== key) continue;
      if (capabilities.versions && (planned.object.kind === 'HostedCluster' || planned.object.kind === 'NodePool')) {
        const platform = (planned.object as HostedCluster).spec?.platform?.type;
        const ownRelease = planned.object.kind === 'HostedCluster' || !clusterImages.has(`${planned.object.metadata.namespace}/${(planned.object as HostedCluster).spec?.release?.image}`);
        if ((capabilities.platforms as readonly string[]).includes(platform)) issues.push(...hostedVersionFindings(planned, platform, capabilities.versions, ownRelease));
      }
      if (planned.object.kind !== 'HostedCluster') continue;
      const hc = planned.object as HostedCluster;
      const type = hc.spec.platform.type;
      if (!(capabilities.platforms as readonly string[]).includes(type)) {
        issues.push({
          severity: 'error',
          object: planned.contributor,
          path: 'spec.platform.type',
          message: `${owner} is not prepared for ${type} hosted clusters (its platforms: ${capabilities.platforms.join(', ')}), so what ${type} needs would be missing.`,
          fix: `Add '${type}' to the management cluster's platforms.`,
        });
        // One finding per cause: what the platform needs is missing because the platform is.
        continue;
      }
      const definition = platformDefinition(type);
      for (const need of definition ? managementNeedsOf(hc, definition) : []) {
        if (!offers(capabilities, need.capability)) {
          issues.push({ severity: 'error', object: planned.contributor, path: need.path, message: need.message(owner), fix: need.fix });
          continue;
        }
        const places = PLACES[need.capability]?.(capabilities);
        if (need.place && places && !places.includes(need.place.name)) {
          issues.push({ severity: 'error', object: planned.contributor, path: need.place.path, message: need.place.message(owner, places), fix: need.place.fix });
        }
      }
      if (isolated(hc) && capabilities.requestServingZones) issues.push(...requestServingFindings(planned, capabilities.requestServingZones, [...plan.objects, ...objects], key, owner));
      const sre = sreMetricSetUse(hc);
      if (sre && !capabilities.sreMetricSet) {
        issues.push({
          severity: 'warning',
          object: planned.contributor,
          path: sre,
          message: `it collects the SRE metrics set, but ${owner} writes no SRE metric set, so its control plane keeps every metric, as with All.`,
          fix: 'Give the management cluster monitoring.sreMetricSet, or choose All.',
        });
      }
    }
    return issues;
  };
}
