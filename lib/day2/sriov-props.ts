/** SR-IOV inside a hosted cluster, as users write it (kept equal to `hostedClusterSriovPropsSchema` by test/types/props-match-schemas.ts). */
import type { GuestToleration } from './guest-operators-props';
import type { SUBSCRIPTION_APPROVALS } from '../management/management-cluster-props';

/** How OLM installs the SR-IOV Network Operator (documentation chapter 9.3). */
export interface SriovOperatorProps {
  /** Subscription channel. @default 'stable' */
  readonly channel?: string;
  /** @default 'redhat-operators' */
  readonly source?: string;
  /** @default 'openshift-marketplace' */
  readonly sourceNamespace?: string;
  /** @default 'Automatic' */
  readonly approval?: (typeof SUBSCRIPTION_APPROVALS)[number];
  /** Pin the first installed version (`sriov-network-operator.v4.17.0-...`). @default the channel head */
  readonly startingCSV?: string;
  /** Nodes the operator's pods run on. @default { 'node-role.kubernetes.io/worker': '' } (the documentation's) */
  readonly nodeSelector?: Readonly<Record<string, string>>;
  /** Tolerations of the operator's pods. @default none */
  readonly tolerations?: readonly GuestToleration[];
}

/** Which physical NICs a policy configures; at least one field. */
export interface SriovNicSelectorProps {
  /** PCI vendor ID (`15b3`). @default any */
  readonly vendor?: string;
  /** PCI device ID of the physical function (`1017`). @default any */
  readonly deviceID?: string;
  /** Interface names, optionally with a VF range (`ens5f0#0-3`). @default any */
  readonly pfNames?: readonly string[];
  /** PCI addresses of the physical functions (`0000:86:00.0`). @default any */
  readonly rootDevices?: readonly string[];
  /** OpenStack network filter. @default none */
  readonly netFilter?: string;
}

/** The drivers a policy binds its VFs to. */
export const SRIOV_DEVICE_TYPES = ['netdevice', 'vfio-pci'] as const;

/** A `SriovNetworkNodePolicy`: virtual functions on matching NICs of matching nodes, exposed as a resource. */
export interface SriovNodePolicyProps {
  /** Policy name. */
  readonly name: string;
  /** Resource the VFs are advertised as (`openshift.io/<resourceName>`); letters, digits and `_`. */
  readonly resourceName: string;
  /** Virtual functions per physical function. */
  readonly numVfs: number;
  /** The physical NICs, on the selected nodes, whose virtual functions this policy creates. */
  readonly nicSelector: SriovNicSelectorProps;
  /** Nodes to configure. @default { 'feature.node.kubernetes.io/network-sriov.capable': 'true' } */
  readonly nodeSelector?: Readonly<Record<string, string>>;
  /** VF driver. @default 'netdevice' */
  readonly deviceType?: (typeof SRIOV_DEVICE_TYPES)[number];
  /** 0 is the highest; policies of one NIC are merged by priority. @default 99 */
  readonly priority?: number;
  /** MTU of the VFs. @default the NIC's */
  readonly mtu?: number;
  /** RDMA (netdevice only). @default false */
  readonly isRdma?: boolean;
}

/** A VF switch turned on or off (`spoofChk`, `trust`). */
export const ON_OFF = ['on', 'off'] as const;

/** The VFs' link states. */
export const VF_LINK_STATES = ['auto', 'enable', 'disable'] as const;

/** A `SriovNetwork`: a NetworkAttachmentDefinition for pods, from a policy's resource. */
export interface SriovNetworkProps {
  /** Network name (the NetworkAttachmentDefinition's). */
  readonly name: string;
  /** `resourceName` of a policy in nodePolicies. */
  readonly resourceName: string;
  /** Namespace of the NetworkAttachmentDefinition (where pods attach). @default the operator's namespace */
  readonly networkNamespace?: string;
  /** VLAN ID (0-4094). @default 0 (none) */
  readonly vlan?: number;
  /** IPAM configuration, a JSON object as text (`{"type":"whereabouts","range":"192.0.2.0/24"}`). @default none */
  readonly ipam?: string;
  /** MAC spoof checking. @default the operator's */
  readonly spoofChk?: (typeof ON_OFF)[number];
  /** VF trust mode. @default the operator's */
  readonly trust?: (typeof ON_OFF)[number];
  /** Link state of the VFs. @default the operator's */
  readonly linkState?: (typeof VF_LINK_STATES)[number];
}

/** SR-IOV inside a hosted cluster: the operator, node policies and networks. */
export interface HostedClusterSriovProps {
  /** How OLM installs the operator. @default channel stable from redhat-operators, on workers */
  readonly operator?: SriovOperatorProps;
  /** Node policies. @default none */
  readonly nodePolicies?: readonly SriovNodePolicyProps[];
  /** Networks. @default none */
  readonly networks?: readonly SriovNetworkProps[];
}
