/**
 * A stand-in for the operators while the Pulumi engine runs against a bare API server (no
 * controllers run there): it watches every kind the server serves and, for each object carrying
 * `pulumi.com/waitFor`, writes the status that annotation waits for (the condition `True`, or the
 * jsonpath's value), as the HyperShift operator, OLM, MetalLB... would once the object is
 * reconciled. Without it `pulumi up` would wait for readiness until its timeout; with it, the
 * engine's and the provider's waiting is exercised for real. It records when it answered what.
 */
import * as https from 'node:https';
import * as fs from 'node:fs';

export interface ApiServer {
  readonly url: string;
  readonly ca: string;
  readonly cert: string;
  readonly key: string;
}

interface Resource {
  readonly path: string; // /api/v1/namespaces or /apis/group/version/plural (without a namespace)
  readonly hasStatus: boolean;
}

interface ObjectLike {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; annotations?: Record<string, string>; resourceVersion?: string };
  status?: Record<string, unknown>;
}

const WAIT_FOR = 'pulumi.com/waitFor';

export class StandInOperators {
  /** `Kind namespace/name: what was written`, in the order it was written. */
  readonly answered: string[] = [];
  private readonly agent: https.Agent;
  private readonly requests = new Set<import('node:http').ClientRequest>();
  private stopped = false;

  constructor(private readonly server: ApiServer) {
    this.agent = new https.Agent({ ca: fs.readFileSync(server.ca), cert: fs.readFileSync(server.cert), key: fs.readFileSync(server.key), keepAlive: true, maxSockets: Infinity });
  }

  /** Discovers the served kinds and starts one watch per kind. */
  async start(): Promise<void> {
    for (const resource of await this.resources()) this.watch(resource);
  }

  stop(): void {
    this.stopped = true;
    for (const request of this.requests) request.destroy();
    this.agent.destroy();
  }

  private async resources(): Promise<Resource[]> {
    const groupVersions = ['/api/v1'];
    const groups = (await this.json('GET', '/apis')) as { groups: Array<{ preferredVersion: { groupVersion: string } }> };
    for (const g of groups.groups) groupVersions.push(`/apis/${g.preferredVersion.groupVersion}`);
    const resources: Resource[] = [];
    for (const gv of groupVersions) {
      const list = (await this.json('GET', gv)) as { resources: Array<{ name: string; verbs: string[] }> };
      const names = new Set(list.resources.map((r) => r.name));
      for (const r of list.resources) {
        if (r.name.includes('/') || !r.verbs.includes('watch')) continue;
        resources.push({ path: `${gv}/${r.name}`, hasStatus: names.has(`${r.name}/status`) });
      }
    }
    return resources;
  }

  private watch(resource: Resource): void {
    if (this.stopped) return;
    const url = new URL(`${this.server.url}${resource.path}?watch=1`);
    const request = https.request(url, { agent: this.agent, method: 'GET' }, (response) => {
      let buffer = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        buffer += chunk;
        let newline: number;
        while ((newline = buffer.indexOf('\n')) >= 0) {
          const line = buffer.slice(0, newline);
          buffer = buffer.slice(newline + 1);
          if (!line.trim()) continue;
          const event = JSON.parse(line) as { type: string; object: ObjectLike };
          if (event.type === 'ADDED' || event.type === 'MODIFIED') void this.answer(resource, event.object);
        }
      });
      // The server ends a watch after a while: start it again.
      response.on('end', () => {
        this.requests.delete(request);
        setTimeout(() => this.watch(resource), 100);
      });
    });
    request.on('error', () => this.requests.delete(request));
    this.requests.add(request);
    request.end();
  }

  private async answer(resource: Resource, object: ObjectLike): Promise<void> {
    const waitFor = object.metadata.annotations?.[WAIT_FOR];
    if (!waitFor || this.stopped) return;
    const status = statusFor(waitFor, object.status ?? {});
    if (!status) return;
    const { namespace, name } = object.metadata;
    const base = resource.path.replace(/\/([^/]+)$/, namespace ? `/namespaces/${namespace}/$1` : '/$1');
    const path = `${base}/${name}${resource.hasStatus ? '/status' : ''}`;
    try {
      await this.json('PATCH', path, { status }, 'application/merge-patch+json');
      this.answered.push(`${object.kind} ${namespace ? `${namespace}/` : ''}${name}: ${waitFor}`);
    } catch {
      // Deleted meanwhile, or changed: the next event answers again.
    }
  }

  private json(method: string, path: string, body?: unknown, contentType = 'application/json'): Promise<unknown> {
    return new Promise((resolve, reject) => {
      const request = https.request(new URL(`${this.server.url}${path}`), { agent: this.agent, method, headers: body ? { 'content-type': contentType } : {} }, (response) => {
        let text = '';
        response.setEncoding('utf8');
        response.on('data', (d: string) => (text += d));
        response.on('end', () => ((response.statusCode ?? 500) < 300 ? resolve(JSON.parse(text)) : reject(new Error(`${method} ${path}: ${response.statusCode} ${text}`))));
      });
      request.on('error', reject);
      request.end(body === undefined ? undefined : JSON.stringify(body));
    });
  }
}

/**
 * The status that satisfies a `pulumi.com/waitFor` value (`condition=Type`, `condition=Type=Status`
 * or `jsonpath={.a.b}=value`, as lib/pulumi/render.ts writes them), or undefined when `current`
 * satisfies it already.
 */
export function statusFor(waitFor: string, current: Record<string, unknown>): Record<string, unknown> | undefined {
  const condition = /^condition=([^=]+)(?:=(.+))?$/.exec(waitFor);
  if (condition) {
    const [, type, status = 'True'] = condition;
    const conditions = (Array.isArray(current.conditions) ? current.conditions : []) as Array<{ type: string; status: string }>;
    if (conditions.some((c) => c.type === type && c.status === status)) return undefined;
    const now = new Date().toISOString().replace(/\.\d+Z$/, 'Z');
    return { conditions: [...conditions.filter((c) => c.type !== type), { type, status, reason: 'StandIn', message: 'set by the test suite for the operator', lastTransitionTime: now }] };
  }
  const jsonpath = /^jsonpath=\{\.status\.([^}]+)\}=(.+)$/.exec(waitFor);
  if (jsonpath) {
    const [, path, value] = jsonpath;
    const keys = path.split('.');
    let at: unknown = current;
    for (const k of keys) at = at && typeof at === 'object' ? (at as Record<string, unknown>)[k] : undefined;
    if (String(at) === value) return undefined;
    const patch: Record<string, unknown> = {};
    let into = patch;
    keys.forEach((k, i) => {
      if (i === keys.length - 1) into[k] = value === 'true' ? true : value;
      else into = into[k] = {} as Record<string, unknown>;
    });
    return patch;
  }
  throw new Error(`the stand-in operators do not know the waitFor value ${waitFor}`);
}
