/** The hosts under an agent cluster: InfraEnv, NMStateConfigs, BareMetalHosts, KubeVirt VMs as agents, and their DNS records. */
import type { Construct } from 'constructs';
import type { HostedClusterPlan } from '../core';
import type { AgentInfrastructureOptions, AgentInfrastructurePlan, AgentInfrastructureProps, DnsRecord } from '../platforms';
import { checkAgentInfrastructure, hostsReportName, zoneFileName } from './engine/lazy';
import type { PlannedClusterRef } from './planned-cluster';
import { PlannedConstruct } from './planned-construct';
import { reportFile } from './engine/reports';

/** Props of the cdk8s {@link AgentInfrastructure}: the hosts and, optionally, the cluster they join. */
export interface AgentInfrastructureConstructProps extends AgentInfrastructureProps {
  /**
   * The cluster the hosts join (a `HostedClusterBundle` or `HostedCluster` construct, or its plan):
   * checks the agent namespace, architectures and release images, and gives the DNS records. @default none
   */
  readonly cluster?: PlannedClusterRef | HostedClusterPlan;
  /** Validation options. @default {} */
  readonly options?: Omit<AgentInfrastructureOptions, 'cluster' | 'discoveryIsoUrlAtDeployment'>;
}

/**
 * Renders the infrastructure of an agent cluster on the management cluster, in apply order:
 * Namespace (wave 0); pull secret, BMC secrets, NMStateConfigs and the InfraEnv (1); BareMetalHosts
 * and VMs once the InfraEnv's image exists (2). KubeVirt VMs need `virtualMachines.discoveryIsoUrl`
 * (known only once the InfraEnv exists: a second commit); without it they are left out, with a warning.
 * The synth writes the DNS records to `reports/dns-<cluster>.zone` and the hosts' script (IBM Z
 * boot, Agents of hosts without a BMC, teardown) to `reports/hosts-<namespace>-<InfraEnv>.sh`.
 * Invalid props emit nothing and fail synthesis with every problem listed.
 */
export class AgentInfrastructure extends PlannedConstruct<AgentInfrastructurePlan> {
  /** The DNS records to create (api, api-int, *.apps); empty without a cluster. */
  readonly dnsRecords: readonly DnsRecord[];
  /** The records as zone-file text, to write beside the YAML as `dns-<cluster>.zone`; undefined without records. */
  readonly zoneFile?: string;

  constructor(scope: Construct, id: string, props: AgentInfrastructureConstructProps) {
    const { cluster, options = {}, ...infrastructure } = props;
    const clusterPlan = cluster && 'hostedCluster' in cluster ? cluster : cluster?.plan;
    super(scope, id, checkAgentInfrastructure(infrastructure, { ...options, ...(clusterPlan ? { cluster: clusterPlan } : {}) }), clusterPlan);
    this.dnsRecords = this.plan?.dnsRecords ?? [];
    this.zoneFile = this.plan?.zoneFile;
    // The records the user must create, beside the YAML: reports/dns-<cluster>.zone.
    if (this.zoneFile && clusterPlan) reportFile(this, zoneFileName(clusterPlan.name), this.zoneFile);
    // What no object can do for the hosts (IBM Z boot, Agents of hosts without a BMC, the teardown): reports/hosts-<namespace>-<InfraEnv>.sh.
    if (this.plan) reportFile(this, hostsReportName(this.plan.infraEnv.metadata.namespace ?? '', this.plan.infraEnv.metadata.name), this.plan.hostsScript);
  }
}
