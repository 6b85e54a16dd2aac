/** What AWS hosted clusters need on the management cluster. */
import type { HostedCluster } from '../../api';
import type { ManagementNeed, PlatformPreset } from '../../core';

export const AWS_MANAGEMENT_PRESET: PlatformPreset = {
  components: [],
  mceComponents: [],
  needsOidcStorage: true,
  minimumMceMinor: 5,
  hostedMinimumMinor: 14,
  nodeZonesByHand: false,
  summary: 'OIDC S3 bucket secret; external DNS and PrivateLink when given',
};

/**
 * Private and PublicAndPrivate clusters are reached through AWS PrivateLink endpoint services,
 * which the HyperShift operator creates with the management cluster's PrivateLink credentials.
 */
export function awsManagementNeeds(hc: HostedCluster): readonly ManagementNeed[] {
  const access = hc.spec.platform.aws?.endpointAccess;
  if (access !== 'Private' && access !== 'PublicAndPrivate') return [];
  return [
    {
      capability: 'privateLink',
      path: 'spec.platform.aws.endpointAccess',
      message: (provider) => `${access} endpoint access needs AWS PrivateLink, and ${provider} gives the HyperShift operator no PrivateLink credentials.`,
      fix: 'Set multiclusterEngine.privateLink on the management cluster, or use Public endpoint access.',
    },
  ];
}
