/** A hosted cluster's day-2 ingress, as users write it (kept equal to `hostedClusterIngressPropsSchema` by test/types/props-match-schemas.ts). */
import type { MetalLBProps, OperatorProps } from '../management/management-cluster-props';

/** How the hosted cluster's ingress router gets an address: MetalLB inside it (bare metal) and a LoadBalancer Service. */
export interface HostedClusterIngressProps {
  /**
   * Install MetalLB inside the hosted cluster with these pools (bare metal: Agent, None). Not for
   * KubeVirt: the management cluster's MetalLB serves its LoadBalancer Services. @default none
   */
  readonly metallb?: MetalLBProps;
  /** How OLM installs MetalLB inside the hosted cluster. @default channel stable from redhat-operators */
  readonly operator?: OperatorProps;
  /** Pool the router's Service takes its address from (MetalLB inside the hosted cluster). @default the first pool */
  readonly pool?: string;
  /** Name of the LoadBalancer Service in `openshift-ingress`. @default 'metallb-ingress' */
  readonly serviceName?: string;
  /** Keep client source addresses (`externalTrafficPolicy: Local`). @default false (Cluster) */
  readonly preserveClientAddress?: boolean;
  /**
   * The address the Service got from the infrastructure cluster's load balancer (KubeVirt: read it
   * once deployed), for the `*.apps` record of the DNS report. @default not known: the report says how to read it
   */
  readonly ingressAddresses?: readonly string[];
}
