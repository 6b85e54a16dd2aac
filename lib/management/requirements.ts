/**
 * What hosted clusters in the same app need from the management cluster, checked over the whole
 * plan (the management cluster's part carries this check), whichever construct the program creates first: a hosted cluster's
 * platform must be one the management cluster is prepared for (its preset installs what the
 * platform needs, or the user said they bring it), Private AWS clusters need PrivateLink, and
 * KubeVirt clusters with LoadBalancer ingress need MetalLB.
 */
import type { HostedCluster } from '../api';
import type { ValidationIssue } from '../core/errors';
import type { PlanCheck } from '../core/plan-model';
import type { ManagementPlatform } from './props';

export interface ManagementCapabilities {
  readonly platforms: readonly ManagementPlatform[];
  readonly privateLink: boolean;
  /**
   * It installs MetalLB, so LoadBalancer Services get addresses (KubeVirt clusters with a custom
   * base domain publish their ingress through one). @default true (not known to be missing)
   */
  readonly metallb?: boolean;
}

export function managementRequirements(capabilities: ManagementCapabilities): PlanCheck {
  return (objects, _plan, owner) => {
    const issues: ValidationIssue[] = [];
    for (const planned of objects) {
      if (planned.target.kind !== 'management' || planned.object.kind !== 'HostedCluster') continue;
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
      }
      const access = hc.spec.platform.aws?.endpointAccess;
      if (type === 'AWS' && (access === 'Private' || access === 'PublicAndPrivate') && !capabilities.privateLink) {
        issues.push({
          severity: 'error',
          object: planned.contributor,
          path: 'spec.platform.aws.endpointAccess',
          message: `${access} endpoint access needs AWS PrivateLink, and ${owner} gives the HyperShift operator no PrivateLink credentials.`,
          fix: 'Set multiclusterEngine.privateLink on the management cluster, or use Public endpoint access.',
        });
      }
      // Without base-domain passthrough the guest's router is reached through a LoadBalancer
      // Service that the KubeVirt cloud provider mirrors onto the management cluster.
      if (type === 'KubeVirt' && capabilities.metallb === false && !hc.spec.platform.kubevirt?.baseDomainPassthrough) {
        issues.push({
          severity: 'error',
          object: planned.contributor,
          path: 'spec.platform.kubevirt',
          message: `its ingress is a LoadBalancer (custom base domain ${hc.spec.dns?.baseDomain ?? ""}), but ${owner} installs no MetalLB (metallb: false), so the router would never get an address.`,
          fix: "Give the management cluster metallb: { pools: [...] }, or use the management cluster's wildcard routes (platform.kubevirt.ingress: 'Routes', no baseDomain).",
        });
      }
    }
    return issues;
  };
}
