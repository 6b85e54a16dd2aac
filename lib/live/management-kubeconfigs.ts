/**
 * Which kubeconfig reads which management cluster, for a gate that checks hosted clusters on the
 * management clusters they are placed on (`rollout next --kubeconfig`). The user gives
 * `--kubeconfig <management>=<file>` (repeatable) for one management cluster each, and/or one
 * `--kubeconfig <file>` for the others: its context named after a management cluster reads that
 * one; when a single management cluster is left, the file's current context (or `--context`)
 * reads it, as with a fleet on one management cluster.
 */
import { Connection, KubeconfigError, kubeconfigContexts, kubeconfigFile, readKubeconfig } from './kubeconfig';

/** A management cluster's name as a fleet allows it (a DNS label, fleet-props.ts): what may stand before `=`. */
const MANAGEMENT_NAME = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;

/** The `--kubeconfig` and `--context` options as given. */
export interface ManagementKubeconfigs {
  /** Management cluster name → its kubeconfig file (read with its current context). */
  readonly named: ReadonlyMap<string, string>;
  /** The file without a name, for the management clusters not named. @default none */
  readonly file?: string;
  /** `--context`: the context of {@link file} for the one management cluster it reads. @default its current context */
  readonly context?: string;
}

/**
 * Reads the repeatable `--kubeconfig` values: `<management>=<file>` when what stands before the
 * first `=` is a management cluster's name, else a file (`./a=b.yaml` is the file `a=b.yaml`).
 * Every problem is one line that names the option and the fix.
 */
export function parseManagementKubeconfigs(values: readonly string[], context?: string): { kubeconfigs: ManagementKubeconfigs; problems: string[] } {
  const named = new Map<string, string>();
  const files: string[] = [];
  const problems: string[] = [];
  for (const value of values) {
    const at = value.indexOf('=');
    const name = at > 0 ? value.slice(0, at) : '';
    if (!MANAGEMENT_NAME.test(name)) {
      files.push(value);
      continue;
    }
    const file = value.slice(at + 1);
    if (file === '') problems.push(`--kubeconfig ${value} names no file: write --kubeconfig ${name}=<file>.`);
    else if (named.has(name)) problems.push(`--kubeconfig ${name}= is given twice (${named.get(name)}, ${file}): give one file per management cluster.`);
    else named.set(name, file);
  }
  if (files.length > 1) problems.push(`--kubeconfig is given ${files.length} files without a management cluster's name (${files.join(', ')}): name each as --kubeconfig <management>=<file>, or merge them into one file whose contexts are named after the management clusters.`);
  if (context !== undefined && files.length === 0) problems.push(`--context ${context} picks a context of a --kubeconfig <file> without a name, and none is given: use each file's current context with --kubeconfig <management>=<file>, or give the file.`);
  return { kubeconfigs: { named, ...(files.length > 0 ? { file: files[0] } : {}), ...(context !== undefined ? { context } : {}) }, problems };
}

/** How each cluster of a wave is read: its management cluster's connection, or why it cannot be. */
export interface WaveReaders {
  /** `namespace/name` → the connection of its management cluster, or the line that says which kubeconfig is missing. */
  readonly clusters: ReadonlyMap<string, Connection | string>;
  /** What is wrong with the options (an unknown management cluster, an unreadable file, a missing context); the gate cannot run while there is one. */
  readonly problems: readonly string[];
}

/** What `routeWave` needs of the rollout's record. */
export interface WavePlacement {
  /** The wave's clusters (`namespace/name`), in order. */
  readonly clusters: readonly string[];
  /** Each cluster's management cluster, over every wave of the rollout; none in a record written before they were recorded. */
  readonly managementClusters?: Readonly<Record<string, string>>;
}

type Reader = (file: string, context?: string) => Connection;

/**
 * Gives each cluster of the wave the connection of its management cluster, reading every file
 * given (so that a wrong one is reported even when this wave does not need it). `read` and
 * `contextsOf` are the kubeconfig readers, replaceable in tests.
 */
export function routeWave(kubeconfigs: ManagementKubeconfigs, placement: WavePlacement, read: Reader = readKubeconfig, contextsOf: (file: string) => string[] = kubeconfigContexts): WaveReaders {
  const problems: string[] = [];
  // Each option read once; a kubeconfig that cannot be used is a problem line, and the gate reads nothing.
  const attemptTo = <T>(option: string, readIt: () => T): T | undefined => {
    try {
      return readIt();
    } catch (error) {
      if (!(error instanceof KubeconfigError)) throw error;
      problems.push(`${option}: ${error.message}`);
      return undefined;
    }
  };
  const attempt = (option: string, file: string, context?: string): Connection | undefined => attemptTo(option, () => read(kubeconfigFile(file), context));
  const known = placement.managementClusters;
  const fleetNames = [...new Set(Object.values(known ?? {}))].sort();
  const byName = new Map<string, Connection | undefined>();
  for (const [name, file] of kubeconfigs.named) {
    const option = `--kubeconfig ${name}=${file}`;
    if (known === undefined) problems.push(`${option}: the rollout state does not say which management cluster each cluster is on (it was written before this version): synthesize again to record it, or give one --kubeconfig <file>.`);
    else if (!fleetNames.includes(name)) problems.push(`${option}: the fleet's rollout has no management cluster "${name}" (it has ${fleetNames.join(', ')}): name one of them.`);
    byName.set(name, attempt(option, file));
  }
  const clusters = new Map<string, Connection | string>();
  const file = kubeconfigs.file;
  // A record without placements: the one file reads the whole wave, as before placements were recorded.
  if (known === undefined || placement.clusters.some((c) => known[c] === undefined)) {
    const connection = file === undefined ? undefined : attempt(fileOption(kubeconfigs), file, kubeconfigs.context);
    for (const c of placement.clusters) {
      if (connection) clusters.set(c, connection);
      else if (file === undefined) clusters.set(c, `${c}: the rollout state does not say which management cluster it is on: synthesize again to record it, or give the management cluster's --kubeconfig <file>`);
    }
    return { clusters, problems };
  }
  const waveNames = [...new Set(placement.clusters.map((c) => known[c]))];
  const left = waveNames.filter((name) => !kubeconfigs.named.has(name));
  if (file !== undefined) {
    const contexts = attemptTo(fileOption(kubeconfigs), () => contextsOf(kubeconfigFile(file)));
    if (kubeconfigs.context !== undefined) {
      // --context reads one management cluster: the wave's one without its own file.
      if (left.length > 1) problems.push(`--context ${kubeconfigs.context}: one context reads one management cluster, and the wave's clusters are on ${left.join(', ')} without a --kubeconfig of their own: give --kubeconfig <management>=<file> for each, or drop --context and name the file's contexts after the management clusters.`);
      else if (left.length === 1) byName.set(left[0], attempt(fileOption(kubeconfigs), file, kubeconfigs.context));
      else attempt(fileOption(kubeconfigs), file, kubeconfigs.context);
    } else if (contexts) {
      for (const name of left) {
        if (contexts.includes(name)) byName.set(name, attempt(`--kubeconfig ${file} (context ${name})`, file, name));
        // The single management cluster of a wave is read with the file's current context, as before.
        else if (left.length === 1) byName.set(name, attempt(`--kubeconfig ${file}`, file));
      }
    }
  }
  return { clusters: connectionsOf(placement.clusters, known, byName, file), problems };
}

/** Each cluster's connection by its management cluster's name, or the line saying which kubeconfig is missing (none for one that could not be read: that is a problem already). */
function connectionsOf(
  clusters: readonly string[],
  known: Readonly<Record<string, string>>,
  byName: ReadonlyMap<string, Connection | undefined>,
  file: string | undefined,
): Map<string, Connection | string> {
  const found = new Map<string, Connection | string>();
  for (const c of clusters) {
    const name = known[c];
    const connection = byName.get(name);
    if (connection) found.set(c, connection);
    else if (!byName.has(name)) found.set(c, `${c}: its management cluster ${name} has no kubeconfig: give --kubeconfig ${name}=<file>${file === undefined ? '' : `, or a context named ${name} in ${file}`}`);
  }
  return found;
}

const fileOption = (kubeconfigs: ManagementKubeconfigs): string => `--kubeconfig ${kubeconfigs.file}${kubeconfigs.context === undefined ? '' : ` --context ${kubeconfigs.context}`}`;

