/** `hcp-constructs --help`, each command's help, `--version`, and command lines it refuses. */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { ROOT, hcp } from './cli';

const cwd = os.tmpdir();

test('--help (and no arguments, and `help`) lists the commands and the exit codes', () => {
  const help = hcp(cwd, '--help');
  expect(help.status).toBe(0);
  expect(help.stderr).toBe('');
  expect(help.stdout).toMatch(/^hcp-constructs: synthesize, diff and validate/);
  for (const line of ['  synth [app] ', '  diff [app] ', '  validate <file>... ', '  -h, --help ', '  -v, --version ', '  3  your own code threw']) expect(help.stdout).toContain(line);
  expect(hcp(cwd).stdout).toBe(help.stdout);
  expect(hcp(cwd, 'help').stdout).toBe(help.stdout);
  expect(hcp(cwd, '-h').stdout).toBe(help.stdout);
});

test.each([
  ['synth', ['-o, --output <dir>', '-p, --stdout', '--check', '--verbose', 'run tsc --noEmit in CI']],
  ['diff', ['-o, --output <dir>', 'Writes nothing; exits 0', '--live', '--field-manager <name>', 'argocd-controller']],
  ['validate', ['kind: HostedCluster', 'kind: ManagementCluster', 'kind: AgentInfrastructure', 'kind: HostedClusterIngress', 'hostedClusters: [...]']],
])('%s --help (and help <command>) describes the command', (command, parts) => {
  const help = hcp(cwd, command, '--help');
  expect(help.status).toBe(0);
  expect(help.stdout).toMatch(new RegExp(`^Usage:\\n  hcp-constructs ${command} `));
  for (const part of parts) expect(help.stdout).toContain(part);
  expect(help.stdout).toContain('Exit codes:');
  expect(hcp(cwd, 'help', command).stdout).toBe(help.stdout);
  expect(hcp(cwd, command, '-h').stdout).toBe(help.stdout);
});

test('--version prints the version of the package', () => {
  const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };
  for (const flag of ['--version', '-v']) expect(hcp(cwd, flag)).toEqual({ status: 0, stdout: `${version}\n`, stderr: '' });
});

test('package.json names the command as a bin', () => {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { bin: Record<string, string>; files: string[] };
  expect(manifest.bin).toEqual({ 'hcp-constructs': 'build/lib/cli/main.js' });
  expect(fs.readFileSync(path.join(ROOT, manifest.bin['hcp-constructs']), 'utf8')).toMatch(/^#!\/usr\/bin\/env node\n/);
  expect(manifest.files).toContain('build/lib');
});

test.each([
  [['frob'], 'hcp-constructs: unknown command "frob": the commands are synth, diff, validate, preflight and rollout.\nRun `hcp-constructs --help` for usage.\n'],
  [['synth', '--bogus'], "hcp-constructs: Unknown option '--bogus'.\nRun `hcp-constructs synth --help` for usage.\n"],
  [['synth', 'a.ts', 'b.ts'], 'hcp-constructs: unexpected argument "b.ts".\nRun `hcp-constructs synth --help` for usage.\n'],
  [['synth', '--stdout', '--check'], 'hcp-constructs: --stdout and --check cannot be used together.\nRun `hcp-constructs synth --help` for usage.\n'],
  [['synth', '-o'], "hcp-constructs: Option '-o, --output <value>' argument missing.\nRun `hcp-constructs synth --help` for usage.\n"],
  [['diff', '--kubeconfig', 'k'], 'hcp-constructs: --kubeconfig needs --live (a diff against the live cluster).\nRun `hcp-constructs diff --help` for usage.\n'],
  [['diff', '--live', '-o', 'out'], 'hcp-constructs: --live compares with the cluster, not an output folder: leave out --output.\nRun `hcp-constructs diff --help` for usage.\n'],
  [['diff', '--live', '--field-manager', 'a b'], 'hcp-constructs: --field-manager "a b" is not a field manager name (printable, no spaces, at most 128 characters).\nRun `hcp-constructs diff --help` for usage.\n'],
  [['validate'], 'hcp-constructs: validate needs at least one file: `hcp-constructs validate clusters.yaml`.\nRun `hcp-constructs validate --help` for usage.\n'],
  [['synth', 'missing.ts'], `hcp-constructs: the app missing.ts was not found (looked for ${path.join(cwd, 'missing.ts')}).\nRun \`hcp-constructs synth --help\` for usage.\n`],
])('a wrong command line (%j) is a usage error: exit 2, a message and where help is', (args, message) => {
  expect(hcp(cwd, ...args)).toEqual({ status: 2, stdout: '', stderr: message });
});
