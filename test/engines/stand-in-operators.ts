/**
 * A stand-in for the operators while the Pulumi engine runs against a bare API server (no
 * controllers run there): it watches every kind the server serves and, for each object carrying
 * `pulumi.com/waitFor`, writes the status that annotation waits for (the condition `True`, or the
 * jsonpath's value), as the HyperShift operator, OLM, MetalLB... would once the object is
 * reconciled. Without it `pulumi up` would wait for readiness until its timeout; with it, the
 * engine's and the provider's waiting is exercised for real. It also finishes deleting Namespaces
 * (the namespace controller's job: a Namespace stays Terminating without it), after noting what
 * was still in them, and foreground deletions (the garbage collector's). It records what it answered and every object removed, in order.
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
  readonly namespaced: boolean;
}

interface ObjectLike {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace?: string; annotations?: Record<string, string>; resourceVersion?: string };
  status?: Record<string, unknown>;
}

const WAIT_FOR = 'pulumi.com/waitFor';

/**
 * Namespaces an operator makes by the time it reports its object ready, which objects of later
 * phases live in: an Available MultiClusterEngine has imported the hub as `local-cluster` and its
 * hypershift add-on has installed the operator into `hypershift`; a hub that accepted a
 * ManagedCluster has made the namespace of its name.
 */
const NAMESPACES_MADE_ONCE_READY: Readonly<Record<string, (name: string) => readonly string[]>> = {
  MultiClusterEngine: () => ['local-cluster', 'hypershift'],
  ManagedCluster: (name) => [name],
};

export class StandInOperators {
  /** `Kind namespace/name: what was written`, in the order it was written. */
  readonly answered: string[] = [];
  /** `Kind namespace/name` of every object removed from the server, in the order the server removed them. */
  readonly deleted: string[] = [];
  /** What was still in each Namespace when its deletion was finished here (nothing, when the engine deleted in order). */
  readonly leftInNamespaces: Record<string, string[]> = {};
  private served: Resource[] = [];
  private readonly agent: https.Agent;
  private readonly requests = new Set<import('node:http').ClientRequest>();
  private stopped = false;

  constructor(private readonly server: ApiServer) {
    this.agent = new https.Agent({ ca: fs.readFileSync(server.ca), cert: fs.readFileSync(server.cert), key: fs.readFileSync(server.key), keepAlive: true, maxSockets: Infinity });
  }

  /** Discovers the served kinds and starts one watch per kind. */
  async start(): Promise<void> {
    this.served = await this.resources();
    for (const resource of this.served) this.watch(resource);
  }

  stop(): void {
    this.stopped = true;
    for (const request of this.requests) request.destroy();
    this.agent.destroy();
  }

  private async resources(): Promise<Resource[]> {
    // Every version of every group: a kind may be served by a version that is not the group's
    // preferred one (Subscription is operators.coreos.com/v1alpha1, the group prefers v1). One
    // watch per group and resource, on the preferred version when it serves the resource.
    const groupVersions = [{ group: '', path: '/api/v1' }];
    const groups = (await this.json('GET', '/apis')) as { groups: Array<{ name: string; preferredVersion: { groupVersion: string }; versions: Array<{ groupVersion: string }> }> };
    for (const g of groups.groups) {
      const versions = [g.preferredVersion.groupVersion, ...g.versions.map((v) => v.groupVersion).filter((v) => v !== g.preferredVersion.groupVersion)];
      for (const v of versions) groupVersions.push({ group: g.name, path: `/apis/${v}` });
    }
    const resources: Resource[] = [];
    const seen = new Set<string>();
    for (const gv of groupVersions) {
      const list = (await this.json('GET', gv.path)) as { resources: Array<{ name: string; verbs: string[]; namespaced: boolean }> };
      const names = new Set(list.resources.map((r) => r.name));
      for (const r of list.resources) {
        if (r.name.includes('/') || !r.verbs.includes('watch') || seen.has(`${gv.group}/${r.name}`)) continue;
        seen.add(`${gv.group}/${r.name}`);
        resources.push({ path: `${gv.path}/${r.name}`, hasStatus: names.has(`${r.name}/status`), namespaced: r.namespaced });
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
          if (event.type === 'DELETED') this.deleted.push(labelOf(event.object));
        }
      });
      // The server ends a watch after a while: start it again.
      response.on('end', () => {
        this.requests.delete(request);
        setTimeout(() => this.watch(resource), 100);
      });
    });
    // A watch the server cut (or one refused while its cache starts): start it again.
    request.on('error', () => {
      this.requests.delete(request);
      setTimeout(() => this.watch(resource), 100);
    });
    this.requests.add(request);
    request.end();
  }

  private async answer(resource: Resource, object: ObjectLike): Promise<void> {
    const { deletionTimestamp, finalizers = [] } = object.metadata as { deletionTimestamp?: string; finalizers?: string[] };
    if (object.kind === 'Namespace' && deletionTimestamp) await this.finishNamespace(object.metadata.name);
    if (deletionTimestamp && finalizers.includes('foregroundDeletion')) return this.finishForegroundDeletion(resource, object, finalizers);
    if (deletionTimestamp) return;
    const waitFor = object.metadata.annotations?.[WAIT_FOR];
    if (!waitFor || this.stopped) return;
    const status = statusFor(waitFor, object.status ?? {});
    if (!status) return;
    const { namespace, name } = object.metadata;
    const base = resource.path.replace(/\/([^/]+)$/, namespace ? `/namespaces/${namespace}/$1` : '/$1');
    const path = `${base}/${name}${resource.hasStatus ? '/status' : ''}`;
    // A status schema may require more than the field waited for (a Subscription's
    // `lastUpdated`): fill what the server names as required, as the operator would, and retry.
    for (let attempt = 0; attempt < 8; attempt++) {
      try {
        await this.json('PATCH', path, { status }, 'application/merge-patch+json');
        this.answered.push(`${labelOf(object)}: ${waitFor}`);
        for (const namespace of NAMESPACES_MADE_ONCE_READY[object.kind]?.(name) ?? []) {
          await this.json('POST', '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace } }).catch(() => undefined);
        }
        return;
      } catch (error) {
        const required = requiredStatusFields((error as Error).message);
        if (required.length === 0) return; // deleted meanwhile, or changed: the next event answers again
        for (const field of required) setPath(status, field, /time|updated/i.test(field) ? new Date().toISOString().replace(/\.\d+Z$/, 'Z') : 'StandIn');
      }
    }
  }

  /**
   * What the garbage collector does for an object deleted in the foreground (as the Kubernetes
   * provider deletes) once nothing it owns is left: it removes the `foregroundDeletion` finalizer,
   * and the server removes the object. Nothing the programs create owns other objects.
   */
  private async finishForegroundDeletion(resource: Resource, object: ObjectLike, finalizers: readonly string[]): Promise<void> {
    const { namespace, name } = object.metadata;
    const base = resource.path.replace(/\/([^/]+)$/, namespace ? `/namespaces/${namespace}/$1` : '/$1');
    const patch = { metadata: { finalizers: finalizers.filter((f) => f !== 'foregroundDeletion'), resourceVersion: object.metadata.resourceVersion } };
    await this.json('PATCH', `${base}/${name}`, patch, 'application/merge-patch+json').catch(() => undefined);
  }

  /** What the namespace controller does once a Namespace is deleted: empty it, then drop its finalizer. */
  private async finishNamespace(namespace: string): Promise<void> {
    if (namespace in this.leftInNamespaces) return;
    const left: string[] = [];
    this.leftInNamespaces[namespace] = left;
    for (const r of this.served) {
      if (!r.namespaced || r.path.endsWith('/events')) continue;
      const base = r.path.replace(/\/([^/]+)$/, `/namespaces/${namespace}/$1`);
      const list = (await this.json('GET', base).catch(() => ({ items: [] }))) as { items: ObjectLike[] };
      for (const item of list.items) {
        left.push(`${r.path.split('/').pop()} ${namespace}/${item.metadata.name}`);
        await this.json('DELETE', `${base}/${item.metadata.name}`).catch(() => undefined);
      }
    }
    await this.json('PUT', `/api/v1/namespaces/${namespace}/finalize`, { apiVersion: 'v1', kind: 'Namespace', metadata: { name: namespace }, spec: { finalizers: [] } }).catch(() => undefined);
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
    setPath(patch, path, value === 'true' ? true : value);
    return patch;
  }
  throw new Error(`the stand-in operators do not know the waitFor value ${waitFor}`);
}

/** The `status.` fields a 422 answer says are required (`status.lastUpdated: Required value`), without the `status.` prefix. */
function requiredStatusFields(message: string): string[] {
  const json = message.slice(message.indexOf('{'));
  try {
    const causes = (JSON.parse(json) as { details?: { causes?: Array<{ reason: string; field: string }> } }).details?.causes ?? [];
    return causes.filter((c) => c.reason === 'FieldValueRequired' && c.field.startsWith('status.')).map((c) => c.field.slice('status.'.length));
  } catch {
    return [];
  }
}

function setPath(into: Record<string, unknown>, dotted: string, value: unknown): void {
  const keys = dotted.split('.');
  let at = into;
  keys.forEach((k, i) => {
    if (i === keys.length - 1) at[k] = value;
    else at = (at[k] ??= {}) as Record<string, unknown>;
  });
}

function labelOf(object: ObjectLike): string {
  const { namespace, name } = object.metadata;
  return `${object.kind} ${namespace ? `${namespace}/` : ''}${name}`;
}
