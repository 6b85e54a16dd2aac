/**
 * Bare-metal hosts: a BareMetalHost per machine with a BMC, which the bare-metal operator powers on
 * with the InfraEnv's discovery image (assisted-service's BMAC controller attaches the ISO), and the
 * Secret with the BMC's user name and password. Hosts without a BMC are booted by hand from the
 * ISO; they still get their NMStateConfig.
 *
 * Sources: the BareMetalHost CRD (metal3); metal3's BMC address table (baremetal-operator
 * docs/api.md); the HCP documentation (disconnected bare metal: BareMetalHost with label
 * `infraenvs.agent-install.openshift.io`, annotations `inspect.metal3.io: disabled` and
 * `bmac.agent-install.openshift.io/hostname`, `automatedCleaningMode: disabled`, `online: true`,
 * credentials Secret with `username` and `password`); assisted-service's BMAC controller, which
 * approves the Agent of every BareMetalHost it manages and labels it `agent-install.openshift.io/bmh`.
 */
import { v } from '../../core/valibot';
import type { BareMetalHost, ExternalSecret, KubernetesObject } from '../../api';
import { EXTERNAL_SECRETS_API_VERSION, METAL3_API_VERSION } from '../../api';
import type { IssueCollector } from '../../core';
import { MAX_SUBDOMAIN_LENGTH, bool, count, dnsSubdomainProblem, externalSecretSourceSchema, oneKeyOf, oneOf, quote, strict, text } from '../../core';
import { INFRA_ENV_LABEL } from './infra-env';
import { ibmZBootSchema } from './ibm-z';
import { hostNetworkSchema } from './nmstate';
import type { BmcCredentials, HostProps } from './infrastructure-props';
import { BOOT_MODES } from './infrastructure-props';

/** Label BMAC puts on the Agent of a BareMetalHost: select single hosts in a NodePool's agentLabelSelector. */
export const AGENT_BMH_LABEL = 'agent-install.openshift.io/bmh';

export const BMH_ANNOTATIONS = {
  /** Skip metal3's own inspection: the discovery agent inspects the host. */
  inspect: 'inspect.metal3.io',
  /** BMAC sets this as the Agent's host name. */
  hostname: 'bmac.agent-install.openshift.io/hostname',
} as const;

/** BMC credentials: an existing Secret with `username` and `password`, or an ExternalSecret. Never a value in the props. @internal */
export const bmcCredentialsSchema = oneKeyOf(
  {
    existingSecret: text({ max: MAX_SUBDOMAIN_LENGTH }),
    externalSecret: strict({
      ...externalSecretSourceSchema.entries,
      usernameProperty: v.optional(text()),
      passwordProperty: v.optional(text()),
    }),
  },
  'BMC credentials',
);
export type { BmcCredentials } from './infrastructure-props';

/** @internal */
export const hostPropsSchema = strict({
  name: text({ max: 253 }),
  hostname: v.optional(text({ max: 253 })),
  bootMACAddress: text({ max: 32 }),
  bmc: v.optional(
    strict({
      address: text({ max: 2048 }),
      credentials: bmcCredentialsSchema,
      disableCertificateVerification: v.optional(bool()),
    }),
  ),
  rootDeviceHints: v.optional(
    strict({
      deviceName: v.optional(text()),
      hctl: v.optional(text()),
      model: v.optional(text()),
      vendor: v.optional(text()),
      serialNumber: v.optional(text()),
      minSizeGigabytes: v.optional(count(0, 1_000_000)),
      wwn: v.optional(text()),
      rotational: v.optional(bool()),
    }),
  ),
  bootMode: v.optional(oneOf(BOOT_MODES)),
  network: v.optional(hostNetworkSchema),
  ibmZ: v.optional(ibmZBootSchema),
});
export type { HostProps } from './infrastructure-props';

/**
 * metal3's BMC address schemes, and whether each can attach the discovery ISO as virtual media
 * (else the host boots by iPXE from the provisioning network). `+http`/`+https` variants of the
 * Redfish and iDRAC schemes pick the transport.
 */
export const BMC_SCHEMES: Readonly<Record<string, { readonly virtualMedia: boolean }>> = {
  ipmi: { virtualMedia: false },
  redfish: { virtualMedia: false },
  'redfish-virtualmedia': { virtualMedia: true },
  idrac: { virtualMedia: false },
  'idrac-redfish': { virtualMedia: false },
  'idrac-virtualmedia': { virtualMedia: true },
  ilo4: { virtualMedia: false },
  'ilo4-virtualmedia': { virtualMedia: true },
  ilo5: { virtualMedia: false },
  'ilo5-redfish': { virtualMedia: false },
  'ilo5-virtualmedia': { virtualMedia: true },
  irmc: { virtualMedia: false },
  'irmc-virtualmedia': { virtualMedia: true },
};

/** The scheme of a BMC address (`ipmi` for metal3's bare `host:port` form), or a problem. */
export function bmcScheme(address: string): { scheme: string; virtualMedia: boolean } | { problem: string } {
  const match = /^([a-z0-9-]+)(\+https?)?:\/\/(\S+)$/.exec(address);
  if (!match) {
    // metal3 also takes an unadorned host[:port] as IPMI.
    if (/^[\w.-]+(:\d+)?$/.test(address) || /^\[[0-9a-fA-F:]+\](:\d+)?$/.test(address)) return { scheme: 'ipmi', virtualMedia: false };
    return { problem: `${quote(address)} is not a BMC address (<scheme>://<host>[:port][/path]).` };
  }
  const [, scheme, transport] = match;
  const known = BMC_SCHEMES[scheme];
  if (!known) return { problem: `the scheme ${quote(scheme)} is not one metal3 knows (${Object.keys(BMC_SCHEMES).join(', ')}).` };
  if (transport && !/^(redfish|idrac)/.test(scheme)) return { problem: `${quote(`${scheme}${transport}`)}: only the Redfish and iDRAC schemes take +http or +https.` };
  if (/^(redfish|idrac-redfish|idrac-virtualmedia|ilo5-redfish)/.test(scheme) && !/^[^/]+\/.+/.test(match[3])) {
    return { problem: `${quote(address)} has no system path; Redfish addresses name the system (/redfish/v1/Systems/<id>).` };
  }
  return { scheme, virtualMedia: known.virtualMedia };
}

/** The name of the BMC Secret the library creates for a host. */
export const bmcSecretName = (host: string) => `${host}-bmc-secret`;

/** Objects that make a host's BMC Secret exist (an ExternalSecret, or none for an existing Secret) and its name. */
export function renderBmcCredentials(host: string, namespace: string, credentials: BmcCredentials, path: string, issues: IssueCollector): { name: string; objects: KubernetesObject[] } {
  if ('existingSecret' in credentials) {
    const problem = dnsSubdomainProblem(credentials.existingSecret);
    if (problem) issues.error(`${path}.existingSecret`, `Secret name ${quote(credentials.existingSecret)} ${problem}.`, 'Name a Secret in the InfraEnv namespace with the keys username and password.');
    return { name: credentials.existingSecret, objects: [] };
  }
  const ext = credentials.externalSecret;
  const name = bmcSecretName(host);
  const externalSecret: ExternalSecret = {
    apiVersion: EXTERNAL_SECRETS_API_VERSION,
    kind: 'ExternalSecret',
    metadata: { name, namespace },
    spec: {
      refreshInterval: ext.refreshInterval ?? '1h',
      secretStoreRef: { name: ext.store, kind: ext.storeKind ?? 'ClusterSecretStore' },
      target: { name, creationPolicy: 'Owner' },
      data: [
        { secretKey: 'username', remoteRef: { key: ext.key, property: ext.usernameProperty ?? 'username' } },
        { secretKey: 'password', remoteRef: { key: ext.key, property: ext.passwordProperty ?? 'password' } },
      ],
    },
  };
  return { name, objects: [externalSecret] };
}

/** A host's BareMetalHost, tied to its InfraEnv by label. */
export function buildBareMetalHost(host: HostProps & { readonly bmc: NonNullable<HostProps['bmc']> }, namespace: string, infraEnv: string, credentialsName: string): BareMetalHost {
  return {
    apiVersion: METAL3_API_VERSION,
    kind: 'BareMetalHost',
    metadata: {
      name: host.name,
      namespace,
      labels: { [INFRA_ENV_LABEL]: infraEnv },
      annotations: { [BMH_ANNOTATIONS.inspect]: 'disabled', [BMH_ANNOTATIONS.hostname]: host.hostname ?? host.name },
    },
    spec: {
      online: true,
      bootMACAddress: host.bootMACAddress.toLowerCase(),
      // Cleaning would wipe the disks through ironic's own ramdisk, which this flow does not use.
      automatedCleaningMode: 'disabled',
      bmc: {
        address: host.bmc.address,
        credentialsName,
        ...(host.bmc.disableCertificateVerification ? { disableCertificateVerification: true } : {}),
      },
      ...(host.rootDeviceHints ? { rootDeviceHints: host.rootDeviceHints } : {}),
      ...(host.bootMode ? { bootMode: host.bootMode } : {}),
    },
  };
}
