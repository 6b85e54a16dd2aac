/**
 * A relocatable edge site, as users write it: one host preinstalled with single-node OpenShift in
 * a factory (image-based installation), and what the hub needs to reconfigure it at its site.
 * Kept equal to `edgeSitePropsSchema` by test/types/props-match-schemas.ts.
 */
import type { SecretSource } from '../core/secret-source';
import type { HostNetworkProps } from '../platforms/agent/infrastructure-props';
import type { MIRROR_SOURCE_POLICIES } from '../management/management-cluster-props';

/** One edge site: its cluster's identity, the node's network, the release it was preinstalled with, and how the hub reaches its BMC. */
export interface EdgeSiteProps {
  /**
   * The site's cluster name (`ClusterDeployment.spec.clusterName`), a DNS label. It names the hub's
   * objects and the output folder `edge-<name>`, and cannot change once the site is installed.
   */
  readonly name: string;
  /** Namespace on the hub for the site's objects; one site per namespace. @default name */
  readonly namespace?: string;
  /** The cluster's base DNS domain (the API is `api.<name>.<baseDomain>`); cannot change once installed. */
  readonly baseDomain: string;
  /** The node's host name (a DNS label or subdomain); cannot change once installed. */
  readonly hostname: string;
  /** The release the host was preinstalled with: the same OpenShift version as the seed image, from any registry. */
  readonly release: EdgeSiteRelease;
  /**
   * The node's machine networks (CIDRs). The first one's IP family is the primary one and must be
   * the seed's; every static address of the node lies in one of them.
   */
  readonly machineNetworks: readonly string[];
  /** The node's static network, as nmstate (Secret `<name>-network`, key `nmstate`). @default DHCP on the preinstalled configuration */
  readonly network?: HostNetworkProps;
  /** Registry credentials (`.dockerconfigjson`), as Secret `<name>-pull-secret` of type `kubernetes.io/dockerconfigjson`. */
  readonly pullSecret: SecretSource;
  /** The host's BMC, through which the hub attaches the configuration image. */
  readonly bmc: EdgeSiteBmc;
  /** MAC address of the NIC the host boots from (never the BMC's own). */
  readonly bootMACAddress: string;
  /** Mirrors of the release's images (a disconnected site); with any, the release image must be pinned by digest. @default none */
  readonly imageDigestSources?: readonly EdgeImageDigestSource[];
  /** CA certificates the node trusts (a mirror registry's, a proxy's): PEM text (ConfigMap `<name>-ca-bundle`), or a ConfigMap with key `tls-ca-bundle.pem`. @default none */
  readonly trustBundle?: string | { readonly existingConfigMap: string };
  /** SSH public key for the `core` user of the node. @default none */
  readonly sshKey?: string;
  /**
   * Manifests applied at the site, by file name (at most 30 characters, `.yaml`; prefix numbers
   * for order): ConfigMap `<name>-extra-manifests`. Operators that need the site's network
   * (SR-IOV, performance profiles) belong here, not in the factory. @default none
   */
  readonly extraManifests?: Readonly<Record<string, string>>;
  /** Register the site's cluster with the hub: a ManagedCluster `<name>` the hub accepts. @default false */
  readonly managedCluster?: boolean;
  /** Allow an inline pull-secret value in the output. @default false */
  readonly allowInlineSecrets?: boolean;
}

/** The release of an edge site, as a ClusterImageSet on the hub (shared by sites that name the same image). */
export interface EdgeSiteRelease {
  /** Release image pull spec, `quay.io/openshift-release-dev/ocp-release:4.16.4-x86_64` or `...@sha256:<digest>`. */
  readonly image: string;
  /** Name of the ClusterImageSet. @default `img<tag>` (`img4.16.4-x86-64`), or `img-<first 12 digest digits>` for an image by digest */
  readonly imageSetName?: string;
}

/** The BMC of an edge site's host: a virtual-media driver, since the hub attaches the configuration image as virtual media. */
export interface EdgeSiteBmc {
  /** `redfish-virtualmedia://10.0.0.5/redfish/v1/Systems/1`, `idrac-virtualmedia://...` (metal3's virtual-media schemes). */
  readonly address: string;
  /** User name and password: an existing Secret with keys `username` and `password`, or one key of a secret store holding both (Secret `<name>-bmc-secret`). */
  readonly credentials: SecretSource;
  /** Accept a self-signed BMC certificate (insecure). @default false */
  readonly disableCertificateVerification?: boolean;
}

/** A mirror of a source repository the node pulls from by digest (`ImageClusterInstall.spec.imageDigestSources`). */
export interface EdgeImageDigestSource {
  /** The repository images are named by (`quay.io/openshift-release-dev/ocp-release`). */
  readonly source: string;
  /** Repositories that hold the same images, tried in order. */
  readonly mirrors: readonly string[];
  /** Whether the source itself may be tried when no mirror answers. @default 'AllowContactingSource' */
  readonly mirrorSourcePolicy?: (typeof MIRROR_SOURCE_POLICIES)[number];
}
