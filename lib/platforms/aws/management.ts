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
  // The documentation gives AWS no firewall section: the load balancers' security groups are made
  // by Kubernetes (4.1.1.4), the nodes' by the HyperShift operator; it lists endpoints instead.
  ports: {
    source:
      'Hosted control planes documentation, 4.1.1 "Prerequisites to manage AWS infrastructure and IAM permissions": it states no ports for AWS (Kubernetes creates the load balancers\' security groups), only the endpoints to reach',
    rules: [
      { service: 'APIServer', port: 'not stated', flow: "clients -> the kube API server's network load balancer", when: 'Public', source: '4.1.1.4' },
      { service: 'private router', port: 'not stated', flow: "clients -> the private router's network load balancer", when: 'Private, PublicAndPrivate', source: '4.1.1.4' },
      { service: 'public router', port: 'not stated', flow: "clients -> the public router's network load balancer", when: 'PublicAndPrivate', source: '4.1.1.4' },
      {
        service: 'PrivateLink endpoint service',
        port: 'not stated',
        flow: "one endpoint per availability zone in the hosted cluster's account -> the endpoint service; the management cluster needs subnets or workers in every zone of its region",
        when: 'Private, PublicAndPrivate',
        source: '4.1.1.3, 4.1.1.5',
      },
      { service: 'private DNS', port: 'not stated', flow: 'api.<name>.hypershift.local and *.apps.<name>.hypershift.local, reached from inside the VPC (a bastion)', when: 'Private', source: '3.1.10' },
      { service: 'default ingress', port: 'not stated', flow: "clients -> the network load balancer Kubernetes creates for the hosted cluster's default ingress", source: '4.1.1.6' },
    ],
    notes: [
      "The nodes' default security group `<infraID>-default-sg` is created by the control-plane operator (not in the documentation: hypershift support/awsutil/sg.go), the load balancers' by Kubernetes (4.1.1.4).",
    ],
  },
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
