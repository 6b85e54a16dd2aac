/**
 * On a disconnected hub (the plan sets mirrors: ImageDigestMirrorSets, or a HostedCluster's
 * `imageContentSources`), the HyperShift operator pulls each release through the management
 * cluster's own ImageDigestMirrorSets: every release repository needs a mirror there, planned or
 * live. A source covers its repository and every repository below it; `*.example.com` covers
 * that domain's registries.
 */
import type { PreflightCheck, PreflightPlan } from '../preflight-check';
import { READS, plannedOf } from './reads';

export const mirrorsCheck: PreflightCheck = {
  name: 'image-mirrors',
  reads: (plan) => (disconnected(plan) ? [READS.digestMirrorSets] : []),
  run(plan, live, findings) {
    const sets = live.items(READS.digestMirrorSets);
    const all = [...plannedOf(plan, 'ImageDigestMirrorSet').map((p) => p.object), ...(sets ?? [])];
    const sources = all.flatMap((set) => ((set as { spec?: { imageDigestMirrors?: Array<{ source?: string; mirrors?: string[] }> } }).spec?.imageDigestMirrors ?? []).filter((m) => m.source && (m.mirrors ?? []).length > 0).map((m) => m.source!));
    const releases = [...plannedOf(plan, 'HostedCluster'), ...plannedOf(plan, 'NodePool')];
    let uncovered = 0;
    const checked = new Set<string>();
    for (const planned of releases) {
      const image = (planned.object as { spec?: { release?: { image?: unknown } } }).spec?.release?.image;
      if (typeof image !== 'string') continue;
      const repository = image.split('@')[0].replace(/:[^/:]+$/, '');
      checked.add(repository);
      if (sources.some((s) => covers(s, repository))) continue;
      uncovered++;
      findings.about(planned, 'error', 'spec.release.image', `the plan is for a disconnected hub, but no ImageDigestMirrorSet on the management cluster (${sets === undefined ? 'the kind is not served' : `${sets.length} live`}, ${all.length - (sets?.length ?? 0)} planned) mirrors ${repository}: the operator could not pull this release.`, `Mirror ${repository} and add it to an ImageDigestMirrorSet (ManagementCluster disconnected.mirrors), or use a release image from a mirrored repository.`);
    }
    return `${sources.length} mirrored source(s) in ${all.length} ImageDigestMirrorSet(s); ${checked.size} release repository(ies) checked, ${uncovered} unmirrored`;
  },
};

function disconnected(plan: PreflightPlan): boolean {
  return plannedOf(plan, 'ImageDigestMirrorSet').length > 0 || plannedOf(plan, 'HostedCluster').some((p) => ((p.object as { spec?: { imageContentSources?: unknown[] } }).spec?.imageContentSources ?? []).length > 0);
}

function covers(source: string, repository: string): boolean {
  if (source.startsWith('*.')) return repository.split('/')[0].endsWith(source.slice(1));
  return repository === source || repository.startsWith(`${source}/`);
}
