/**
 * What a preflight read from the management cluster: one LIST per kind, each made once however
 * many checks use it, all at once. A kind that could not be read (not served, forbidden, the
 * server gone) is recorded with why, and the checks that need it say so instead of guessing.
 */
import type { KubernetesObject } from '../api';
import { KubeApiError, KubeClient } from './kube-client';

/** One LIST a check needs. */
export interface Read {
  /** `v1`, `hypershift.openshift.io/v1beta1` */
  readonly apiVersion: string;
  /** `ConfigMap`, `HostedCluster` */
  readonly kind: string;
  /** Only objects with these labels (`key=value`). @default all */
  readonly labelSelector?: string;
}

/** A LIST's outcome. */
export type ReadResult =
  | { readonly state: 'read'; readonly items: readonly KubernetesObject[] }
  /** The server does not serve the kind: its CRD (or aggregated API) is not installed. */
  | { readonly state: 'not-served' }
  /** The server refused (403: the credentials may not list it) or did not answer. */
  | { readonly state: 'failed'; readonly status: number; readonly message: string };

/** A read as text, `apiVersion kind [-l selector]`: how results are kept and messages name it. */
export function readKey(read: Read): string {
  return `${read.apiVersion} ${read.kind}${read.labelSelector ? ` -l ${read.labelSelector}` : ''}`;
}

/** The objects of every {@link Read}, by {@link readKey}. */
export class LiveState {
  private constructor(private readonly lookup: (key: string) => ReadResult | undefined) {}

  /** Makes every read (each distinct one once, concurrently). */
  static async read(client: KubeClient, reads: readonly Read[]): Promise<LiveState> {
    const unique = new Map(reads.map((r) => [readKey(r), r]));
    const results = new Map<string, ReadResult>();
    await Promise.all(
      [...unique].map(async ([key, read]) => {
        try {
          const items = await client.list(read.apiVersion, read.kind, read.labelSelector ? { labelSelector: read.labelSelector } : {});
          results.set(key, items === undefined ? { state: 'not-served' } : { state: 'read', items });
        } catch (error) {
          const status = error instanceof KubeApiError ? error.status : 0;
          results.set(key, { state: 'failed', status, message: (error as Error).message });
        }
      }),
    );
    return new LiveState((key) => results.get(key));
  }

  /**
   * Live state from objects already in hand (unit tests, a program that read them itself): every
   * read lists the given objects of its kind; the kinds in `notServed` are not served, and the
   * reads in `failed` (by {@link readKey}) fail as given.
   */
  static of(objects: readonly KubernetesObject[], notServed: readonly string[] = [], failed: ReadonlyMap<string, ReadResult> = new Map()): LiveState {
    return new LiveState((key) => failed.get(key) ?? (notServed.includes(key.split(' ')[1]) ? { state: 'not-served' } : byKey(objects, key)));
  }

  /** What a read gave; a read that was not made is a failure. */
  result(read: Read): ReadResult {
    return this.lookup(readKey(read)) ?? { state: 'failed', status: 0, message: `${readKey(read)} was not read` };
  }

  /** The objects read, or undefined when they could not be (see {@link result}). */
  items(read: Read): readonly KubernetesObject[] | undefined {
    const result = this.result(read);
    return result.state === 'read' ? result.items : undefined;
  }
}

/** The objects of `objects` a read would list. */
function byKey(objects: readonly KubernetesObject[], key: string): ReadResult {
  const [apiVersion, kind, , selector] = key.split(' ');
  const [label, value] = selector ? selector.split('=') : [];
  const items = objects.filter((o) => o.apiVersion === apiVersion && o.kind === kind && (label === undefined || o.metadata.labels?.[label] === value));
  return { state: 'read', items };
}
