/**
 * The folders inside a synth's output folder, both ways: where an object is written (its target's
 * folder, or the one its plan asked for), and which target a folder's files were applied to when
 * the output is read back (previous-output.ts). One rule for both, so they cannot drift apart.
 */
import type { Target } from '../core';
import { MANAGEMENT_CLUSTER, targetKey } from '../core';

const HOSTED_PREFIX = 'hosted-';
/** The reports' folder (reports.ts): no target's. */
const REPORTS_FOLDER = 'reports';

/** `management` or `management-<name>`: a management cluster's folder is its target key. */
const isManagementFolder = (folder: string) => folder === 'management' || folder.startsWith('management-');

/**
 * The folder of a target inside the output folder: `management` (or `management-<name>` for a
 * named management cluster), or `hosted-<namespace>-<name>` for the API of a hosted cluster. One
 * folder per target, so that each is one Argo CD Application or Flux Kustomization pointed at one cluster.
 */
export function targetFolder(target: Target): string {
  return target.kind === 'management' ? targetKey(target) : `${HOSTED_PREFIX}${targetKey(target)}`;
}

/**
 * The folder of an object: the one its plan asked for (an edge site's `edge-<site>`), else its
 * target's. A folder of its own holds objects of the app's management cluster only (reading the
 * output back takes every folder not named like a target's, `management-...` or `hosted-...`, or
 * `reports`, for that cluster), one path segment.
 */
export function outputFolder(target: Target, folder: string | undefined): string {
  if (folder === undefined) return targetFolder(target);
  const reserved = folder === REPORTS_FOLDER || isManagementFolder(folder) || folder.startsWith(HOSTED_PREFIX);
  if (targetKey(target) !== targetKey(MANAGEMENT_CLUSTER) || !/^[a-z0-9][a-z0-9.-]*$/.test(folder) || reserved) {
    throw new Error(
      `the output folder ${JSON.stringify(folder)} cannot hold objects for ${targetKey(target)}: only the app's management cluster's objects get a folder of their own, one lower-case segment, neither "management", "reports", "management-..." nor "hosted-...".`,
    );
  }
  return folder;
}

/**
 * The target key (`management`, `management-<name>`, `<namespace>-<name>`) of the objects in a
 * top-level folder of the output, or undefined for `reports`: the inverse of {@link outputFolder}.
 */
export function folderTargetKey(folder: string): string | undefined {
  if (folder === REPORTS_FOLDER) return undefined;
  if (folder.startsWith(HOSTED_PREFIX)) return folder.slice(HOSTED_PREFIX.length);
  return isManagementFolder(folder) ? folder : targetKey(MANAGEMENT_CLUSTER);
}
