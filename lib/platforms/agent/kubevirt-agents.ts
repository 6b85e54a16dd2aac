/**
 * KubeVirt VMs as agents (the documentation's "non-bare-metal agent machines"): VirtualMachines on
 * OpenShift Virtualization that boot the InfraEnv's discovery ISO, so an agent-platform cluster
 * can be built and tested without bare metal.
 *
 * Each VM has an empty root disk (boot order 1: empty at first, so the VM falls through to the
 * ISO; the installed system boots from it afterwards) and a CD-ROM imported by CDI from the
 * InfraEnv's `status.isoDownloadURL` (boot order 2). That URL exists only once assisted-service has
 * built the image (InfraEnv condition `ImageCreated`): Pulumi reads it from the InfraEnv it created;
 * GitOps needs it as `discoveryIsoUrl` (a second commit; until then no VM is emitted).
 *
 * Sizes: assisted-service's minimum for a worker is 2 cores, 8 GiB of memory and a 100 GB disk
 * (its default hardware requirements); OpenShift Virtualization's tested maximum per VM is 216
 * vCPUs and 6 TB (lib/core/limits.ts).
 */
import { v } from '../../core/valibot';
import type { VirtualMachine } from '../../api';
import { KUBEVIRT_API_VERSION } from '../../api';
import { count, list, strict, stringMap, text } from '../../core';
import { KUBEVIRT_VM } from '../kubevirt/limits';
import type { InfraEnvArch } from './architecture';
import type { KubevirtAgentsProps } from './infrastructure-props';

export const AGENT_VM_MINIMUM = { cores: 2, memoryBytes: 8 * 2 ** 30, diskBytes: 100e9 } as const;

export const AGENT_VM_DEFAULTS = { cores: 4, memory: '16Gi', rootDiskSize: '120Gi', isoVolumeSize: '2Gi' } as const;

/** @internal */
export const kubevirtAgentsPropsSchema = strict({
  count: count(1, 500),
  namePrefix: v.optional(text({ max: 50 })),
  namespace: v.optional(text({ max: 63 })),
  cores: v.optional(count(AGENT_VM_MINIMUM.cores, KUBEVIRT_VM.maxCores, 'the OpenShift Virtualization tested maximum per VM')),
  memory: v.optional(text({ max: 32 })),
  rootDiskSize: v.optional(text({ max: 32 })),
  storageClass: v.optional(text({ max: 253 })),
  isoVolumeSize: v.optional(text({ max: 32 })),
  network: v.optional(text({ max: 253 })),
  macAddresses: v.optional(list(text({ max: 32 }))),
  nodeSelector: v.optional(stringMap()),
  discoveryIsoUrl: v.optional(text({ max: 4096 })),
});
export type { KubevirtAgentsProps } from './infrastructure-props';

/** Stands for the ISO URL in a plan whose renderer fills it in at deployment (the Pulumi component). */
export const DISCOVERY_ISO_URL_AT_DEPLOYMENT = 'https://discovery-iso-url.invalid/filled-in-at-deployment.iso';

/** KubeVirt's names for the architectures it runs VMs of (ppc64le has none). */
export const KUBEVIRT_ARCH: Readonly<Partial<Record<InfraEnvArch, string>>> = { x86_64: 'amd64', aarch64: 'arm64', arm64: 'arm64', s390x: 's390x' };

export const agentVmNames = (props: KubevirtAgentsProps, infraEnv: string): string[] =>
  Array.from({ length: props.count }, (_, i) => `${props.namePrefix ?? `${infraEnv}-agent`}-${i}`);

/** One VM that boots the discovery ISO from `isoUrl`. */
export function buildAgentVirtualMachine(
  props: KubevirtAgentsProps,
  options: { readonly name: string; readonly index: number; readonly namespace: string; readonly arch: string; readonly isoUrl: string },
): VirtualMachine {
  const { name, index, namespace, arch, isoUrl } = options;
  const storage = (size: string) => ({ resources: { requests: { storage: size } }, ...(props.storageClass ? { storageClassName: props.storageClass } : {}) });
  const mac = props.macAddresses?.[index]?.toLowerCase();
  const network = props.network ? { name: 'default', multus: { networkName: props.network } } : { name: 'default', pod: {} };
  return {
    apiVersion: KUBEVIRT_API_VERSION,
    kind: 'VirtualMachine',
    metadata: { name, namespace },
    spec: {
      runStrategy: 'Always',
      dataVolumeTemplates: [
        { metadata: { name: `${name}-root` }, spec: { source: { blank: {} }, storage: storage(props.rootDiskSize ?? AGENT_VM_DEFAULTS.rootDiskSize) } },
        { metadata: { name: `${name}-discovery` }, spec: { source: { http: { url: isoUrl } }, storage: storage(props.isoVolumeSize ?? AGENT_VM_DEFAULTS.isoVolumeSize) } },
      ],
      template: {
        metadata: { labels: { 'kubevirt.io/domain': name } },
        spec: {
          architecture: arch,
          domain: {
            cpu: { cores: props.cores ?? AGENT_VM_DEFAULTS.cores },
            memory: { guest: props.memory ?? AGENT_VM_DEFAULTS.memory },
            devices: {
              disks: [
                { name: 'root', bootOrder: 1, disk: { bus: 'virtio' } },
                { name: 'discovery', bootOrder: 2, cdrom: { bus: 'sata' } },
              ],
              interfaces: [{ name: 'default', bridge: {}, ...(mac ? { macAddress: mac } : {}) }],
            },
          },
          networks: [network],
          volumes: [
            { name: 'root', dataVolume: { name: `${name}-root` } },
            { name: 'discovery', dataVolume: { name: `${name}-discovery` } },
          ],
          ...(props.nodeSelector ? { nodeSelector: props.nodeSelector } : {}),
        },
      },
    },
  };
}
