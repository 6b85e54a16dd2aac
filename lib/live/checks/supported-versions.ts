/**
 * Every HostedCluster's and NodePool's release against the minors the installed HyperShift
 * operator deploys: the `supported-versions` ConfigMap it publishes (namespace `hypershift`,
 * label `hypershift.openshift.io/supported-versions=true`, key `supported-versions` holding
 * `{"versions":["4.17",...]}`). A release outside it passes every offline check and then never
 * rolls out.
 */
import type { KubernetesObject } from '../../api';
import { formatVersion, isSupportedMinor, parseReleaseImage } from '../../core/release';
import type { PreflightCheck } from '../preflight-check';
import { READS, installedByPlan, plannedOf, someOf } from './reads';

const SUPPORTED_VERSIONS = { ...READS.configMaps, labelSelector: 'hypershift.openshift.io/supported-versions=true' };

export const supportedVersionsCheck: PreflightCheck = {
  name: 'supported-versions',
  reads: (plan) => (releasesOf(plan).length > 0 ? [SUPPORTED_VERSIONS] : []),
  run(plan, live, findings) {
    const releases = releasesOf(plan);
    const published = (live.items(SUPPORTED_VERSIONS) ?? []).map((cm) => ({ cm, versions: versionsOf(cm) }));
    if (published.length === 0) {
      const later = installedByPlan(plan).length > 0;
      findings.general(
        later ? 'warning' : 'error',
        'ConfigMap hypershift/supported-versions',
        'data["supported-versions"]',
        `the management cluster has no supported-versions ConfigMap: the HyperShift operator is not installed or has not started${later ? ' (this app installs operators; it may not have yet)' : ''}, so no hosted cluster would be deployed.`,
        later ? 'Run the preflight again once the operators this app installs are running.' : 'Install MCE with its hypershift component (ManagementCluster), wait for the operator, then run the preflight again.',
      );
      return `no supported-versions ConfigMap; ${releases.length} release(s) not checked`;
    }
    const { cm, versions } = published[0];
    const where = `ConfigMap ${cm.metadata.namespace}/${cm.metadata.name}`;
    if (versions === undefined) {
      findings.general('warning', where, 'data["supported-versions"]', 'does not hold {"versions": [...]}, so releases are not checked against it.', 'Check the HyperShift operator: it writes this ConfigMap.');
      return `${where} unreadable; ${releases.length} release(s) not checked`;
    }
    let unknown = 0;
    for (const { planned, image } of releases) {
      const parsed = parseReleaseImage(image);
      const version = typeof parsed === 'string' ? undefined : parsed.version;
      if (!version) {
        unknown++;
        continue;
      }
      if (!isSupportedMinor(version, versions)) {
        findings.about(
          planned,
          'error',
          'spec.release.image',
          `OpenShift ${formatVersion(version, false)} is not among the minors the installed HyperShift operator deploys (${versions.join(', ')}, from ${where}).`,
          `Pick a release of a supported minor, or upgrade MCE (the HyperShift operator) to a version that supports ${formatVersion(version, false)} first.`,
        );
      }
    }
    const checked = releases.length - unknown;
    return `${where}: ${someOf(versions, 6)}; ${checked} release(s) checked${unknown ? `, ${unknown} pinned by digest without a tag (version unknown, not checked)` : ''}`;
  },
};

function releasesOf(plan: Parameters<PreflightCheck['reads']>[0]) {
  return [...plannedOf(plan, 'HostedCluster'), ...plannedOf(plan, 'NodePool')].flatMap((planned) => {
    const image = (planned.object as { spec?: { release?: { image?: unknown } } }).spec?.release?.image;
    return typeof image === 'string' ? [{ planned, image }] : [];
  });
}

function versionsOf(cm: KubernetesObject): string[] | undefined {
  const text = (cm as { data?: Record<string, unknown> }).data?.['supported-versions'];
  if (typeof text !== 'string') return undefined;
  try {
    const versions = (JSON.parse(text) as { versions?: unknown }).versions;
    return Array.isArray(versions) && versions.every((v) => typeof v === 'string') ? versions : undefined;
  } catch {
    return undefined;
  }
}
