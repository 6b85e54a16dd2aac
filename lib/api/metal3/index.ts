import type { SpecResource } from '../k8s';
import type { BareMetalHostSpec } from './bare-metal-host.generated';

export * from './bare-metal-host.generated';

/** API group and version of the metal3 kinds the library emits. */
export const METAL3_API_VERSION = 'metal3.io/v1alpha1';

/** `metal3.io/v1alpha1` BareMetalHost: a machine the bare-metal operator powers and boots through its BMC. */
export type BareMetalHost = SpecResource<typeof METAL3_API_VERSION, 'BareMetalHost', BareMetalHostSpec>;
