/** What the Agent and None platforms share: machines the cluster does not create itself. */
import type { PlatformIngress, PlatformTraits, PortRule } from '../core';

/**
 * NodePort services by default (a LoadBalancer for the API with MetalLB), in-place upgrades, and
 * no load balancer inside the hosted cluster until MetalLB is installed there.
 */
export const ON_PREMISES_TRAITS: Omit<PlatformTraits, 'createsMachines'> & { readonly ingress: PlatformIngress } = {
  ingress: { mode: 'metallb-inside' },
  defaultMapping: 'NodePort',
  publishingRules: {
    APIServer: ['NodePort', 'LoadBalancer', 'Route'],
    OAuthServer: ['NodePort', 'Route'],
    Konnectivity: ['NodePort', 'Route'],
    Ignition: ['NodePort', 'Route'],
  },
  defaultUpgradeType: 'InPlace',
  // s390x NodePools are accepted only on KubeVirt by the NodePool CRD.
  archs: ['amd64', 'arm64', 'ppc64le'],
  scaleFromZero: false,
};

/** The CLI's base domain when none is given (`cmd/cluster/{agent,none}/create.go`). */
export const ON_PREMISES_DEFAULTS = { baseDomain: 'example.com' } as const;

/** The DNS block with the CLI's placeholder base domain. */
export function onPremisesDns(baseDomain: string | undefined) {
  return { baseDomain: baseDomain ?? ON_PREMISES_DEFAULTS.baseDomain };
}

/**
 * What a hosted control plane exposes on bare metal and non-bare-metal agent machines, and the
 * flows to allow (documentation 3.2.1.2 "Bare metal firewall, port, and service requirements",
 * 3.4.1.2 the same for non-bare-metal agent machines: word for word alike).
 */
export const ON_PREMISES_PORT_RULES: readonly PortRule[] = [
  { service: 'APIServer', port: '6443/TCP', flow: 'control-plane components -> the API server (ingress)', source: '3.2.1.2, 3.4.1.2' },
  { service: 'APIServer', port: '6443/TCP', flow: 'ingress to the IP range of the load balancer addresses', when: 'MetalLB load balancing', toLoadBalancer: true, source: '3.2.1.2, 3.4.1.2' },
  {
    service: 'APIServer',
    port: '6443/TCP',
    flow: "the nodes' Konnectivity agent -> the cluster API server address: from the workload subnets when the address is internal, egress from the nodes to it when it is external",
    source: '3.2.1.2, 3.4.1.2',
  },
  { service: 'OAuthServer', port: '443/TCP', flow: 'clients -> the route of the ingress', when: 'Route', source: '3.2.1.2, 3.4.1.2' },
  { service: 'OAuthServer', port: "the Service's node port", flow: 'a firewall rule for the OAuthServer service', when: 'NodePort', source: '3.2.1.2, 3.4.1.2' },
  { service: 'Konnectivity', port: '443/TCP', flow: "the nodes' Konnectivity agent -> the Konnectivity server (egress; the agent opens the reverse tunnel)", when: 'Route', source: '3.2.1.2, 3.4.1.2' },
  { service: 'Konnectivity', port: "the Service's node port", flow: "the nodes' Konnectivity agent -> the Konnectivity server (egress)", when: 'NodePort', source: '3.2.1.2, 3.4.1.2' },
  { service: 'Ignition', port: '443/TCP', flow: 'nodes -> the route of the ingress', when: 'Route', source: '3.2.1.2, 3.4.1.2' },
  { service: 'Ignition', port: "the Service's node port", flow: 'a firewall rule for the Ignition service', when: 'NodePort', source: '3.2.1.2, 3.4.1.2' },
];

/** Services the documentation says bare metal and agent machines do not need. */
export const ON_PREMISES_NOT_NEEDED: readonly string[] = ['OVNSbDb', 'OIDC'];
