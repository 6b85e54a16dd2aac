/**
 * What self-managed Azure hosted clusters need on the management cluster. The product
 * documentation has no chapter for them; the upstream documentation (docs/content/how-to/azure,
 * docs/content/reference/infrastructure/azure-self-managed.md at openshift/hypershift 3ee9615)
 * asks for the HyperShift operator only, with External DNS and Private Link as options:
 * - Developer Preview in OpenShift 4.21, so the multicluster engine that deploys 4.21 (2.11);
 * - no OIDC S3 bucket: the issuer is the user's Azure Blob Storage account;
 * - Private and PublicAndPrivate clusters: the operator installed with `--private-platform Azure`
 *   (a Private Link Service per cluster), which the management cluster here does not prepare:
 *   a warning on the cluster says so.
 */
import type { PlatformPreset } from '../../core';

const SOURCE = 'azure-self-managed.md';

export const AZURE_MANAGEMENT_PRESET: PlatformPreset = {
  components: [],
  mceComponents: [],
  needsOidcStorage: false,
  // "Developer Preview in OCP 4.21"; MCE 2.y ships the HyperShift operator of OpenShift 4.(y + 10).
  minimumMceMinor: 11,
  hostedMinimumMinor: 21,
  nodeZonesByHand: false,
  summary: 'the HyperShift operator only (OIDC issuer and workload identities are Azure resources); Private Link needs hypershift install --private-platform Azure',
  ports: {
    source:
      'the upstream self-managed Azure documentation (docs/content/reference/infrastructure/azure-self-managed.md, openshift/hypershift 3ee9615): the product documentation has no Azure section, and the network security group is empty until the cloud provider adds rules',
    rules: [
      { service: 'APIServer', port: 'not stated', flow: "clients and the nodes -> the Azure load balancer of the kube-apiserver Service (abc123.<region>.cloudapp.azure.com), or its external-DNS name", when: 'Public', source: SOURCE },
      { service: 'OAuthServer, Konnectivity, Ignition', port: 'not stated', flow: "the nodes and clients -> the management cluster's router (Routes)", source: SOURCE },
      { service: 'egress load balancer', port: '30595/TCP', flow: "the guest egress load balancer's health probe (HTTP /healthz) -> the workers", source: SOURCE },
      {
        service: 'Private Link',
        port: 'not stated',
        flow: "a Private Endpoint in the cluster's VNet -> the Private Link Service in the management cluster's resource group; its NAT subnet needs privateLinkServiceNetworkPolicies disabled",
        when: 'Private, PublicAndPrivate',
        source: SOURCE,
      },
    ],
    notes: ['The cloud provider inside the hosted cluster adds the rules its LoadBalancer Services need to the network security group.'],
  },
};
