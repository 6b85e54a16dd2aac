/**
 * What a synth changes in its output folder, file by file and object by object: the one engine
 * behind the summary of `synth`, the output of `diff` and the verdict of `synth --check`. Only
 * the files the library owns there (its manifest) count; a file whose bytes are the same is not
 * read further, so the cost follows the size of the change, not of the fleet.
 */
import * as fs from 'fs';
import * as path from 'path';
import * as jsYaml from 'js-yaml';
import { isManifestFile } from '../cdk8s/engine/kustomization';
import { readManifest } from '../cdk8s/engine/output-folder';
import { folderTargetKey } from '../core/output-layout';
import { managementNameOfKey } from '../core/plan-model';

export type Change = 'added' | 'changed' | 'removed';

/** One Kubernetes object that is new, different or gone. */
export interface ObjectChange {
  readonly change: Change;
  /** `Kind namespace/name` (`Kind name` when cluster-scoped). */
  readonly object: string;
  readonly file: string;
  /** Its YAML before and after (absent when added, or removed). */
  readonly before?: string;
  readonly after?: string;
  /** Where that YAML starts in the file before and after (line numbers from 1). */
  readonly beforeLine?: number;
  readonly afterLine?: number;
}

export interface FileChange {
  readonly file: string;
  readonly change: Change;
  /** Objects in the file (before, when removed); undefined for a report that is not YAML and for a kustomization file. */
  readonly objects?: number;
  /** Its objects that changed: every object of an added or removed file only when asked for. */
  readonly objectChanges: readonly ObjectChange[];
  /** Hosted clusters (`namespace/name`) or `the management cluster` whose objects these are. */
  readonly clusters: readonly string[];
  readonly before?: string;
  readonly after?: string;
}

export interface OutputChanges {
  /** Files added, changed or removed, by name. */
  readonly files: readonly FileChange[];
  /** Files whose content is as it was. */
  readonly unchanged: number;
  /** New files whose name is taken by a file the library did not write (a synth refuses them). */
  readonly refused: readonly string[];
}

export interface CompareOptions {
  /** List each object of added and removed files too (diff, --check), not only their count (synth). */
  readonly everyObject?: boolean;
}

export const MANAGEMENT = 'the management cluster';

/** The management cluster a file without HostedClusters is applied to: `management cluster <name>` for a fleet's folder `management-<name>/`. */
export function managementClusterOf(file: string): string {
  const named = managementNameOfKey(folderTargetKey(file.split('/')[0]) ?? '');
  return named === undefined ? MANAGEMENT : `management cluster ${named}`;
}

/** Whether a name of {@link FileChange.clusters} is a management cluster's. */
export const isManagementCluster = (cluster: string): boolean => cluster === MANAGEMENT || cluster.startsWith('management cluster ');

/**
 * Compares the owned files of `dir` with `next` (each new file's name and a reader of its
 * content). Files the previous synth wrote that `next` lacks are removed.
 */
export function compareOutput(dir: string, next: ReadonlyMap<string, () => string>, options: CompareOptions = {}): OutputChanges {
  const owned = new Set(readManifest(dir).filter((name) => fs.existsSync(path.join(dir, name))));
  const read = (name: string) => fs.readFileSync(path.join(dir, name), 'utf8');
  const files: FileChange[] = [];
  const refused: string[] = [];
  let unchanged = 0;
  for (const [name, content] of next) {
    if (!owned.has(name)) {
      if (fs.existsSync(path.join(dir, name))) refused.push(name);
      else files.push(fileChange(name, 'added', undefined, content(), options));
      continue;
    }
    const [before, after] = [read(name), content()];
    if (before === after) unchanged++;
    else files.push(fileChange(name, 'changed', before, after, options));
  }
  for (const name of owned) if (!next.has(name)) files.push(fileChange(name, 'removed', read(name), undefined, options));
  // The HostedClusters of the whole new output, read only when a hosted cluster's own folder changed.
  const everyHostedCluster = () => [...next.values()].flatMap((content) => hostedClustersIn(documents(content())));
  const all = attributeHostedFolders(files.sort((a, b) => (a.file < b.file ? -1 : a.file > b.file ? 1 : 0)), everyHostedCluster);
  return { files: all, unchanged, refused: refused.sort() };
}

/** Every hosted cluster (`namespace/name`) that any of `changes` names, in order of first appearance. */
export function affectedClusters(changes: readonly FileChange[]): string[] {
  return [...new Set(changes.flatMap((c) => c.clusters))];
}


function fileChange(file: string, change: Change, before: string | undefined, after: string | undefined, options: CompareOptions): FileChange {
  const contents = { ...(before === undefined ? {} : { before }), ...(after === undefined ? {} : { after }) };
  if (!isManifestFile(file)) return { file, change, objectChanges: [], clusters: [], ...contents };
  const [old, now] = [documents(before ?? ''), documents(after ?? '')];
  const objects = change === 'removed' ? old.length : now.length;
  const objectChanges = change === 'changed' || options.everyObject ? compareDocuments(file, old, now) : [];
  const inFile = [...new Set([...hostedClustersIn(old), ...hostedClustersIn(now)])];
  return { file, change, objects, objectChanges, clusters: inFile.length > 0 ? inFile : [managementClusterOf(file)], ...contents };
}

/** A file of a `hosted-<namespace>-<name>/` folder affects that hosted cluster, whose HostedCluster is in another file. */
function attributeHostedFolders(files: FileChange[], everyHostedCluster: () => string[]): FileChange[] {
  let known: string[] | undefined;
  return files.map((f) => {
    const folder = /^hosted-([^/]+)\//.exec(f.file)?.[1];
    if (!folder || !isManifestFile(f.file)) return f;
    known ??= [...files.flatMap((c) => c.clusters), ...everyHostedCluster()];
    return { ...f, clusters: [known.find((c) => c.replace('/', '-') === folder) ?? `hosted cluster ${folder}`] };
  });
}

/** One YAML document of a file: its text, parsed only when its identity is asked for. */
class Doc {
  private parsed?: { readonly id: string; readonly label: string; readonly object: Identity };

  constructor(
    readonly text: string,
    private readonly index: number,
    /** The line of the file its text starts on (from 1). */
    readonly line: number,
  ) {}

  /** Group, kind, namespace and name: the same object across API versions. */
  get id(): string {
    return this.identity().id;
  }

  /** `Kind namespace/name`, or `document <n>` for text that is not a Kubernetes object. */
  get label(): string {
    return this.identity().label;
  }

  /** Its API version, kind, name and namespace. */
  get object(): Identity {
    return this.identity().object;
  }

  private identity(): NonNullable<Doc['parsed']> {
    if (this.parsed) return this.parsed;
    const record = writtenIdentity(this.text) ?? parsedIdentity(this.text);
    const [kind, namespace, name] = [record.kind, record.metadata?.namespace, record.metadata?.name].map((v) => (typeof v === 'string' ? v : ''));
    const group = typeof record.apiVersion === 'string' && record.apiVersion.includes('/') ? record.apiVersion.split('/')[0] : '';
    this.parsed =
      kind && name
        ? { id: `${group}|${kind}|${namespace}|${name}`, label: `${kind} ${namespace ? `${namespace}/` : ''}${name}`, object: record }
        : { id: `#${this.index}`, label: `document ${this.index + 1}`, object: record };
    return this.parsed;
  }
}

type Identity = { readonly apiVersion?: unknown; readonly kind?: unknown; readonly metadata?: { readonly name?: unknown; readonly namespace?: unknown } };

/** A plain scalar that needs no YAML parsing: what Kubernetes names, kinds and API versions are. */
const PLAIN = /^[A-Za-z][A-Za-z0-9._\/-]*$/;

/**
 * The identity of a document as the synth writes it (top-level `apiVersion` and `kind`, then
 * `metadata` with `name` and `namespace` two spaces in), read without a YAML parser: comparing a
 * fleet where every file changed reads thousands of documents. Undefined when the text is not in
 * that form or a value is quoted, and the document is parsed instead.
 */
function writtenIdentity(text: string): Identity | undefined {
  const metadata = /^metadata:\n((?: {2}.*\n)*)/m.exec(text)?.[1] ?? '';
  const value = (pattern: RegExp, within: string) => pattern.exec(within)?.[1];
  const found = {
    apiVersion: value(/^apiVersion: (.*)$/m, text),
    kind: value(/^kind: (.*)$/m, text),
    name: value(/^ {2}name: (.*)$/m, metadata),
    namespace: value(/^ {2}namespace: (.*)$/m, metadata),
  };
  if (![found.apiVersion, found.kind, found.name].every((v) => v !== undefined && PLAIN.test(v))) return undefined;
  if (found.namespace !== undefined && !PLAIN.test(found.namespace)) return undefined;
  return { apiVersion: found.apiVersion, kind: found.kind, metadata: { name: found.name, namespace: found.namespace } };
}

function parsedIdentity(text: string): Identity & Readonly<Record<string, unknown>> {
  let object: unknown;
  try {
    object = jsYaml.load(text);
  } catch {
    object = undefined; // a file edited by hand: compared by position
  }
  const record = (typeof object === 'object' && object !== null ? object : {}) as Record<string, unknown>;
  const metadata = typeof record.metadata === 'object' && record.metadata !== null ? (record.metadata as Identity['metadata']) : {};
  return { ...record, metadata };
}

/** The documents of a file as the synth writes it (`---` lines between them, never inside one). */
function documents(content: string): Doc[] {
  if (content === '') return [];
  let line = 1;
  return content.split(/^---\n/m).map((text, index) => {
    const doc = new Doc(text, index, line);
    line += text.split('\n').length; // its lines and the `---` after it
    return doc;
  });
}

/** The objects of one file that were added, changed or removed, in the order of the new file. */
function compareDocuments(file: string, before: readonly Doc[], after: readonly Doc[]): ObjectChange[] {
  const old = new Map<string, Doc>();
  for (const doc of before) if (!old.has(doc.id)) old.set(doc.id, doc);
  const ids = new Set(after.map((d) => d.id));
  const changes: ObjectChange[] = [];
  for (const doc of after) {
    const previous = old.get(doc.id);
    if (!previous) changes.push({ change: 'added', object: doc.label, file, after: doc.text, afterLine: doc.line });
    else if (previous.text !== doc.text) changes.push({ change: 'changed', object: doc.label, file, before: previous.text, after: doc.text, beforeLine: previous.line, afterLine: doc.line });
  }
  for (const doc of before) if (!ids.has(doc.id)) changes.push({ change: 'removed', object: doc.label, file, before: doc.text, beforeLine: doc.line });
  return changes;
}

/** `namespace/name` of each HostedCluster among `docs` (only those documents are parsed). */
function hostedClustersIn(docs: readonly Doc[]): string[] {
  return docs.filter((d) => /^kind: HostedCluster$/m.test(d.text) && d.object.kind === 'HostedCluster').map((d) => d.label.slice('HostedCluster '.length));
}
