/**
 * A Pulumi component for the hosts under an agent cluster: renders the same plan as the cdk8s
 * `AgentInfrastructure` (InfraEnv, NMStateConfigs, BareMetalHosts, BMC and pull secrets, KubeVirt
 * VMs as agents) on the management cluster. Waves become `dependsOn`, readiness `pulumi.com/waitFor`
 * (InfraEnv `ImageCreated`, BareMetalHost `provisioned`, VirtualMachine `Ready`).
 *
 * KubeVirt VMs need the InfraEnv's discovery ISO URL, which exists only once assisted-service has
 * built the image: unless `virtualMachines.discoveryIsoUrl` is given, the component reads it from
 * the InfraEnv's `status.isoDownloadURL` after waiting for `ImageCreated`, and the VMs import it.
 */
import * as k8s from '@pulumi/kubernetes';
import * as pulumi from '@pulumi/pulumi';
import type { KubernetesObject } from '../api';
import type { HostedClusterPlan, PlannedObject } from '../core';
import type { AgentInfrastructureOptions, AgentInfrastructurePlan, AgentInfrastructureProps, DnsRecord, TeardownStep } from '../platforms';
import { DISCOVERY_ISO_URL_AT_DEPLOYMENT, checkAgentInfrastructure } from '../platforms';
import type { PlannedClusterRef } from './planned-cluster';
import { PlannedComponent } from './planned-component';
import { metadataWithReadiness, renderResource } from './render';

/** Type token of {@link AgentInfrastructure}. */
export const AGENT_INFRASTRUCTURE_TYPE = 'hcp:index:AgentInfrastructure';

/** Args of the Pulumi {@link AgentInfrastructure}: the {@link AgentInfrastructureProps} and, optionally, the cluster the hosts join. */
export interface AgentInfrastructureArgs extends AgentInfrastructureProps {
  /** The cluster the hosts join (a `HostedClusterBundle`, or its plan). @default none */
  readonly cluster?: PlannedClusterRef | HostedClusterPlan;
  /** Validation options. @default {} */
  readonly options?: Omit<AgentInfrastructureOptions, 'cluster' | 'discoveryIsoUrlAtDeployment'>;
}

/**
 * The infrastructure of an agent cluster on the management cluster. Invalid args throw
 * {@link HcpResourceError} from the constructor, before anything is registered.
 */
export class AgentInfrastructure extends PlannedComponent<AgentInfrastructurePlan> {
  /** Every Kubernetes resource the component created, in apply order. */
  readonly resources: readonly pulumi.CustomResource[];
  /** The InfraEnv resource; it waits for `ImageCreated`, and the VMs boot the ISO it then reports unless `virtualMachines.discoveryIsoUrl` is given. */
  readonly infraEnv: k8s.apiextensions.CustomResource;
  /** The discovery ISO URL, once the InfraEnv reports ImageCreated. */
  readonly isoDownloadURL: pulumi.Output<string | undefined>;
  /** The plan's {@link AgentInfrastructurePlan.dnsRecords}: nothing creates them, so add them to the cluster's DNS zone. */
  readonly dnsRecords: readonly DnsRecord[];
  /** The records as zone-file text; undefined without records. */
  readonly zoneFile?: string;
  /** The plan's {@link AgentInfrastructurePlan.teardown}: before `pulumi destroy`, scale the NodePools to 0 and delete these Agents. */
  readonly teardown: readonly TeardownStep[];
  /** The plan's {@link AgentInfrastructurePlan.hostsScript}: IBM Z boot, Agents of hosts without a BMC, teardown. */
  readonly hostsScript: string;

  constructor(name: string, args: AgentInfrastructureArgs, opts?: pulumi.ComponentResourceOptions) {
    const { cluster, options = {}, ...props } = args;
    const clusterPlan = cluster && 'hostedCluster' in cluster ? cluster : cluster?.plan;
    const checked = checkAgentInfrastructure(props, { ...options, ...(clusterPlan ? { cluster: clusterPlan } : {}), discoveryIsoUrlAtDeployment: true });
    // The InfraEnv registers before the VMs (an earlier phase): they import the ISO URL it reports.
    let isoUrl: pulumi.Output<string | undefined> = pulumi.output(undefined);
    super(AGENT_INFRASTRUCTURE_TYPE, name, checked, opts, {
      render: (planned, resourceName, childOpts) => {
        const resource = render(resourceName, planned, isoUrl, childOpts);
        if (planned.object.kind === 'InfraEnv') {
          // `status` is registered as an output (see render) and is read after waitFor ImageCreated.
          isoUrl = (resource as unknown as { status: pulumi.Output<{ isoDownloadURL?: string } | undefined> }).status.apply((s) => s?.isoDownloadURL);
        }
        return resource;
      },
    });
    this.dnsRecords = this.plan.dnsRecords;
    this.zoneFile = this.plan.zoneFile;
    this.teardown = this.plan.teardown;
    this.hostsScript = this.plan.hostsScript;
    this.resources = this.phases.flatMap((phase) => phase.resources);
    this.infraEnv = this.resourceOf((object) => object.kind === 'InfraEnv') as k8s.apiextensions.CustomResource;
    this.isoDownloadURL = isoUrl;
    this.registerOutputs({ isoDownloadURL: this.isoDownloadURL, warnings: this.warnings });
  }
}

/** The InfraEnv with `status` as an output, VMs that import its ISO URL; every other object as usual. */
function render(resourceName: string, planned: PlannedObject, isoUrl: pulumi.Output<string | undefined>, opts: pulumi.CustomResourceOptions): pulumi.CustomResource {
  const object = planned.object as KubernetesObject & Record<string, unknown>;
  const metadata = metadataWithReadiness(planned);
  switch (`${object.apiVersion}/${object.kind}`) {
    case 'agent-install.openshift.io/v1beta1/InfraEnv':
      // `status: undefined` makes Pulumi register status as an output, so the ISO URL can be read.
      return new k8s.apiextensions.CustomResource(resourceName, { ...object, metadata, status: undefined } as unknown as k8s.apiextensions.CustomResourceArgs, opts);
    case 'kubevirt.io/v1/VirtualMachine': {
      const spec = JSON.stringify(object.spec);
      if (!spec.includes(DISCOVERY_ISO_URL_AT_DEPLOYMENT)) break;
      const resolved = isoUrl.apply((url) => {
        if (!url) throw new Error(`InfraEnv has no status.isoDownloadURL yet; ${object.metadata.name} cannot import the discovery ISO.`);
        return JSON.parse(spec.split(DISCOVERY_ISO_URL_AT_DEPLOYMENT).join(url)) as unknown;
      });
      return new k8s.apiextensions.CustomResource(resourceName, { apiVersion: object.apiVersion, kind: object.kind, metadata, spec: resolved } as k8s.apiextensions.CustomResourceArgs, opts);
    }
  }
  return renderResource(resourceName, planned, undefined, opts);
}
