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
  const aws = hc.spec.platform.aws;
  const access = aws?.endpointAccess;
  if (access !== 'Private' && access !== 'PublicAndPrivate') return [];
  const zone = aws?.cloudProviderConfig?.zone;
  return [
    {
      capability: 'privateLink',
      path: 'spec.platform.aws.endpointAccess',
      message: (provider) => `${access} endpoint access needs AWS PrivateLink, and ${provider} gives the HyperShift operator no PrivateLink credentials.`,
      fix: 'Set multiclusterEngine.privateLink on the management cluster, or use Public endpoint access.',
      // HCP documentation, AWS infrastructure (management account): an endpoint reaches the service
      // only in a zone the management cluster is in, and a zone name means another zone in another
      // account, so the management cluster must be in every zone of its region. A zone of the region
      // it leaves out shows that it is not.
      ...(zone
        ? {
            place: {
              name: zone,
              path: 'spec.platform.aws.cloudProviderConfig.zone',
              message: (provider: string, zones: readonly string[]) =>
                `its zone ${zone} is not one of ${provider}'s PrivateLink zones (${zones.join(', ')}): PrivateLink needs the management cluster in every zone of its region (zone names differ between AWS accounts), and endpoints in another region do not reach it.`,
              fix: 'Give the management cluster subnets or workers in every zone of its region and list them all in multiclusterEngine.privateLink.zones, or move the cluster to that region.',
            },
          }
        : {}),
    },
  ];
}
