/**
 * The hosts under an agent cluster, as users write them: the InfraEnv, bare-metal hosts with their
 * BMCs and static networking, KubeVirt VMs that boot as agents, and the DNS records' addresses.
 * Kept equal to `agentInfrastructurePropsSchema` and its parts by test/types/props-match-schemas.ts.
 */
import type { ExternalSecretSource, SecretSource } from '../../core/secret-source';

/** CPU architectures of agent hosts, as the InfraEnv's `cpuArchitecture` names them. */
export type InfraEnvArch = (typeof INFRA_ENV_ARCHS)[number];

/** The InfraEnv's `cpuArchitecture` values (the InfraEnv CRD's; arm64 is an alias of aarch64). */
export const INFRA_ENV_ARCHS = ['x86_64', 'aarch64', 'arm64', 'ppc64le', 's390x'] as const;

/** Everything under an agent cluster. */
export interface AgentInfrastructureProps {
  /** The InfraEnv hosts boot from. */
  readonly infraEnv: InfraEnvProps;
  /** CIDRs static host addresses must lie in. @default the HostedCluster's machine networks, when a cluster is given */
  readonly machineNetwork?: readonly string[];
  /** Bare-metal (or hand-booted) hosts. @default none */
  readonly hosts?: readonly HostProps[];
  /** KubeVirt VMs that boot as agents. @default none */
  readonly virtualMachines?: KubevirtAgentsProps;
  /** Addresses for the DNS records the cluster needs (needs a cluster). @default the APIServer NodePort address, no ingress record */
  readonly dns?: {
    /** Where `api` and `api-int` point (management nodes, or a load balancer). @default the APIServer NodePort address when it is an IP */
    readonly apiAddresses?: readonly string[];
    /** Where `*.apps` points (workers, or a MetalLB address in the hosted cluster). @default none */
    readonly ingressAddresses?: readonly string[];
  };
  /** Emit the InfraEnv's Namespace. @default true */
  readonly createNamespace?: boolean;
}

/** The discovery ISO's kinds (`InfraEnvProps.imageType`). */
export const DISCOVERY_IMAGE_TYPES = ['full-iso', 'minimal-iso'] as const;

/** The InfraEnv: the discovery image hosts boot to register as Agents in its namespace. */
export interface InfraEnvProps {
  /** Name of the InfraEnv. */
  readonly name: string;
  /** Namespace of the InfraEnv: the Agents appear here, so it must be the cluster's agent namespace. */
  readonly namespace: string;
  /** Architecture of the hosts (IBM Z: s390x, IBM Power: ppc64le). @default 'x86_64' */
  readonly cpuArchitecture?: InfraEnvArch;
  /** Registry credentials for the discovery image (`.dockerconfigjson`), as a Secret `<name>-infraenv-pull-secret`. */
  readonly pullSecret: SecretSource;
  /** SSH public key for the `core` user on discovered hosts. @default none */
  readonly sshAuthorizedKey?: string;
  /** Labels assisted-service copies onto every Agent of this InfraEnv; NodePools select them with `agentLabelSelector`. @default none */
  readonly agentLabels?: Readonly<Record<string, string>>;
  /**
   * Approve Agents of this InfraEnv automatically (`spec.agentApproval.autoApprove`, recent
   * assisted-service only). Agents of BareMetalHosts are approved by assisted-service anyway. @default false
   */
  readonly autoApprove?: boolean;
  /** Proxy for the discovery agent. @default none */
  readonly proxy?: {
    /** Proxy for HTTP. @default none */
    readonly httpProxy?: string;
    /** Proxy for HTTPS. @default none */
    readonly httpsProxy?: string;
    /** Comma-separated hosts, domains and CIDRs that bypass the proxy. @default none */
    readonly noProxy?: string;
  };
  /** NTP servers (host names or addresses) added to the hosts' own. @default none */
  readonly additionalNTPSources?: readonly string[];
  /** PEM certificates the hosts trust (a mirror registry, a proxy). @default none */
  readonly additionalTrustBundle?: string;
  /** Kind of discovery ISO. @default assisted-service's ('minimal-iso' on recent versions) */
  readonly imageType?: (typeof DISCOVERY_IMAGE_TYPES)[number];
  /** OS image version of the discovery image (`4.16`). @default the newest the AgentServiceConfig offers */
  readonly osImageVersion?: string;
}

/** How a BareMetalHost boots (metal3's boot modes). */
export const BOOT_MODES = ['UEFI', 'UEFISecureBoot', 'legacy'] as const;

/** A bare-metal (or hand-booted) host. */
export interface HostProps {
  /** Name of the BareMetalHost and NMStateConfig (and the node's host name unless `hostname` is set). */
  readonly name: string;
  /**
   * The node's host name: BMAC sets it on a BareMetalHost's Agent; for a host without a BMC the
   * hosts report (`reports/hosts-<namespace>-<InfraEnv>.sh`) patches its Agent. @default name
   */
  readonly hostname?: string;
  /** MAC address of the NIC the host boots from (never the BMC's own). */
  readonly bootMACAddress: string;
  /** The host's BMC. Without one, no BareMetalHost is emitted: boot the host from the discovery ISO yourself. @default none */
  readonly bmc?: {
    /** `redfish-virtualmedia://10.0.0.5/redfish/v1/Systems/1`, `idrac-virtualmedia://...`, `ipmi://10.0.0.5`... (metal3's schemes). */
    readonly address: string;
    /** Where the BMC's user name and password come from. */
    readonly credentials: BmcCredentials;
    /** Accept a self-signed BMC certificate (insecure). @default false */
    readonly disableCertificateVerification?: boolean;
  };
  /**
   * Which disk to install on. BMAC picks the Agent's installation disk from a BareMetalHost's
   * hints; a host without a BMC takes `deviceName` only, which the hosts report sets as its Agent's
   * `installation_disk_id` (the disk's id in the Agent's inventory, e.g. /dev/sda). @default the installer's choice
   */
  readonly rootDeviceHints?: {
    /** `/dev/sda` or `/dev/disk/by-path/...`. @default none */
    readonly deviceName?: string;
    /** SCSI address `0:0:0:0`. @default none */
    readonly hctl?: string;
    /** Disk model. @default none */
    readonly model?: string;
    /** Disk vendor. @default none */
    readonly vendor?: string;
    /** Disk serial number. @default none */
    readonly serialNumber?: string;
    /** Smallest acceptable disk size. @default none */
    readonly minSizeGigabytes?: number;
    /** World Wide Name of the disk. @default none */
    readonly wwn?: string;
    /** A spinning disk (true) or a solid-state one (false). @default none */
    readonly rotational?: boolean;
  };
  /** Firmware boot mode. @default metal3's ('UEFI') */
  readonly bootMode?: (typeof BOOT_MODES)[number];
  /** Static network configuration (an NMStateConfig). @default DHCP */
  readonly network?: HostNetworkProps;
  /** How this IBM Z host boots the InfraEnv's PXE images (InfraEnv `cpuArchitecture: s390x`, no BMC): the hosts report's boot steps. @default not booted by the report */
  readonly ibmZ?: IbmZBootProps;
}

/** How an IBM Z host boots (`IbmZBootProps.method`): a RHEL KVM guest, a logical partition, a z/VM guest. */
export const IBM_Z_BOOT_METHODS = ['kvm', 'lpar', 'zvm'] as const;

/**
 * The boot of an IBM Z host from the InfraEnv's PXE images (kernel, initrd, rootfs), as the
 * documentation's "Adding IBM Z agents to the InfraEnv resource" does it: `virt-install` for KVM,
 * a parameter file (and for an LPAR its `.ins` file) for LPAR and z/VM.
 */
export interface IbmZBootProps {
  /** KVM (`virt-install` with the kernel and initrd), LPAR or z/VM (a parameter file). */
  readonly method: (typeof IBM_Z_BOOT_METHODS)[number];
  /** Where the host fetches the root file system (`coreos.live.rootfs_url`, http or https): serve the InfraEnv's rootfs image there (the report downloads it). */
  readonly rootfsUrl: string;
  /** LPAR and z/VM: the OSA or HiperSockets devices of `rd.znet=qeth,<devices>,layer2=1`, e.g. `0.0.bdf0,0.0.bdf1,0.0.bdf2`. */
  readonly networkDevices?: string;
  /** LPAR and z/VM: the disk RHCOS is installed on: a DASD (`rd.dasd`) or an FCP LUN (`rd.zfcp`). */
  readonly disk?: IbmZDisk;
  /** z/VM: the guest's user ID, whose reader the kernel, parameter file and initrd are punched to. */
  readonly zvmGuest?: string;
  /** KVM: the guest's disk as `virt-install --disk` takes it, e.g. `/var/lib/libvirt/images/worker-0.qcow2,size=120`. */
  readonly kvmDisk?: string;
  /** KVM: the libvirt network of the guest's NIC (its MAC is `bootMACAddress`). @default 'macvtap-net' */
  readonly kvmNetwork?: string;
}

/** The installation disk of an LPAR or z/VM guest: a DASD by device number, or an FCP LUN. */
export type IbmZDisk =
  | {
      /** DASD device number, e.g. `0.0.4411`. */
      readonly dasd: string;
    }
  | {
      /** An FCP LUN: `rd.zfcp=<adapter>,<wwpn>,<lun>`. */
      readonly fcp: {
        /** FCP adapter device number, e.g. `0.0.8001`. */
        readonly adapter: string;
        /** World Wide Port Name, e.g. `0x500507630400d1e3`. */
        readonly wwpn: string;
        /** Logical unit number, e.g. `0x4001404200000000`. */
        readonly lun: string;
      };
    };

/** BMC credentials: an existing Secret with `username` and `password`, or an ExternalSecret. Never a value in the props. */
export type BmcCredentials =
  | {
      /** A Secret in the InfraEnv's namespace with the keys `username` and `password`. */
      readonly existingSecret: string;
    }
  | {
      /** One key of a secret store holding both; `<host>-bmc-secret` is created from it. */
      readonly externalSecret: BmcExternalSecretSource;
    };

/** A secret-store key holding a BMC's user name and password. */
export interface BmcExternalSecretSource extends ExternalSecretSource {
  /** Property of the store's key holding the user name. @default 'username' */
  readonly usernameProperty?: string;
  /** Property of the store's key holding the password. @default 'password' */
  readonly passwordProperty?: string;
}

/** Addresses of one interface: static, in CIDR form, or from DHCP. */
export interface InterfaceAddressing {
  /** Static addresses with their prefix length (`192.168.122.21/24`, `2620:52::21/64`). @default none */
  readonly addresses?: readonly string[];
  /** Take addresses from DHCP (IPv4) instead. @default false */
  readonly dhcp?: boolean;
}

/** Bond modes of the Linux bonding driver. */
export type BondMode = (typeof BOND_MODES)[number];

/** The bonding driver's modes, as nmstate names them. */
export const BOND_MODES = ['balance-rr', 'active-backup', 'balance-xor', 'broadcast', '802.3ad', 'balance-tlb', 'balance-alb'] as const;

/** Static host networking: one NMStateConfig, which the host finds by its NICs' MAC addresses. */
export interface HostNetworkProps {
  /** The host's NICs: the name the config uses, and the NIC's MAC address (how the host finds its config). */
  readonly interfaces: ReadonlyArray<
    InterfaceAddressing & {
      /** Interface name in the config (`eno1`). */
      readonly name: string;
      /** The NIC's MAC address. */
      readonly macAddress: string;
    }
  >;
  /** Bonds of those NICs. @default none */
  readonly bonds?: ReadonlyArray<
    InterfaceAddressing & {
      /** Bond name (`bond0`). */
      readonly name: string;
      /** Bonding mode. */
      readonly mode: BondMode;
      /** The NICs in the bond, by name. */
      readonly ports: readonly string[];
    }
  >;
  /** VLAN interfaces on a NIC or bond. @default none */
  readonly vlans?: ReadonlyArray<
    InterfaceAddressing & {
      /** VLAN interface name (`bond0.200`). */
      readonly name: string;
      /** The NIC or bond it is on. */
      readonly baseInterface: string;
      /** 802.1Q VLAN ID, 1 to 4094. */
      readonly id: number;
    }
  >;
  /** DNS servers. @default none */
  readonly dns?: readonly string[];
  /** Routes; a default route has destination `0.0.0.0/0` (or `::/0`). @default none */
  readonly routes?: ReadonlyArray<{
    /** Destination network in CIDR form. */
    readonly destination: string;
    /** Gateway address. */
    readonly nextHopAddress: string;
    /** Interface the gateway is reached through. */
    readonly nextHopInterface: string;
  }>;
}

/** KubeVirt VMs that boot the InfraEnv's discovery ISO and register as agents. */
export interface KubevirtAgentsProps {
  /** How many VMs: named `<namePrefix>-0`, `-1`, ... */
  readonly count: number;
  /** Prefix of the VM names. @default '<InfraEnv name>-agent' */
  readonly namePrefix?: string;
  /** Namespace of the VMs on the management cluster (OpenShift Virtualization installed). @default the InfraEnv's namespace */
  readonly namespace?: string;
  /** vCPUs per VM. @default 4 */
  readonly cores?: number;
  /** Memory per VM (at least 8Gi, assisted-service's worker minimum). @default '16Gi' */
  readonly memory?: string;
  /** Root disk per VM (at least 100 GB, assisted-service's worker minimum). @default '120Gi' */
  readonly rootDiskSize?: string;
  /** StorageClass of the root disks and the ISO volumes. @default the cluster's default StorageClass */
  readonly storageClass?: string;
  /** Size of the volume the discovery ISO is imported into (the full ISO is about 1.1 GB). @default '2Gi' */
  readonly isoVolumeSize?: string;
  /**
   * A Multus network `<namespace>/<NetworkAttachmentDefinition>` the VMs attach to (bridge), e.g. a
   * VLAN the hosted cluster's nodes share. @default the pod network (bridge binding)
   */
  readonly network?: string;
  /** MAC address per VM, in order (match NMStateConfigs, DHCP reservations). @default KubeVirt's */
  readonly macAddresses?: readonly string[];
  /** Node selector for the VMs. @default none */
  readonly nodeSelector?: Readonly<Record<string, string>>;
  /**
   * The InfraEnv's `status.isoDownloadURL` (`oc get infraenv <name> -o jsonpath='{.status.isoDownloadURL}'`).
   * Required for GitOps; the Pulumi component reads it itself. @default unknown until the InfraEnv's image exists
   */
  readonly discoveryIsoUrl?: string;
}
