import type { ObjectMeta } from '../k8s';
import type { BareMetalHostSpec } from './bare-metal-host.generated';

export * from './bare-metal-host.generated';

export const METAL3_API_VERSION = 'metal3.io/v1alpha1';

/** `metal3.io/v1alpha1` BareMetalHost: a machine the bare-metal operator powers and boots through its BMC. */
export interface BareMetalHost {
  readonly apiVersion: typeof METAL3_API_VERSION;
  readonly kind: 'BareMetalHost';
  readonly metadata: ObjectMeta;
  readonly spec: BareMetalHostSpec;
}
