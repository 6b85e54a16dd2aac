/** Reading a kubeconfig as kubectl does: contexts, inline and file credentials, tokens, exec plugins, and what is wrong with a bad one. */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as yaml from 'js-yaml';
import { KubeconfigError, kubeconfigFile, readKubeconfig } from '../../lib/live';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kubeconfig-test-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(config: object, name = 'config'): string {
  const file = path.join(dir, name);
  fs.writeFileSync(file, yaml.dump(config));
  return file;
}

const base = (user: object, cluster: object = { server: 'https://api.hub.example.com:6443/', 'certificate-authority-data': Buffer.from('CA').toString('base64') }) => ({
  apiVersion: 'v1',
  kind: 'Config',
  'current-context': 'hub',
  contexts: [{ name: 'hub', context: { cluster: 'hub', user: 'me' } }, { name: 'other', context: { cluster: 'hub', user: 'nobody' } }],
  clusters: [{ name: 'hub', cluster }],
  users: [{ name: 'me', user }],
});

test('inline certificate data, a token, and the current context', () => {
  const c = readKubeconfig(write(base({ token: 'sha256~abc' })));
  expect(c).toMatchObject({ server: 'https://api.hub.example.com:6443', context: 'hub', token: 'sha256~abc', insecure: false });
  expect(c.ca).toBe('CA');
});

test('files relative to the kubeconfig, a token file, insecure-skip-tls-verify', () => {
  fs.writeFileSync(path.join(dir, 'client.crt'), 'CERT');
  fs.writeFileSync(path.join(dir, 'client.key'), 'KEY');
  fs.writeFileSync(path.join(dir, 'token'), 'from-file\n');
  const c = readKubeconfig(write(base({ 'client-certificate': 'client.crt', 'client-key': 'client.key', tokenFile: 'token' }, { server: 'https://10.0.0.1:6443', 'insecure-skip-tls-verify': true }), 'files'));
  expect([c.cert, c.key, c.token, c.insecure]).toEqual(['CERT', 'KEY', 'from-file', true]);
});

test('an exec credential plugin gives the token', () => {
  const plugin = path.join(dir, 'plugin.js');
  fs.writeFileSync(plugin, `process.stdout.write(JSON.stringify({ apiVersion: 'client.authentication.k8s.io/v1', kind: 'ExecCredential', status: { token: process.env.GIVEN } }))`);
  const c = readKubeconfig(write(base({ exec: { apiVersion: 'client.authentication.k8s.io/v1', command: process.execPath, args: [plugin], env: [{ name: 'GIVEN', value: 'exec-token' }] } }), 'exec'));
  expect(c.token).toBe('exec-token');
});

test('what is wrong with a kubeconfig, in words', () => {
  const file = write(base({ token: 't' }), 'wrong');
  expect(() => readKubeconfig(file, 'missing')).toThrow(new KubeconfigError(`the kubeconfig ${file} has no context "missing" (it has hub, other).`));
  expect(() => readKubeconfig(file, 'other')).toThrow(`the kubeconfig ${file} has no user "nobody" (it has me).`);
  expect(() => readKubeconfig(path.join(dir, 'absent'))).toThrow(/cannot read the kubeconfig .*absent \(ENOENT\)/);
  expect(() => readKubeconfig(write({ ...base({}), 'current-context': '' }, 'nocontext'))).toThrow(/has no current-context: name one with --context/);
  expect(() => readKubeconfig(write(base({}, { server: 'api.example.com' }), 'noscheme'))).toThrow('cluster hub in');
});

test('which file: the one given, else the first of $KUBECONFIG, else ~/.kube/config', () => {
  expect(kubeconfigFile('x', {})).toBe(path.resolve('x'));
  expect(kubeconfigFile(undefined, { KUBECONFIG: `${path.delimiter}/a/one${path.delimiter}/b/two` })).toBe('/a/one');
  expect(kubeconfigFile(undefined, {})).toBe(path.join(os.homedir(), '.kube', 'config'));
});
