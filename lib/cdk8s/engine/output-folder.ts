/**
 * The output folder of a synth, shared with its user: the synth writes, replaces and removes only
 * the files it wrote itself (listed in a small manifest in the folder), leaves every other file
 * alone, and refuses folders that hold a project or lie above it.
 */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { KUSTOMIZATION_FILE, KUSTOMIZATION_NAMES, isKustomizationFile } from './kustomization';

/**
 * The files the last synth wrote, one relative path a line. Not `.yaml` or `.json`, so Argo CD,
 * Flux and `cdk8s synth --stdout` (which read those endings) never take it for a manifest.
 */
export const MANIFEST_FILE = '.hcp-constructs-files';
const MANIFEST_HEADER = '# Files written by hcp-constructs; a synth replaces or removes only these.';

/** The output folder cannot be used; nothing was touched. */
export class OutputFolderError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'OutputFolderError';
  }
}

/**
 * The folder to synthesize into: `outdir` when given, else `$CDK8S_OUTDIR` (set by `cdk8s synth`,
 * `-o` and `--stdout`; an empty value counts as unset), else `dist`. An explicitly empty `outdir`
 * is refused: it would mean the working directory.
 */
export function resolveOutdir(outdir: string | undefined, env: Readonly<Record<string, string | undefined>> = process.env): string {
  if (outdir === undefined) return env.CDK8S_OUTDIR || 'dist';
  if (outdir.trim() === '') throw new OutputFolderError('the output folder is empty (""); it would be the working directory. Name a folder such as "dist".');
  return outdir;
}

/** Why `dir` must not be an output folder, or undefined. `dir` and `cwd` are absolute. */
export function outputFolderProblem(dir: string, cwd: string = process.cwd(), home: string = os.homedir()): string | undefined {
  const real = (p: string) => (fs.existsSync(p) ? fs.realpathSync(p) : p);
  const [target, workdir, homedir] = [real(dir), real(cwd), real(home)];
  if (path.parse(target).root === target) return `${dir} is a filesystem root.`;
  if (target === homedir) return `${dir} is the home directory.`;
  if (target === workdir) return `${dir} is the working directory.`;
  if (workdir.startsWith(target + path.sep)) return `${dir} contains the working directory.`;
  if (fs.existsSync(target) && !fs.statSync(target).isDirectory()) return `${dir} is a file, not a folder.`;
  for (const marker of ['package.json', '.git']) {
    if (fs.existsSync(path.join(target, marker))) return `${dir} holds ${marker}, so it looks like a project.`;
  }
  return undefined;
}

/** A path the manifest may name: relative, inside the folder, no `..`. */
function isOwnedPath(file: string): boolean {
  return file !== '' && !path.isAbsolute(file) && !file.split(/[\\/]/).some((part) => part === '..' || part === '' || part === '.');
}

/** The files the previous synth wrote into `dir` (none when it has no manifest). */
export function readManifest(dir: string): string[] {
  const file = path.join(dir, MANIFEST_FILE);
  if (!fs.existsSync(file)) return [];
  return fs
    .readFileSync(file, 'utf8')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#') && isOwnedPath(line));
}

export interface OwnedWrite {
  /** Files written, relative to the folder, sorted. */
  readonly written: readonly string[];
  /** Files of an earlier synth that this one no longer produces, now removed. */
  readonly removed: readonly string[];
}

/**
 * Makes `dir` hold exactly `files` among the files the library owns there, all or nothing (see
 * {@link OwnedFolderWrite}). Files the library did not write are never replaced or removed: a name
 * that would replace one is refused before anything is written.
 */
export function writeOwnedFiles(dir: string, files: ReadonlyMap<string, string>): OwnedWrite {
  const write = OwnedFolderWrite.begin(dir, [...files.keys()]);
  try {
    for (const [name, content] of files) write.stage(name, content);
  } catch (error) {
    write.abort();
    throw error;
  }
  return write.commit();
}

/**
 * One all-or-nothing write of the library's files into an output folder. {@link begin} refuses
 * the folder or a name before anything is written; each file's new content is then staged beside
 * its target ({@link stage}, or written to {@link stagingPath} by another thread); {@link commit}
 * moves them all into place and removes the files an earlier synth wrote that are no longer
 * produced, putting every previous file back if a move fails; {@link abort} removes what was staged.
 */
export class OwnedFolderWrite {
  private readonly suffix = `.hcp-${process.pid}-${Date.now()}`;
  private readonly createdDirs: string[] = [];
  private readonly staged = new Set<string>();
  private done = false;

  private constructor(
    private readonly dir: string,
    private readonly names: readonly string[],
    private readonly existing: FolderListings,
    private readonly removed: readonly string[],
  ) {}

  /** Checks the folder and every name, then creates the folders the files go into. */
  static begin(dir: string, fileNames: readonly string[]): OwnedFolderWrite {
    const problem = outputFolderProblem(dir);
    if (problem) throw new OutputFolderError(`refusing to write into ${dir}: ${problem} Name a folder of its own, such as "dist".`);
    const owned = new Set(readManifest(dir));
    const names = [...fileNames].sort();
    const wanted = new Set(names);
    // One readdir per folder instead of one existsSync per file: a fleet writes thousands of files into a few folders.
    const existing = new FolderListings();
    for (const name of names) {
      if (!isOwnedPath(name) || name === MANIFEST_FILE) throw new OutputFolderError(`"${name}" is not a file name the synth may write.`);
      if (isKustomizationFile(name)) refuseUsersKustomization(dir, name, owned, existing);
      if (!owned.has(name) && existing.has(path.join(dir, name))) {
        throw new OutputFolderError(
          `refusing to replace ${path.join(dir, name)}: hcp-constructs did not write it (it is not in ${MANIFEST_FILE}). Move it away, or rename the chart that produces it.`,
        );
      }
    }
    const removed = [...owned].filter((name) => !wanted.has(name) && existing.has(path.join(dir, name))).sort();
    const write = new OwnedFolderWrite(dir, names, existing, removed);
    try {
      for (const folder of new Set([dir, ...names.map((name) => path.dirname(path.join(dir, name)))])) write.mkdir(folder);
    } catch (error) {
      write.abort();
      throw error;
    }
    return write;
  }

  /** Where the new content of `name` (one of the names given to {@link begin}) is written before the commit. */
  stagingPath(name: string): string {
    this.staged.add(name);
    return path.join(this.dir, name) + this.suffix;
  }

  /** Stages the new content of `name`. */
  stage(name: string, content: string): void {
    fs.writeFileSync(this.stagingPath(name), content);
  }

  /** Moves every staged file into place; on any failure puts the previous files back and throws. */
  commit(): OwnedWrite {
    this.stage(MANIFEST_FILE, [MANIFEST_HEADER, ...this.names].join('\n') + '\n');
    const moved: Array<{ readonly target: string; readonly backup?: string }> = [];
    try {
      for (const name of [...this.names, MANIFEST_FILE]) {
        const target = path.join(this.dir, name);
        const backup = this.existing.has(target) ? target + this.suffix + '.previous' : undefined;
        if (backup) fs.renameSync(target, backup);
        moved.push({ target, backup });
        fs.renameSync(target + this.suffix, target);
      }
      for (const name of this.removed) {
        const target = path.join(this.dir, name);
        fs.renameSync(target, target + this.suffix + '.previous');
        moved.push({ target, backup: target + this.suffix + '.previous' });
      }
    } catch (error) {
      for (const { target, backup } of moved.reverse()) {
        fs.rmSync(target, { force: true });
        if (backup) fs.renameSync(backup, target);
      }
      this.abort();
      throw error;
    }
    this.done = true;
    for (const { backup } of moved) if (backup) fs.rmSync(backup, { force: true });
    for (const name of this.removed) removeEmptyParents(this.dir, path.dirname(path.join(this.dir, name)));
    return { written: this.names, removed: this.removed };
  }

  /** Removes every staged file and the folders {@link begin} created; the folder is as it was. */
  abort(): void {
    if (this.done) return;
    this.done = true;
    for (const name of this.staged) fs.rmSync(path.join(this.dir, name) + this.suffix, { force: true });
    for (const folder of this.createdDirs.reverse()) fs.rmSync(folder, { recursive: true, force: true });
  }

  private mkdir(folder: string): void {
    const first = fs.mkdirSync(folder, { recursive: true }); // mode follows the umask
    if (first) this.createdDirs.push(first);
  }
}

/**
 * Refuses to write the kustomization file `name` where the user keeps one of their own (under
 * any name kustomize reads, which would also make it refuse to build the folder).
 */
function refuseUsersKustomization(dir: string, name: string, owned: ReadonlySet<string>, existing: FolderListings): void {
  const folder = path.dirname(name);
  for (const other of KUSTOMIZATION_NAMES) {
    const theirs = folder === '.' ? other : `${folder}/${other}`;
    if (owned.has(theirs) || !existing.has(path.join(dir, theirs))) continue;
    throw new OutputFolderError(
      `refusing to replace ${path.join(dir, theirs)}: hcp-constructs did not write it (it is not in ${MANIFEST_FILE}), and the synth writes its own ${KUSTOMIZATION_FILE} into every folder it writes (listing the folder's stage folders or files). ` +
        `Move yours to a folder of your own that lists ${path.join(dir, folder)} as a resource (a folder resource such as "../${path.basename(dir)}/${folder}" builds with the synth's kustomization), then synthesize again.`,
    );
  }
}

/** What each folder held before the write, read once per folder (a missing folder holds nothing). */
class FolderListings {
  private readonly listings = new Map<string, ReadonlySet<string>>();

  /** Whether `file` (an absolute path) existed when its folder was first listed. */
  has(file: string): boolean {
    const folder = path.dirname(file);
    let names = this.listings.get(folder);
    if (!names) {
      names = new Set(fs.existsSync(folder) && fs.statSync(folder).isDirectory() ? fs.readdirSync(folder) : []);
      this.listings.set(folder, names);
    }
    return names.has(path.basename(file));
  }
}

/**
 * Removes folders left empty by removed files, up to (not including) `dir`: a stage folder that is
 * gone, a target's folder that went away. A folder that still holds anything (a file of the
 * user's) stays; one already removed for a sibling file is passed over.
 */
function removeEmptyParents(dir: string, folder: string): void {
  while (folder !== dir && folder.startsWith(dir + path.sep)) {
    if (fs.existsSync(folder)) {
      if (fs.readdirSync(folder).length > 0) return;
      fs.rmdirSync(folder);
    }
    folder = path.dirname(folder);
  }
}
