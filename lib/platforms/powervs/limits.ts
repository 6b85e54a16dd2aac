/**
 * Limits of PowerVS VMs, each with where it comes from: the HyperShift API's documentation of
 * `NodePool.spec.platform.powervs` (api/hypershift/v1beta1/powervs.go), which repeats IBM Cloud's
 * limits per system type.
 */

/** Processors a VM takes at least: 0.5 shared or capped, 1 (whole processors) dedicated. */
export const POWERVS_MIN_PROCESSORS = { shared: 0.5, capped: 0.5, dedicated: 1 } as const;

/** Memory a VM takes at least, in GiB. */
export const POWERVS_MIN_MEMORY_GIB = 32;

/**
 * Maxima per system type the API documents: processors (15 on s922, 143 on e880 and e980) and
 * memory in GiB (942, 7463, 15307). Other system types are not judged.
 */
export const POWERVS_SYSTEM_TYPES: Readonly<Record<string, { readonly maxProcessors: number; readonly maxMemoryGiB: number }>> = {
  s922: { maxProcessors: 15, maxMemoryGiB: 942 },
  e880: { maxProcessors: 143, maxMemoryGiB: 7463 },
  e980: { maxProcessors: 143, maxMemoryGiB: 15307 },
};
