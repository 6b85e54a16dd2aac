#!/usr/bin/env node
/**
 * The `hcp-constructs` command: `synth`, `diff`, `validate`, `preflight` and `rollout next`, with `--help` and `--version`.
 * Arguments are read with node's own `util.parseArgs` (see docs/design.md, "Libraries, and why").
 */
import { parseArgs } from 'util';
import { HcpValidationError } from '../core/errors';
import { OutputFolderError } from '../cdk8s/engine/output-folder';
import { EXIT, ExitCode, UsageError } from './exit-codes';
import { DIFF_HELP, MAIN_HELP, PREFLIGHT_HELP, ROLLOUT_HELP, SYNTH_HELP, VALIDATE_HELP } from './help';
import { packageVersion } from '../cdk8s/engine/package-root';
import { UserCodeError, userStack } from '../cdk8s/engine/user-stack';

const HELP: Readonly<Record<string, string>> = { synth: SYNTH_HELP, diff: DIFF_HELP, validate: VALIDATE_HELP, preflight: PREFLIGHT_HELP, rollout: ROLLOUT_HELP };

/** Options every command takes. */
const COMMON = { help: { type: 'boolean', short: 'h' }, verbose: { type: 'boolean' } } as const;
const OUTPUT = { output: { type: 'string', short: 'o' } } as const;
/** Which live management cluster to read (preflight, diff --live). */
const CLUSTER = { kubeconfig: { type: 'string' }, context: { type: 'string' }, management: { type: 'string' } } as const;

/** Runs one command line (without `node` and the script) and returns the exit code. */
export async function run(argv: readonly string[]): Promise<ExitCode> {
  const [command, ...rest] = argv;
  if (command === undefined || command === '-h' || command === '--help') return print(MAIN_HELP);
  if (command === '-v' || command === '--version' || command === 'version') return print(`${packageVersion()}\n`);
  if (command === 'help') return print(rest[0] === undefined ? MAIN_HELP : (HELP[rest[0]] ?? MAIN_HELP));
  if (!(command in HELP)) throw new UsageError(`unknown command "${command}": the commands are synth, diff, validate, preflight and rollout.`);
  if (rest.includes('-h') || rest.includes('--help')) return print(HELP[command]);
  if (command === 'synth') {
    const { values, positionals } = parse(rest, { ...COMMON, ...OUTPUT, stdout: { type: 'boolean', short: 'p' }, check: { type: 'boolean' } }, 1);
    if (values.stdout && values.check) throw new UsageError('--stdout and --check cannot be used together.');
    // Each command's modules load when it runs, so that --help and --version answer at once.
    const { synthCommand } = await import('./synth-command');
    return synthCommand({ app: positionals[0], output: values.output, stdout: values.stdout, check: values.check, verbose: values.verbose });
  }
  if (command === 'diff') {
    const { values, positionals } = parse(rest, { ...COMMON, ...OUTPUT, ...CLUSTER, live: { type: 'boolean' }, 'field-manager': { type: 'string' } }, 1);
    const cluster = (['kubeconfig', 'context', 'management', 'field-manager'] as const).filter((o) => values[o] !== undefined);
    if (values.live) {
      if (values.output !== undefined) throw new UsageError('--live compares with the cluster, not an output folder: leave out --output.');
      const { diffLiveCommand } = await import('./diff-live-command');
      return diffLiveCommand({ app: positionals[0], kubeconfig: values.kubeconfig, context: values.context, management: values.management, fieldManager: values['field-manager'] });
    }
    if (cluster.length > 0) throw new UsageError(`--${cluster[0]} needs --live (a diff against the live cluster).`);
    const { diffCommand } = await import('./synth-command');
    return diffCommand({ app: positionals[0], output: values.output });
  }
  if (command === 'preflight') {
    const { values, positionals } = parse(rest, { ...COMMON, ...CLUSTER }, 1);
    const { preflightCommand } = await import('./preflight-command');
    return preflightCommand({ app: positionals[0], kubeconfig: values.kubeconfig, context: values.context, management: values.management });
  }
  if (command === 'rollout') {
    const { values, positionals } = parse(rest, { ...COMMON, ...OUTPUT, kubeconfig: { type: 'string', multiple: true }, context: CLUSTER.context, record: { type: 'string' }, now: { type: 'string' } }, 2);
    if (positionals[0] !== 'next') throw new UsageError(positionals[0] === undefined ? 'rollout needs a step: rollout next.' : `unknown rollout step "${positionals[0]}": the step is next.`);
    if (values.record !== undefined && (positionals[1] !== undefined || values.output !== undefined)) throw new UsageError('--record advances a record file alone: leave out the app and --output.');
    const { rolloutNextCommand } = await import('./rollout-command');
    return rolloutNextCommand({ app: positionals[1], output: values.output, record: values.record, kubeconfig: values.kubeconfig, context: values.context, now: values.now });
  }
  const { positionals } = parse(rest, COMMON, Infinity);
  const { validateCommand } = await import('./validate-command');
  return validateCommand(positionals);
}

type OptionsConfig = NonNullable<Parameters<typeof parseArgs>[0]>['options'];

/** `util.parseArgs`, strict, with its errors as usage errors and at most `maxPositionals` operands. */
function parse<O extends NonNullable<OptionsConfig>>(args: readonly string[], options: O, maxPositionals: number) {
  let parsed;
  try {
    parsed = parseArgs({ args: [...args], options, allowPositionals: true, strict: true });
  } catch (error) {
    // node's message, up to its first sentence (the rest explains `--` at length).
    throw new UsageError(error instanceof Error ? `${error.message.split(/\.( |$)/)[0]}.` : String(error));
  }
  if (parsed.positionals.length > maxPositionals) throw new UsageError(`unexpected argument "${parsed.positionals[maxPositionals]}".`);
  return parsed;
}

function print(text: string): ExitCode {
  process.stdout.write(text);
  return EXIT.ok;
}

/** Prints a failure as the user can act on it and returns its exit code. */
export async function report(error: unknown, command: string | undefined, verbose: boolean): Promise<ExitCode> {
  if (error instanceof UserCodeError) {
    process.stderr.write(`hcp-constructs: the app threw an error ${error.during}. Nothing was written.\n${userStack(error.original, { full: verbose })}`);
    return EXIT.userCode;
  }
  if (error instanceof UsageError) {
    process.stderr.write(`hcp-constructs: ${error.message}\nRun \`hcp-constructs ${command && command in HELP ? `${command} ` : ''}--help\` for usage.\n`);
    return EXIT.usage;
  }
  if (error instanceof HcpValidationError || error instanceof OutputFolderError) {
    const { reportFailure } = await import('../cdk8s/engine/synth');
    return reportFailure(error) as ExitCode;
  }
  const detail = verbose && error instanceof Error ? (error.stack ?? error.message) : error instanceof Error ? error.message : String(error);
  process.stderr.write(`hcp-constructs: ${command ?? ''} failed: ${detail}${command === 'validate' ? '' : ' Nothing was written.'}\n`);
  return EXIT.failed;
}

if (require.main === module) {
  Error.stackTraceLimit = 50; // so that the user's frames are not cut off below the library's
  const argv = process.argv.slice(2);
  run(argv)
    .catch((error: unknown) => report(error, argv[0], argv.includes('--verbose')))
    .then((code) => (process.exitCode = code));
}
