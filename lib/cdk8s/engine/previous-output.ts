/**
 * The previous state of a GitOps output folder: the objects the library itself wrote there last
 * time (the files its manifest lists), which is what Argo CD or Flux applied from it. Only the
 * kinds a previous-state check reads are parsed (a document's kind is found without a YAML
 * parser), and only in files that change, so the cost follows the size of the change. A listed file that is gone or does not parse gives a
 * warning, never an error: its objects are then not compared.
 */
import * as fs from 'fs';
import * as path from 'path';
import type { PreviousObjects, ValidationIssue } from '../../core';
import { NO_PREVIOUS_OBJECTS, previousObjects } from '../../core/previous-state';
import { jsYaml } from './lazy';
import { folderTargetKey } from '../../core/output-layout';
import { isManifestFile } from './kustomization';
import { MANIFEST_FILE, readManifest } from './output-folder';

export interface PreviousOutput {
  readonly objects: PreviousObjects;
  /** Files listed in the manifest that could not be read. */
  readonly warnings: readonly ValidationIssue[];
}

/**
 * The target key of a file in an output folder (see output-layout.ts), or undefined for reports,
 * kustomization files and files outside a folder. Its top-level folder says it, whether the file
 * is in a stage sub-folder (`management/05-resources/x.yaml`) or, as before the stages, directly
 * in the folder (`management/x.yaml`): a synth after an upgrade judges its changes against
 * what an older version wrote.
 */
function targetOfFile(file: string): string | undefined {
  const folder = file.split('/')[0];
  return !isManifestFile(file) || folder === file ? undefined : folderTargetKey(folder);
}

/**
 * The objects of `kinds` the library wrote into `dir` last time; none when it has no manifest.
 * `nextContent` gives a file's new content when it is known: a file that stays as it is holds
 * objects that do not change, and is not parsed.
 */
export function readPreviousOutput(dir: string, kinds: ReadonlySet<string>, nextContent: (file: string) => string | undefined = () => undefined): PreviousOutput {
  const files = readManifest(dir);
  if (files.length === 0 || kinds.size === 0) return { objects: NO_PREVIOUS_OBJECTS, warnings: [] };
  const kindLine = new RegExp(`^kind: (?:${[...kinds].map((k) => k.replace(/[^\w]/g, '')).join('|')})$`, 'm');
  const entries: Array<[string, unknown]> = [];
  const warnings: ValidationIssue[] = [];
  const warn = (file: string, why: string) =>
    warnings.push({
      severity: 'warning',
      object: `${MANIFEST_FILE} in ${dir}`,
      path: file,
      message: `the previous output ${file} ${why}, so changes to its objects are not checked against what was applied.`,
      fix: `Restore ${file} from git (or remove it from ${MANIFEST_FILE} if it is gone on purpose).`,
    });
  for (const file of files) {
    const target = targetOfFile(file);
    if (target === undefined) continue;
    let content: string;
    try {
      content = fs.readFileSync(path.join(dir, file), 'utf8');
    } catch (error) {
      warn(file, (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'is missing' : `cannot be read (${(error as Error).message})`);
      continue;
    }
    if (!kindLine.test(content) || nextContent(file) === content) continue;
    for (const text of content.split(/^---\n/m)) {
      if (!kindLine.test(text)) continue;
      try {
        entries.push([target, jsYaml.load(text)]);
      } catch (error) {
        warn(file, `does not parse as YAML (${(error as Error).message.split('\n')[0]})`);
        break;
      }
    }
  }
  return { objects: previousObjects(entries), warnings };
}

/** The release image of each HostedCluster the previous synth wrote into `dir`, by `namespace/name` (a rollout's waves as delivered). */
export function previousReleaseImages(dir: string): Map<string, string> {
  const releases = new Map<string, string>();
  for (const { object } of readPreviousOutput(dir, new Set(['HostedCluster'])).objects.ofKind('HostedCluster')) {
    const image = (object as { spec?: { release?: { image?: unknown } } }).spec?.release?.image;
    if (typeof image === 'string') releases.set(`${object.metadata.namespace ?? ''}/${object.metadata.name}`, image);
  }
  return releases;
}
