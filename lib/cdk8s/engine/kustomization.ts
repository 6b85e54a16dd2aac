/**
 * The `kustomization.yaml` the synth writes into every output folder and each of its stage
 * sub-folders, so that `kubectl kustomize`, `kubectl apply -k`, Argo CD and Flux can build any of
 * them as written: a folder's lists its stage sub-folders in apply order, a stage's lists its
 * files. Reports are not manifests: their folder has none.
 */
import { STAGES } from '../../core/output-layout';
import { toYaml } from './lazy';

/** The name of the file in every folder. */
export const KUSTOMIZATION_FILE = 'kustomization.yaml';
/** Every name kustomize takes for its file: two in one folder make it refuse to build. */
export const KUSTOMIZATION_NAMES: readonly string[] = [KUSTOMIZATION_FILE, 'kustomization.yml', 'Kustomization'];

const lastSegment = (file: string) => file.slice(file.lastIndexOf('/') + 1);

/** Whether `file` (a path inside the output folder) is one of the synth's kustomization files. */
export function isKustomizationFile(file: string): boolean {
  return lastSegment(file) === KUSTOMIZATION_FILE;
}

/** Whether `file` holds Kubernetes objects the synth wrote: a YAML file, not a kustomization. */
export function isManifestFile(file: string): boolean {
  return file.endsWith('.yaml') && !isKustomizationFile(file);
}


/** The content of a kustomization that lists `resources` (sorted here, by UTF-16 code units as `sort()` does: the same on every machine). */
export function kustomizationContent(resources: Iterable<string>): string {
  return toYaml({ apiVersion: 'kustomize.config.k8s.io/v1beta1', kind: 'Kustomization', resources: [...resources].sort() });
}

/**
 * The kustomization files of an output whose manifests are `files` (`<folder>/<stage>/<name>.yaml`,
 * paths inside the output folder), by path: one per folder listing its stages, one per stage
 * listing its files. Other files (reports, anything not in a stage sub-folder) are not listed.
 */
export function kustomizationFiles(files: Iterable<string>): Map<string, string> {
  const folders = new Map<string, Map<string, string[]>>();
  for (const file of files) {
    const parts = file.split('/');
    if (parts.length !== 3 || !(STAGES as readonly string[]).includes(parts[1]) || !isManifestFile(file)) continue;
    const [folder, stage, name] = parts;
    let stages = folders.get(folder);
    if (!stages) folders.set(folder, (stages = new Map()));
    let names = stages.get(stage);
    if (!names) stages.set(stage, (names = []));
    names.push(name);
  }
  const result = new Map<string, string>();
  for (const folder of [...folders.keys()].sort()) {
    const stages = folders.get(folder)!;
    result.set(`${folder}/${KUSTOMIZATION_FILE}`, kustomizationContent(stages.keys()));
    for (const stage of [...stages.keys()].sort()) result.set(`${folder}/${stage}/${KUSTOMIZATION_FILE}`, kustomizationContent(stages.get(stage)!));
  }
  return result;
}
