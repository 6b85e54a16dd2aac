/**
 * `kubevirt.io/v1` VirtualMachine: only the fields the library sets are typed here (the full spec
 * is very large); every emitted VirtualMachine is still checked against the whole generated schema.
 */
import type { SpecResource } from '../k8s';

export const KUBEVIRT_API_VERSION = 'kubevirt.io/v1';

export interface VirtualMachineDisk {
  readonly name: string;
  readonly bootOrder?: number;
  readonly disk?: { readonly bus: 'virtio' | 'sata' | 'scsi' };
  readonly cdrom?: { readonly bus: 'sata' | 'scsi' };
}

export interface VirtualMachineInterface {
  readonly name: string;
  readonly macAddress?: string;
  readonly bridge?: Readonly<Record<string, never>>;
  readonly masquerade?: Readonly<Record<string, never>>;
}

export interface VirtualMachineNetwork {
  readonly name: string;
  readonly pod?: Readonly<Record<string, never>>;
  readonly multus?: { readonly networkName: string };
}

export interface DataVolumeTemplate {
  readonly metadata: { readonly name: string; readonly labels?: Readonly<Record<string, string>> };
  readonly spec: {
    readonly source: { readonly http?: { readonly url: string }; readonly blank?: Readonly<Record<string, never>> };
    readonly storage: {
      readonly resources: { readonly requests: { readonly storage: string } };
      readonly storageClassName?: string;
      readonly accessModes?: readonly string[];
      readonly volumeMode?: 'Filesystem' | 'Block';
    };
  };
}

export interface VirtualMachineSpec {
  readonly runStrategy: 'Always' | 'Halted' | 'Manual' | 'RerunOnFailure' | 'Once';
  readonly dataVolumeTemplates: readonly DataVolumeTemplate[];
  readonly template: {
    readonly metadata: { readonly labels: Readonly<Record<string, string>> };
    readonly spec: {
      readonly architecture?: string;
      readonly domain: {
        readonly cpu: { readonly cores: number };
        readonly memory: { readonly guest: string };
        readonly firmware?: { readonly bootloader: { readonly efi: { readonly secureBoot: boolean } } };
        readonly devices: { readonly disks: readonly VirtualMachineDisk[]; readonly interfaces: readonly VirtualMachineInterface[] };
      };
      readonly networks: readonly VirtualMachineNetwork[];
      readonly volumes: ReadonlyArray<{ readonly name: string; readonly dataVolume: { readonly name: string } }>;
      readonly nodeSelector?: Readonly<Record<string, string>>;
    };
  };
}

/** `kubevirt.io/v1` VirtualMachine: an agent host run as a VM on OpenShift Virtualization. */
export type VirtualMachine = SpecResource<typeof KUBEVIRT_API_VERSION, 'VirtualMachine', VirtualMachineSpec>;
