/**
 * The hosted versions a management cluster deploys, from its multicluster engine channel (n+1
 * down to n-2 of the OpenShift minor MCE 2.y ships with), each platform's oldest hosted minor, and
 * the IBM Z and IBM Power prerequisites, checked over the plan whichever construct comes first.
 */
import { Plan, contributionOf } from '../../lib/core';
import type { PlannedPart, ValidationIssue } from '../../lib/core';
import { checkManagementCluster, hostedMinorsOfMce } from '../../lib/management';
import type { ManagementClusterProps } from '../../lib/management';
import { checkHostedCluster } from '../../lib/platforms';
import type { HostedClusterProps } from '../../lib/platforms';
import { SUPPORTED_VERSIONS, agentCluster, awsCluster } from '../../examples/clusters';

const management = (channel: string, more: Partial<ManagementClusterProps> = {}): PlannedPart => {
  const checked = checkManagementCluster({ platforms: ['AWS', 'Agent'], multiclusterEngine: { oidcStorage: { bucket: 'b', region: 'us-east-1', credentials: { existingSecret: 'hypershift-operator-oidc-provider-s3-credentials' } } }, operators: { multiclusterEngine: { channel } }, ...more } as ManagementClusterProps);
  if (!checked.plan) throw new Error(JSON.stringify(checked.issues));
  return checked.plan;
};
const cluster = (props: HostedClusterProps): PlannedPart => {
  const checked = checkHostedCluster(props, { supportedVersions: [...SUPPORTED_VERSIONS, '4.13', '4.18'] });
  if (!checked.plan) throw new Error(JSON.stringify(checked.issues));
  return checked.plan;
};
const release = (version: string) => ({ image: `quay.io/openshift-release-dev/ocp-release:${version}-x86_64` });
/** The version findings of the plan of these parts, added in this order. */
function findings(...parts: PlannedPart[]): string[] {
  const plan = new Plan();
  const all: ValidationIssue[] = [];
  for (const part of parts) all.push(...plan.add(contributionOf(part, [])).issues);
  return all.filter((i) => i.path === 'spec.release.image' || i.path === 'spec.arch').map((i) => `${i.severity} ${i.object} ${i.path}: ${i.message}`);
}

test('MCE 2.y deploys the hosted minors of OpenShift 4.(y+10), from n+1 down to n-2', () => {
  expect(hostedMinorsOfMce(6)).toEqual({ lowest: 14, highest: 17 });
  expect(hostedMinorsOfMce(8)).toEqual({ lowest: 16, highest: 19 });
});

test('a release newer than the channel\'s operator deploys is an error, whichever is planned first; an older one a warning', () => {
  const newer = cluster({ ...awsCluster, release: release('4.18.2') });
  const expected = [
    "error HostedCluster aws-clusters/aws-prod spec.release.image: OpenShift 4.18 is newer than the HyperShift operator of multicluster engine 2.6 (the management cluster's channel stable-2.6) deploys (4.14 to 4.17).",
  ];
  expect(findings(management('stable-2.6'), newer)).toEqual(expected);
  expect(findings(newer, management('stable-2.6'))).toEqual(expected);
  expect(findings(management('stable-2.7'), newer)).toEqual([]);
  expect(findings(management('stable-2.8'), cluster({ ...awsCluster, release: release('4.15.3') }))).toEqual([
    "warning HostedCluster aws-clusters/aws-prod spec.release.image: OpenShift 4.15 is older than the HyperShift operator of multicluster engine 2.8 (the management cluster's channel stable-2.8) supports (4.16 to 4.19): Red Hat supports hosted clusters in that range only.",
  ]);
});

test('below the platform\'s oldest hosted minor (AWS: 4.14) is an error; a NodePool is judged on its own release only', () => {
  const old = cluster({ ...awsCluster, release: release('4.13.9'), nodePools: [{ name: 'old-workers', replicas: 1, release: release('4.13.9') }] });
  expect(findings(management('stable-2.5'), old)).toEqual([
    'error HostedCluster aws-clusters/aws-prod spec.release.image: OpenShift 4.13 is older than 4.14, the first the documentation supports for AWS hosted clusters.',
  ]);
});

test('IBM Z and IBM Power NodePools: MCE 2.5, OpenShift 4.16 and three workers on the hosting cluster', () => {
  const ibmZ: HostedClusterProps = { ...agentCluster, release: release('4.15.20'), nodePools: [{ name: 'z', replicas: 2, arch: 's390x', release: release('4.15.20') }] } as HostedClusterProps;
  const lines = findings(management('stable-2.4', { platforms: ['Agent'], capacity: { workers: { count: 2, vCPU: 16, memoryGiB: 64 } } }), cluster(ibmZ));
  expect(lines).toEqual([
    'error NodePool clusters/z spec.arch: IBM Z (s390x) hosted clusters need multicluster engine 2.5 or later; the management cluster installs 2.4 (stable-2.4).',
    'error NodePool clusters/z spec.release.image: IBM Z (s390x) hosted clusters start at OpenShift 4.16; this release is 4.15.',
    "error NodePool clusters/z spec.arch: IBM Z (s390x) hosted clusters need at least 3 workers on the hosting cluster to run the HyperShift operator; the management cluster's capacity settings give 2.",
  ]);
  const fine = { ...ibmZ, release: release('4.16.4'), nodePools: [{ name: 'z', replicas: 2, arch: 's390x' }] } as HostedClusterProps;
  expect(findings(management('stable-2.6', { capacity: { workers: { count: 3, vCPU: 16, memoryGiB: 64 } } }), cluster(fine))).toEqual([]);
});
