/** The OpenShift release of a cluster or NodePool, as users write it (kept equal to `releasePropsSchema` by test/types/props-match-schemas.ts). */

/** A release image, and its version when the image is pinned by digest. */
export interface ReleaseProps {
  /** Release image pull spec, by tag (`...:4.16.4-x86_64`) or digest (`...@sha256:...`). */
  readonly image: string;
  /**
   * The OpenShift version of the image (`4.16.4`). Needed for version checks when the image is
   * pinned by digest. @default read from the tag
   */
  readonly version?: string;
}
