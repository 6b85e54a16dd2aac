/**
 * A Kubernetes API client that can only read: discovery, LIST (paged) and GET, and server-side
 * apply with `dryRun=All`, which the API server runs through admission and merging and then
 * throws away. There is no call that writes, so preflight and `diff --live` cannot change a
 * cluster whatever the credentials allow. Node's own https with one keep-alive agent: the
 * handful of calls needs no client library (see docs/design.md, "Libraries, and why").
 */
import * as http from 'http';
import * as https from 'https';
import type { KubernetesObject } from '../api';
import type { Connection } from './kubeconfig';

/** A kind as the API serves it. */
export interface ServedResource {
  /** The collection's name in URLs: `hostedclusters`. */
  readonly plural: string;
  /** Objects live in namespaces (else cluster-wide). */
  readonly namespaced: boolean;
}

/** A request the API server refused or could not answer. */
export class KubeApiError extends Error {
  constructor(
    /** The HTTP status (0 when the server was not reached). */
    readonly status: number,
    /** The Status reason (`Forbidden`, `NotFound`, `Conflict`), when the server sent one. */
    readonly reason: string,
    message: string,
    /** The Status details (a conflict's causes), when the server sent them. */
    readonly details?: { readonly causes?: ReadonlyArray<{ readonly field?: string; readonly message?: string; readonly reason?: string }> },
  ) {
    super(message);
    this.name = 'KubeApiError';
  }
}

/** What LIST returns: the objects, with their kind and apiVersion set (a list leaves them out). */
export type Listed = readonly KubernetesObject[];

/** Objects per LIST page: large enough for few round trips, small enough for the server's memory. */
const PAGE = 500;
const TIMEOUT_MS = 30_000;

/** Reads one cluster; see the file's comment for what it can and cannot do. */
export class KubeClient {
  private readonly agent: https.Agent | http.Agent;
  private readonly groups = new Map<string, Promise<ReadonlyMap<string, ServedResource> | undefined>>();

  constructor(
    /** The cluster and the credentials. */
    readonly connection: Connection,
  ) {
    const tls = connection.server.startsWith('https:');
    this.agent = tls
      ? new https.Agent({
          keepAlive: true,
          maxSockets: 8,
          ca: connection.ca,
          cert: connection.cert,
          key: connection.key,
          rejectUnauthorized: !connection.insecure,
          ...(connection.tlsServerName ? { servername: connection.tlsServerName } : {}),
        })
      : new http.Agent({ keepAlive: true, maxSockets: 8 });
  }

  /** The resource of `kind` in `apiVersion`, or undefined when the server does not serve it (its CRD is not installed). */
  async resource(apiVersion: string, kind: string): Promise<ServedResource | undefined> {
    let served = this.groups.get(apiVersion);
    if (!served) {
      served = this.discover(apiVersion);
      this.groups.set(apiVersion, served);
    }
    return (await served)?.get(kind);
  }

  /** Every object of `kind` (in `namespace`, or in all), page by page; undefined when the kind is not served. */
  async list(apiVersion: string, kind: string, options: { namespace?: string; labelSelector?: string } = {}): Promise<Listed | undefined> {
    const resource = await this.resource(apiVersion, kind);
    if (!resource) return undefined;
    const base = collectionPath(apiVersion, resource, options.namespace);
    const items: KubernetesObject[] = [];
    let next: string | undefined;
    do {
      const query = new URLSearchParams({ limit: String(PAGE) });
      if (options.labelSelector) query.set('labelSelector', options.labelSelector);
      if (next) query.set('continue', next);
      const page = (await this.request('GET', `${base}?${query}`)) as { items?: KubernetesObject[]; metadata?: { continue?: string } };
      for (const item of page.items ?? []) items.push({ ...item, apiVersion, kind });
      next = page.metadata?.continue || undefined;
    } while (next);
    return items;
  }

  /** One object, or undefined when it does not exist or its kind is not served. */
  async get(apiVersion: string, kind: string, namespace: string | undefined, name: string): Promise<KubernetesObject | undefined> {
    const resource = await this.resource(apiVersion, kind);
    if (!resource) return undefined;
    try {
      return (await this.request('GET', `${collectionPath(apiVersion, resource, namespace)}/${encodeURIComponent(name)}`)) as KubernetesObject;
    } catch (error) {
      if (error instanceof KubeApiError && error.status === 404) return undefined;
      throw error;
    }
  }

  /**
   * What the object would become if `fieldManager` applied it server-side now: the API server's
   * answer to a server-side apply with `dryRun=All`, nothing stored. Without `force` a field
   * another manager owns with another value is a 409 {@link KubeApiError} whose causes name them.
   */
  async dryRunApply(object: KubernetesObject, fieldManager: string, force: boolean): Promise<KubernetesObject> {
    const resource = await this.resource(object.apiVersion, object.kind);
    if (!resource) throw new KubeApiError(404, 'NotFound', `${object.kind} (${object.apiVersion}) is not served by ${this.connection.server}.`);
    const namespace = resource.namespaced ? object.metadata.namespace : undefined;
    const query = new URLSearchParams({ dryRun: 'All', fieldManager, force: String(force) });
    const where = `${collectionPath(object.apiVersion, resource, namespace)}/${encodeURIComponent(object.metadata.name ?? '')}`;
    return (await this.request('PATCH', `${where}?${query}`, JSON.stringify(object), 'application/apply-patch+yaml')) as KubernetesObject;
  }

  /** Closes the kept-alive connections. */
  close(): void {
    this.agent.destroy();
  }

  private async discover(apiVersion: string): Promise<ReadonlyMap<string, ServedResource> | undefined> {
    let list: { resources?: Array<{ name: string; kind: string; namespaced: boolean }> };
    try {
      list = (await this.request('GET', apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`)) as typeof list;
    } catch (error) {
      if (error instanceof KubeApiError && error.status === 404) return undefined;
      this.groups.delete(apiVersion); // a failed discovery is tried again by the next caller
      throw error;
    }
    const byKind = new Map<string, ServedResource>();
    // Sub-resources (`hostedclusters/status`) share the kind; the collection is the name without a slash.
    for (const r of list.resources ?? []) if (!r.name.includes('/')) byKind.set(r.kind, { plural: r.name, namespaced: r.namespaced });
    return byKind;
  }

  private request(method: 'GET' | 'PATCH', pathAndQuery: string, body?: string, contentType?: string): Promise<unknown> {
    const url = new URL(this.connection.server + pathAndQuery);
    const headers: Record<string, string> = { Accept: 'application/json', 'User-Agent': 'hcp-constructs' };
    if (this.connection.token) headers.Authorization = `Bearer ${this.connection.token}`;
    if (body !== undefined) {
      headers['Content-Type'] = contentType ?? 'application/json';
      headers['Content-Length'] = String(Buffer.byteLength(body));
    }
    const send = url.protocol === 'https:' ? https.request : http.request;
    return new Promise((resolve, reject) => {
      const req = send(url, { method, headers, agent: this.agent, timeout: TIMEOUT_MS }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown;
          try {
            parsed = text === '' ? {} : JSON.parse(text);
          } catch {
            parsed = undefined;
          }
          const status = res.statusCode ?? 0;
          if (status >= 200 && status < 300 && parsed !== undefined) return resolve(parsed);
          const s = (parsed ?? {}) as { reason?: string; message?: string; details?: KubeApiError['details'] };
          reject(new KubeApiError(status, s.reason ?? res.statusMessage ?? '', `${method} ${url.pathname}: ${status} ${s.message ?? text.slice(0, 200)}`, s.details));
        });
      });
      req.on('timeout', () => req.destroy(new Error(`no answer in ${TIMEOUT_MS / 1000} s`)));
      req.on('error', (error) => reject(new KubeApiError(0, 'Unreachable', `${method} ${url.origin}${url.pathname}: ${error.message}`)));
      req.end(body);
    });
  }
}

function collectionPath(apiVersion: string, resource: ServedResource, namespace: string | undefined): string {
  const root = apiVersion.includes('/') ? `/apis/${apiVersion}` : `/api/${apiVersion}`;
  return resource.namespaced && namespace !== undefined ? `${root}/namespaces/${encodeURIComponent(namespace)}/${resource.plural}` : `${root}/${resource.plural}`;
}
