/**
 * The InfraEnv: the discovery image (ISO, PXE artifacts) hosts boot to register as Agents in its
 * namespace. Source: the InfraEnv CRD (assisted-service), the HCP documentation (IBM Z and IBM Power
 * InfraEnvs in the agent namespace with `pullSecretRef`, `sshAuthorizedKey`, `cpuArchitecture`).
 */
import { v } from '../../core/valibot';
import type { InfraEnv, KubernetesObject } from '../../api';
import { AGENT_INSTALL_API_VERSION } from '../../api';
import type { IssueCollector, PathRule, SecretContract, SecretSource } from '../../core';
import { bool, list, oneOf, parseIp, pullSecretProblem, quote, renderSecret, secretSourceSchema, sshPublicKeyProblem, strict, stringMap, text } from '../../core';
import { INFRA_ENV_ARCHS } from './architecture';
import type { InfraEnvProps } from './infrastructure-props';
import { DISCOVERY_IMAGE_TYPES } from './infrastructure-props';

/** Label assisted-service puts on each Agent with the name of the InfraEnv it booted from (and BMAC reads on BareMetalHosts). */
export const INFRA_ENV_LABEL = 'infraenvs.agent-install.openshift.io';

/** @internal */
export const infraEnvPropsSchema = strict({
  name: text({ max: 253 }),
  namespace: text({ max: 63 }),
  cpuArchitecture: v.optional(oneOf(INFRA_ENV_ARCHS)),
  pullSecret: secretSourceSchema,
  sshAuthorizedKey: v.optional(text()),
  agentLabels: v.optional(stringMap()),
  autoApprove: v.optional(bool()),
  proxy: v.optional(
    strict({
      httpProxy: v.optional(text()),
      httpsProxy: v.optional(text()),
      noProxy: v.optional(text()),
    }),
  ),
  additionalNTPSources: v.optional(list(text({ max: 253 }))),
  additionalTrustBundle: v.optional(text()),
  imageType: v.optional(oneOf(DISCOVERY_IMAGE_TYPES)),
  osImageVersion: v.optional(text({ max: 32 })),
});
export type { InfraEnvProps } from './infrastructure-props';

/** Where the InfraEnv's pull secret lives: assisted-service reads `.dockerconfigjson` from a Secret in its namespace. */
export function infraEnvPullSecretContract(name: string, namespace: string): SecretContract {
  return { name: `${name}-infraenv-pull-secret`, namespace, key: '.dockerconfigjson', type: 'kubernetes.io/dockerconfigjson', checkValue: pullSecretProblem };
}

/** Objects that make the pull secret exist (none for an existing Secret) and the name to reference. */
export function renderInfraEnvPullSecret(
  props: Pick<InfraEnvProps, 'name' | 'namespace'> & { readonly pullSecret: SecretSource },
  allowInline: boolean,
  issues: IssueCollector,
): { refName: string; objects: KubernetesObject[] } {
  return renderSecret(infraEnvPullSecretContract(props.name, props.namespace), props.pullSecret, { allowInline, path: 'infraEnv.pullSecret', issues });
}

/** The InfraEnv object; `nmStateLabels` select this InfraEnv's NMStateConfigs. */
export function buildInfraEnv(props: InfraEnvProps, pullSecretName: string, nmStateLabels: Readonly<Record<string, string>> | undefined): InfraEnv {
  return {
    apiVersion: AGENT_INSTALL_API_VERSION,
    kind: 'InfraEnv',
    metadata: { name: props.name, namespace: props.namespace },
    spec: {
      pullSecretRef: { name: pullSecretName },
      cpuArchitecture: props.cpuArchitecture ?? 'x86_64',
      ...(props.sshAuthorizedKey ? { sshAuthorizedKey: props.sshAuthorizedKey.trim() } : {}),
      ...(props.agentLabels ? { agentLabels: props.agentLabels } : {}),
      ...(props.autoApprove ? { agentApproval: { autoApprove: true } } : {}),
      ...(nmStateLabels ? { nmStateConfigLabelSelector: { matchLabels: nmStateLabels } } : {}),
      ...(props.proxy ? { proxy: props.proxy } : {}),
      ...(props.additionalNTPSources ? { additionalNTPSources: props.additionalNTPSources } : {}),
      ...(props.additionalTrustBundle ? { additionalTrustBundle: props.additionalTrustBundle } : {}),
      ...(props.imageType ? { imageType: props.imageType } : {}),
      ...(props.osImageVersion ? { osImageVersion: props.osImageVersion } : {}),
    },
  };
}

/** Which prop each field of the InfraEnv comes from, for findings (see props-paths.ts): most keep their name under `infraEnv`. */
export const INFRA_ENV_PATHS: readonly PathRule[] = [
  ['metadata', 'infraEnv'],
  ['spec', 'infraEnv'],
  ['spec.agentApproval.autoApprove', 'infraEnv.autoApprove'],
  ['spec.pullSecretRef', 'infraEnv.pullSecret'],
];

const HOST_NAME = /^(?=.{1,253}$)[A-Za-z0-9]([-A-Za-z0-9]*[A-Za-z0-9])?(\.[A-Za-z0-9]([-A-Za-z0-9]*[A-Za-z0-9])?)*$/;

/** Checks the final InfraEnv: key, proxy URLs, NTP sources, trust bundle. */
export function validateInfraEnv(infraEnv: InfraEnv, issues: IssueCollector): void {
  const spec = infraEnv.spec;
  if (spec.sshAuthorizedKey !== undefined) {
    const problem = sshPublicKeyProblem(spec.sshAuthorizedKey);
    if (problem) issues.error('spec.sshAuthorizedKey', problem, 'Give the public key (the contents of id_ed25519.pub or id_rsa.pub).');
  }
  // An http proxy URL, or for HTTPS traffic also an https:// one (a proxy URL without scheme is refused by assisted-service).
  const proxies = [['httpProxy', /^http:\/\/[^\s/]+/, 'http://host:port'], ['httpsProxy', /^https?:\/\/[^\s/]+/, 'http://host:port or https://host:port']] as const;
  for (const [key, pattern, form] of proxies) {
    const url = spec.proxy?.[key];
    if (url !== undefined && !pattern.test(url)) issues.error(`spec.proxy.${key}`, `${quote(url)} is not a proxy URL of the form ${form}.`, `Write it as ${form}.`);
  }
  (spec.additionalNTPSources ?? []).forEach((source, index) => {
    if (!parseIp(source) && !HOST_NAME.test(source)) {
      issues.error(`spec.additionalNTPSources[${index}]`, `${quote(source)} is neither a host name nor an IP address.`, 'Give an NTP server such as ntp.example.com or 192.0.2.1.');
    }
  });
  if (spec.additionalTrustBundle !== undefined && !spec.additionalTrustBundle.includes('-----BEGIN CERTIFICATE-----')) {
    issues.error('spec.additionalTrustBundle', 'holds no PEM certificate ("-----BEGIN CERTIFICATE-----").', 'Give one or more PEM-encoded CA certificates.');
  }
}
