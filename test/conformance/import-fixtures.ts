/**
 * Imports into ACM/MCE for the conformance suite: a ManagedCluster with every typed field and the
 * KlusterletAddonConfig with its four required controllers, and one with the defaults only.
 */
import type { HostedClusterImportProps, HostedClusterProps } from '../../lib';
import { SecretSource } from '../../lib';

export interface ImportFixture {
  readonly id: string;
  readonly cluster: HostedClusterProps;
  readonly import: HostedClusterImportProps;
}

const cluster = (name: string): HostedClusterProps => ({
  name,
  namespace: 'fx-import',
  release: { image: 'quay.io/openshift-release-dev/ocp-release:4.17.3-x86_64' },
  baseDomain: 'import.example.com',
  platform: { type: 'None' },
  services: { apiServerAddress: '10.3.0.10' },
  pullSecret: SecretSource.existing(`${name}-pull-secret`),
});

export const IMPORT_FIXTURES: readonly ImportFixture[] = [
  {
    id: 'import-acm',
    cluster: cluster('imported-acm'),
    import: {
      clusterSet: 'edge-sites',
      labels: { environment: 'lab', 'example.com/team': 'platform' },
      hubAcceptsClient: true,
      leaseDurationSeconds: 120,
      addons: { applicationManager: true, certPolicyController: false, policyController: true, searchCollector: true },
    },
  },
  { id: 'import-mce', cluster: cluster('imported-mce'), import: {} },
];
