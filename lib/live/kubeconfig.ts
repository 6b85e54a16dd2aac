/**
 * A kubeconfig file, read as kubectl reads it, down to what one connection needs: the server, how
 * to trust it and who we are. Supported credentials: client certificates, bearer tokens (inline
 * or from a file, as `oc login` and ServiceAccount kubeconfigs write them) and exec plugins
 * (`client.authentication.k8s.io` ExecCredential, as cloud CLIs write them). Relative file names
 * are relative to the kubeconfig's folder, as kubectl takes them.
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import * as jsYaml from 'js-yaml';

/** Everything a request to one cluster needs. */
export interface Connection {
  /** `https://host:port`, without a trailing slash. */
  readonly server: string;
  /** The context it came from, for messages. */
  readonly context: string;
  /** The CA that signs the server's certificate (PEM). @default the system's CAs */
  readonly ca?: string;
  /** The client certificate (PEM). @default none */
  readonly cert?: string;
  /** The client certificate's key (PEM). @default none */
  readonly key?: string;
  /** A bearer token (inline, from `tokenFile`, or from an exec plugin). @default none */
  readonly token?: string;
  /** `insecure-skip-tls-verify`: the server's certificate is not checked. */
  readonly insecure: boolean;
  /** The name the server's certificate is checked against, when it is not the server's host. @default the host */
  readonly tlsServerName?: string;
}

/** The kubeconfig cannot be used; the message says what to change. */
export class KubeconfigError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'KubeconfigError';
  }
}

type Named<T> = { readonly name?: unknown; readonly [key: string]: unknown } & T;
type Fields = Readonly<Record<string, unknown>>;

/** The kubeconfig kubectl would use: `file`, else the first file of `$KUBECONFIG`, else `~/.kube/config`. */
export function kubeconfigFile(file?: string, env: Readonly<Record<string, string | undefined>> = process.env): string {
  if (file !== undefined) return path.resolve(file);
  const fromEnv = env.KUBECONFIG?.split(path.delimiter).find((f) => f !== '');
  return path.resolve(fromEnv ?? path.join(os.homedir(), '.kube', 'config'));
}

/** The kubeconfig `file` as a mapping. */
function loadKubeconfig(file: string): Fields {
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (error) {
    throw new KubeconfigError(`cannot read the kubeconfig ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
  }
  let config: Fields;
  try {
    config = (jsYaml.load(text) ?? {}) as Fields;
  } catch (error) {
    throw new KubeconfigError(`the kubeconfig ${file} is not YAML (${(error as Error).message.split('\n')[0]}).`);
  }
  if (typeof config !== 'object' || Array.isArray(config)) throw new KubeconfigError(`the kubeconfig ${file} is not a mapping.`);
  return config;
}

/** The names of the contexts in the kubeconfig `file`, in its order. */
export function kubeconfigContexts(file: string): string[] {
  return namesIn(loadKubeconfig(file), 'contexts');
}

const entriesOf = (config: Fields, list: 'contexts' | 'clusters' | 'users'): Array<Named<Fields>> => (Array.isArray(config[list]) ? (config[list] as Array<Named<Fields>>) : []);
const namesIn = (config: Fields, list: 'contexts' | 'clusters' | 'users'): string[] => entriesOf(config, list).map((e) => e?.name).filter((n): n is string => typeof n === 'string');

/** The connection of `context` (default: the file's current context) in the kubeconfig `file`. */
export function readKubeconfig(file: string, context?: string): Connection {
  const config = loadKubeconfig(file);
  const name = context ?? config['current-context'];
  if (typeof name !== 'string' || name === '') throw new KubeconfigError(`the kubeconfig ${file} has no current-context: name one with --context.`);
  const ctx = entry(config, 'contexts', name, file).context ?? {};
  const clusterName = field(ctx, 'cluster', `context ${name}`);
  const cluster = entry(config, 'clusters', clusterName, file).cluster ?? {};
  const userName = (ctx as Fields).user;
  const user = typeof userName === 'string' && userName !== '' ? (entry(config, 'users', userName, file).user ?? {}) : {};
  const dir = path.dirname(file);
  const server = field(cluster, 'server', `cluster ${clusterName}`).replace(/\/+$/, '');
  if (!/^https?:\/\//.test(server)) throw new KubeconfigError(`cluster ${clusterName} in ${file}: server "${server}" is not an http(s) URL.`);
  const u = user as Fields;
  const c = cluster as Fields;
  return {
    server,
    context: name,
    ca: pem(c, 'certificate-authority', dir),
    cert: pem(u, 'client-certificate', dir),
    key: pem(u, 'client-key', dir),
    token: token(u, dir),
    insecure: c['insecure-skip-tls-verify'] === true,
    ...(typeof c['tls-server-name'] === 'string' ? { tlsServerName: c['tls-server-name'] } : {}),
  };
}

function entry(config: Fields, list: 'contexts' | 'clusters' | 'users', name: string, file: string): Fields & { context?: Fields; cluster?: Fields; user?: Fields } {
  const found = entriesOf(config, list).find((e) => e && e.name === name);
  if (!found) {
    const names = namesIn(config, list);
    throw new KubeconfigError(`the kubeconfig ${file} has no ${list.slice(0, -1)} "${name}"${names.length ? ` (it has ${names.join(', ')})` : ''}.`);
  }
  return found;
}

function field(object: unknown, key: string, where: string): string {
  const value = (object as Fields)[key];
  if (typeof value !== 'string' || value === '') throw new KubeconfigError(`${where} has no ${key}.`);
  return value;
}

/** `<key>-data` (base64) or `<key>` (a file), as PEM text. */
function pem(object: Fields, key: string, dir: string): string | undefined {
  const data = object[`${key}-data`];
  if (typeof data === 'string' && data !== '') return Buffer.from(data, 'base64').toString('utf8');
  const file = object[key];
  if (typeof file !== 'string' || file === '') return undefined;
  try {
    return fs.readFileSync(path.resolve(dir, file), 'utf8');
  } catch (error) {
    throw new KubeconfigError(`cannot read ${key} ${file} (${(error as NodeJS.ErrnoException).code ?? (error as Error).message}).`);
  }
}

function token(user: Fields, dir: string): string | undefined {
  if (typeof user.token === 'string' && user.token !== '') return user.token;
  if (typeof user.tokenFile === 'string' && user.tokenFile !== '') return fs.readFileSync(path.resolve(dir, user.tokenFile), 'utf8').trim();
  if (user.exec && typeof user.exec === 'object') return execToken(user.exec as Fields);
  return undefined;
}

/** Runs an exec credential plugin and returns its token (client certificates from plugins are not supported). */
function execToken(exec: Fields): string {
  const command = exec.command;
  if (typeof command !== 'string' || command === '') throw new KubeconfigError('the user\'s exec plugin has no command.');
  const args = Array.isArray(exec.args) ? exec.args.map(String) : [];
  const env = { ...process.env };
  for (const item of Array.isArray(exec.env) ? (exec.env as Fields[]) : []) if (typeof item.name === 'string') env[item.name] = String(item.value ?? '');
  let output: string;
  try {
    output = execFileSync(command, args, { env, encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'], timeout: 60_000 });
  } catch (error) {
    throw new KubeconfigError(`the exec plugin ${command} failed (${(error as Error).message.split('\n')[0]}).`);
  }
  const status = (JSON.parse(output) as { status?: { token?: unknown } }).status;
  if (typeof status?.token !== 'string') throw new KubeconfigError(`the exec plugin ${command} gave no token (client certificates from exec plugins are not supported).`);
  return status.token;
}
