/** The text of what a synth changed (`synth`) or would change (`diff`, `synth --check`). */
import { Change, FileChange, OutputChanges, affectedClusters, isManagementCluster } from './output-changes';
import { unifiedDiff } from './text-diff';
import { isKustomizationFile } from '../cdk8s/engine/kustomization';

const SIGN: Readonly<Record<Change, string>> = { added: '+', changed: '~', removed: '-' };

/** Objects added, changed and removed over all files; reports (not YAML) apart, kustomization files (no objects) not counted. */
export function tally(changes: OutputChanges): { added: number; changed: number; removed: number; reports: number } {
  const count = { added: 0, changed: 0, removed: 0, reports: 0 };
  for (const file of changes.files) {
    if (file.objects === undefined) count.reports += isKustomizationFile(file.file) ? 0 : 1;
    else if (file.change === 'changed' || file.objectChanges.length > 0) for (const object of file.objectChanges) count[object.change]++;
    else count[file.change] += file.objects;
  }
  return count;
}

/** How many files and clusters the summary of a synth names, unless asked for all: a fleet's first synth adds thousands. */
export const SUMMARY_LIMIT = 50;

function clusterLine(changes: OutputChanges, limit: number): string {
  const clusters = affectedClusters(changes.files);
  if (clusters.length === 0) return '';
  // Hosted clusters first, then the management clusters (which run them).
  const named = [...clusters.filter((c) => !isManagementCluster(c)), ...clusters.filter(isManagementCluster).sort()];
  const more = named.length > limit ? ` and ${named.length - limit} more (${named.length} in all)` : '';
  return `Clusters affected: ${named.slice(0, limit).join(', ')}${more}.\n`;
}

/**
 * `synth`'s summary: each file added, changed or removed (the first `limit` of them), the changed
 * objects of changed files, the totals and the clusters affected.
 */
export function synthSummary(changes: OutputChanges, limit = SUMMARY_LIMIT): string {
  if (changes.files.length === 0) return `No changes: all ${changes.unchanged} file(s) are as they were.\n`;
  const lines: string[] = [];
  for (const file of changes.files.slice(0, limit)) {
    const count = file.objects !== undefined && file.change !== 'changed' ? ` (${file.objects} object(s))` : '';
    lines.push(`  ${SIGN[file.change]} ${file.file}${count}`);
    if (file.change === 'changed') for (const object of file.objectChanges) lines.push(`      ${SIGN[object.change]} ${object.object}`);
  }
  if (changes.files.length > limit) lines.push(`  ... and ${changes.files.length - limit} more file(s) (--verbose lists every one)`);
  const files = (change: Change) => changes.files.filter((f) => f.change === change).length;
  const objects = tally(changes);
  return (
    `${lines.join('\n')}\n` +
    `Changes: files ${files('added')} added, ${files('changed')} changed, ${files('removed')} removed (${changes.unchanged} unchanged); ` +
    `objects ${objects.added} added, ${objects.changed} changed, ${objects.removed} removed.\n` +
    clusterLine(changes, limit)
  );
}

/** `diff` and `synth --check`: every object that differs, changed ones with a unified diff of their YAML. */
export function differences(changes: OutputChanges, outdir: string): string {
  const parts: string[] = [];
  for (const file of changes.files) {
    if (file.objects === undefined) {
      parts.push(reportDifference(file, outdir));
      continue;
    }
    for (const object of file.objectChanges) {
      const where = `${object.object} (${file.file})`;
      if (object.change !== 'changed') parts.push(`${SIGN[object.change]} ${where}: ${object.change}\n`);
      else {
        const sides = { before: `${outdir}/${file.file}: ${object.object}`, after: `synth: ${object.object}`, beforeLine: object.beforeLine, afterLine: object.afterLine };
        parts.push(`~ ${where}\n` + unifiedDiff(object.before ?? '', object.after ?? '', sides));
      }
    }
  }
  for (const name of changes.refused) parts.push(`! ${name}: a file hcp-constructs did not write has this name; a synth refuses to replace it.\n`);
  if (parts.length === 0) return `No differences: ${outdir}/ holds what a synth writes (${changes.unchanged} file(s)).\n`;
  const { added, changed, removed, reports } = tally(changes);
  return `${parts.join('')}Objects: ${added} added, ${changed} changed, ${removed} removed; reports changed: ${reports}.\n${clusterLine(changes, Infinity)}`;
}

/** A report beside the YAML (capacity, DNS zone) or a folder's kustomization file: its text diff, except for pictures. */
function reportDifference(file: FileChange, outdir: string): string {
  const head = `${SIGN[file.change]} ${file.file}: ${isKustomizationFile(file.file) ? 'kustomization' : 'report'} ${file.change}\n`;
  if (file.change !== 'changed' || file.file.endsWith('.svg')) return head;
  return head + unifiedDiff(file.before ?? '', file.after ?? '', { before: `${outdir}/${file.file}`, after: `synth: ${file.file}` });
}
