/**
 * Strict Pulumi mocks for a test file: every resource registration is recorded, and any provider
 * function call fails the test. The mocks are installed before the library is loaded (Pulumi's
 * documented unit-testing pattern), and each test is its own program run (a new engine
 * connection, so a new program plan).
 */
import * as pulumi from '@pulumi/pulumi';

export interface Registration {
  readonly type: string;
  readonly name: string;
  readonly inputs: Record<string, unknown>;
  /** Set for a read of an existing resource. */
  readonly id?: string;
  readonly provider?: string;
  readonly custom?: boolean;
}

type Answer = { id: string; state: Record<string, unknown> };

/**
 * Installs the mocks for the calling test file. `answer` gives a resource's id and state where
 * the default (its inputs, id `<name>-id`) will not do. Returns the registrations of the running
 * test, `load()` (the Pulumi adapter, once the mocks are in), `newProgram()` and the `console.warn` spy
 * (`pulumi.log.warn` prints there under mocks, silenced).
 */
export function strictMocks(answer: (args: pulumi.runtime.MockResourceArgs) => Answer | undefined = () => undefined) {
  const registrations: Registration[] = [];
  const mocks: pulumi.runtime.Mocks = {
    newResource(args) {
      registrations.push({ type: args.type, name: args.name, inputs: args.inputs, id: args.id || undefined, provider: args.provider, custom: args.custom });
      return answer(args) ?? { id: `${args.name}-id`, state: args.inputs };
    },
    call(args) {
      throw new Error(`unexpected provider function call: ${args.token}`);
    },
  };
  /** A program run: an update, or with `preview` a dry run (`pulumi preview`). */
  const newProgram = (preview = false) => pulumi.runtime.setMocks(mocks, 'hcp-constructs', 'test', preview);
  const ready = newProgram();
  const harness = {
    registrations,
    /** Starts another program run inside a test. */
    newProgram,
    load: async (): Promise<typeof import('../../lib/pulumi')> => {
      await ready;
      return import('../../lib/pulumi');
    },
    warn: undefined as unknown as jest.SpyInstance,
  };
  beforeEach(async () => {
    await newProgram();
    registrations.length = 0;
    harness.warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
  });
  afterEach(async () => {
    harness.warn.mockRestore();
    // What the test left registering (a component's outputs wait for its whole chain, the program's
    // guard for the next turn) finishes against this program's mocks, not the next test's.
    await Promise.race([pulumi.runtime.disconnect(), new Promise((resolve) => setTimeout(resolve, 2000).unref())]);
  });
  return harness;
}

/** A plain copy of a manifest without the annotations `keys` (what one adapter writes and the other does not), for parity checks. */
export function withoutAnnotations(o: Record<string, unknown>, ...keys: string[]): Record<string, unknown> {
  const copy = JSON.parse(JSON.stringify(o)) as Record<string, unknown>;
  const meta = copy.metadata as { annotations?: Record<string, string> };
  for (const key of keys) delete meta.annotations?.[key];
  if (meta.annotations && Object.keys(meta.annotations).length === 0) delete meta.annotations;
  return copy;
}

/** The value an Output resolves to. */
export const valueOf = <T>(output: pulumi.Output<T>): Promise<T> => new Promise((resolve) => output.apply(resolve));

/** True for the mock's form of a Pulumi secret (what a resource's input holds for a `pulumi.secret`). */
export const isRpcSecret = (value: unknown): boolean =>
  typeof value === 'object' && value !== null && (value as Record<string, unknown>)[pulumi.runtime.specialSigKey] === pulumi.runtime.specialSecretSig;

/** The value with every secret marker the mock saw replaced by its plain value. */
export function unwrapSecrets(value: unknown): unknown {
  if (isRpcSecret(value)) return unwrapSecrets((value as { value: unknown }).value);
  if (Array.isArray(value)) return value.map(unwrapSecrets);
  if (typeof value === 'object' && value !== null) {
    return Object.fromEntries(Object.entries(value).map(([key, v]) => [key, unwrapSecrets(v)]));
  }
  return value;
}

/** Waits until every resource of a component is registered. */
export async function settle(component: { resources: readonly pulumi.CustomResource[] }): Promise<void> {
  await Promise.all(component.resources.map((r) => valueOf(r.urn)));
  await new Promise((resolve) => setTimeout(resolve, 50));
}

/** `apiVersion kind namespace/name`: the key to compare objects rendered by both adapters. */
export const objectId = (o: { apiVersion?: unknown; kind?: unknown; metadata: { namespace?: string; name?: string } }): string =>
  `${String(o.apiVersion)} ${String(o.kind)} ${o.metadata.namespace ?? ''}/${o.metadata.name}`;

/** The admin kubeconfig the mocked management cluster's Secret `<name>-admin-kubeconfig` holds. */
export const ADMIN_KUBECONFIG = 'apiVersion: v1\nkind: Config\nclusters: []\n';

/** Answers the one read a day-2 component makes: the admin kubeconfig Secret; any other read fails. */
export function adminKubeconfigRead(args: pulumi.runtime.MockResourceArgs): Answer | undefined {
  if (!args.id) return undefined;
  if (args.type !== 'kubernetes:core/v1:Secret') throw new Error(`unexpected read of ${args.type}`);
  return { id: args.id, state: { data: { kubeconfig: Buffer.from(ADMIN_KUBECONFIG).toString('base64') } } };
}

/** A transformation that records the `dependsOn` each resource is registered with, and the record. */
export function dependsOnRecorder(): { dependsOn: Map<pulumi.Resource, unknown>; record: pulumi.ResourceTransformation } {
  const dependsOn = new Map<pulumi.Resource, unknown>();
  const record: pulumi.ResourceTransformation = (args) => {
    dependsOn.set(args.resource, args.opts.dependsOn);
    return undefined;
  };
  return { dependsOn, record };
}

/**
 * Whether `dependency` is the wait for the previous-state guard that the objects it judges are
 * given in an update: an Output of no resources (so no dependency in the state) that resolves to
 * none once the guard is registered.
 */
export async function isGuardWait(dependency: unknown, registrations: ReadonlyArray<{ name: string; type: string }>): Promise<boolean> {
  if (!pulumi.Output.isInstance(dependency)) return false;
  const output = dependency as pulumi.Output<unknown> & { resources(): Set<pulumi.Resource> };
  if (output.resources().size !== 0) return false;
  const value = await valueOf(output);
  return Array.isArray(value) && value.length === 0 && registrations.some((r) => r.type === 'pulumi-nodejs:dynamic:Resource' && /previous-state$/.test(r.name));
}

/** A copy of a rendered object without the annotations each adapter adds on its own (Argo CD's sync wave, Pulumi's waitFor), for parity tests. */
export const withoutAdapterAnnotations = (object: unknown): unknown =>
  withoutAnnotations(object as Record<string, unknown>, 'argocd.argoproj.io/sync-wave', 'pulumi.com/waitFor');
