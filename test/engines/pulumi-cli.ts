/**
 * The real Pulumi CLI (built by engines/build.sh) on a stack of a program folder: a local file
 * backend and a passphrase in a temp folder, the stack's config file there too (`--config-file`),
 * so nothing is written into the program's folder. Plugins come from the cache's bin/ on PATH
 * (the engine's "ambient" plugins); nothing is downloaded.
 */
import { spawn } from 'node:child_process';
import * as crypto from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { ENGINES_BIN } from './engine-tools';

export interface PulumiRun {
  readonly code: number;
  readonly stdout: string;
  readonly stderr: string;
  readonly ms: number;
}

export interface PulumiStackOptions {
  /** The folder with Pulumi.yaml. */
  readonly programDir: string;
  readonly stack?: string;
  /** Environment for the program and its providers (KUBECONFIG...). */
  readonly env?: Readonly<Record<string, string>>;
}

export class PulumiStack {
  readonly home: string;
  readonly configFile: string;
  readonly name: string;
  /** Everything the commands printed, appended as it comes. */
  readonly transcript: string;
  private readonly env: NodeJS.ProcessEnv;

  private constructor(
    readonly programDir: string,
    name: string,
    extraEnv: Readonly<Record<string, string>>,
  ) {
    this.name = name;
    this.home = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-pulumi-'));
    fs.mkdirSync(path.join(this.home, 'state'));
    this.configFile = path.join(this.home, `Pulumi.${name}.yaml`);
    this.transcript = path.join(this.home, 'transcript.log');
    this.env = {
      ...process.env,
      PATH: `${ENGINES_BIN}${path.delimiter}${process.env.PATH}`,
      PULUMI_HOME: path.join(this.home, 'pulumi-home'),
      PULUMI_BACKEND_URL: `file://${path.join(this.home, 'state')}`,
      PULUMI_CONFIG_PASSPHRASE: 'engine-suite-passphrase',
      PULUMI_SKIP_UPDATE_CHECK: 'true',
      PULUMI_DISABLE_AUTOMATIC_PLUGIN_ACQUISITION: 'true',
      PULUMI_SKIP_CHECKPOINTS: undefined,
      // No colour, no progress animation: the transcripts are read by the tests.
      NO_COLOR: '1',
      ...extraEnv,
    };
  }

  static async create(options: PulumiStackOptions): Promise<PulumiStack> {
    // A name of its own: `stack init` writes the passphrase's salt into Pulumi.<stack>.yaml beside
    // Pulumi.yaml (it takes no --config-file), and that file is moved into the temp folder at once.
    const name = `${options.stack ?? 'dev'}-${crypto.randomBytes(3).toString('hex')}`;
    const stack = new PulumiStack(options.programDir, name, options.env ?? {});
    const written = path.join(options.programDir, `Pulumi.${name}.yaml`);
    if (fs.existsSync(written)) throw new Error(`${written} exists already; it is not the suite's to replace`);
    await stack.ok(['stack', 'init', name]);
    if (fs.existsSync(written)) {
      fs.copyFileSync(written, stack.configFile);
      fs.unlinkSync(written);
    }
    return stack;
  }

  /** Sets config values (`secret` ones encrypted with the passphrase). */
  async config(values: Readonly<Record<string, string | { secret: string }>>): Promise<void> {
    for (const [key, value] of Object.entries(values)) {
      const path = key.includes('.') ? ['--path'] : []; // `a.b`: a field of object config `a`
      const args = typeof value === 'string' ? [...path, key, value] : [...path, '--secret', key, value.secret];
      await this.ok(['config', 'set', ...args]);
    }
  }

  /** `pulumi <args>` on this stack; resolves with the exit code and what it printed. */
  run(args: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<PulumiRun> {
    const started = Date.now();
    const stackArgs = args[0] === 'stack' && args[1] === 'init' ? [] : ['--stack', this.name];
    const configArgs = ['up', 'preview', 'destroy', 'refresh', 'config'].includes(args[0]) ? ['--config-file', this.configFile] : [];
    return new Promise((resolve, reject) => {
      const child = spawn(path.join(ENGINES_BIN, 'pulumi'), [...args, ...stackArgs, ...configArgs, '--non-interactive'], {
        cwd: this.programDir,
        env: { ...this.env, ...env },
        stdio: ['ignore', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      // Also written as it comes to <home>/transcript.log, to follow a long update (tail -f).
      const log = fs.createWriteStream(this.transcript, { flags: 'a' });
      log.write(`\n$ pulumi ${args.join(' ')}\n`);
      child.stdout.on('data', (d) => ((stdout += d), log.write(d)));
      child.stderr.on('data', (d) => ((stderr += d), log.write(d)));
      child.on('error', reject);
      child.on('close', (code) => {
        log.end();
        resolve({ code: code ?? -1, stdout, stderr, ms: Date.now() - started });
      });
    });
  }

  /** Like run, but throws with the transcript when the command fails. */
  async ok(args: readonly string[], env: Readonly<Record<string, string>> = {}): Promise<PulumiRun> {
    const result = await this.run(args, env);
    if (result.code !== 0) throw new Error(`pulumi ${args.join(' ')} exited with ${result.code}\n${result.stdout}\n${result.stderr}`);
    return result;
  }

  /** Deletes the stack's folder; with HCP_ENGINE_KEEP=1 keeps it, to read its transcript.log and state. */
  remove(): void {
    if (process.env.HCP_ENGINE_KEEP === '1') return;
    fs.rmSync(this.home, { recursive: true, force: true });
  }
}
