/**
 * Conformance of the built-in objects: every Namespace, Secret, ConfigMap, Service, Role and
 * StorageClass the examples and the conformance fixtures emit (test/conformance/sources.ts, the same
 * sources whose custom resources go to the crd-server) is posted to a real kube-apiserver, as a
 * dry-run create with strict field validation where the server has it (`?dryRun=All&fieldValidation=Strict`,
 * Kubernetes 1.25 and later), and must be accepted (201). The server runs its own validation,
 * defaulting and admission on them, which no offline schema check does. The Namespaces are dry-run
 * created first, then created for real (with any other namespace the objects are in), since a
 * dry-run creates nothing and the NamespaceLifecycle admission refuses objects in a missing one.
 */
import * as fs from 'node:fs';
import * as https from 'node:https';
import { BUILT_IN_CASES, Case, Obj } from '../conformance/sources';
import { KubeTools, TestKubeServer, describeWithKubeServer } from './kube-apply';

/** The collection of each built-in kind the library emits, by `apiVersion kind`; a kind not listed fails on purpose. */
const COLLECTIONS: Readonly<Record<string, { readonly prefix: string; readonly plural: string; readonly namespaced: boolean }>> = {
  'v1 Namespace': { prefix: '/api/v1', plural: 'namespaces', namespaced: false },
  'v1 Secret': { prefix: '/api/v1', plural: 'secrets', namespaced: true },
  'v1 ConfigMap': { prefix: '/api/v1', plural: 'configmaps', namespaced: true },
  'v1 Service': { prefix: '/api/v1', plural: 'services', namespaced: true },
  'v1 ServiceAccount': { prefix: '/api/v1', plural: 'serviceaccounts', namespaced: true },
  'rbac.authorization.k8s.io/v1 Role': { prefix: '/apis/rbac.authorization.k8s.io/v1', plural: 'roles', namespaced: true },
  'rbac.authorization.k8s.io/v1 RoleBinding': { prefix: '/apis/rbac.authorization.k8s.io/v1', plural: 'rolebindings', namespaced: true },
  'storage.k8s.io/v1 StorageClass': { prefix: '/apis/storage.k8s.io/v1', plural: 'storageclasses', namespaced: false },
};

function collectionPath(object: Obj): string {
  const collection = COLLECTIONS[`${object.apiVersion} ${object.kind}`];
  if (!collection) throw new Error(`no collection known for ${object.apiVersion} ${object.kind}; add it to COLLECTIONS in test/engines/built-in-objects.test.ts`);
  if (!collection.namespaced) return `${collection.prefix}/${collection.plural}`;
  if (!object.metadata?.namespace) throw new Error(`${object.kind} ${object.metadata?.name} has no namespace`);
  return `${collection.prefix}/namespaces/${encodeURIComponent(object.metadata.namespace)}/${collection.plural}`;
}

interface Answer {
  readonly status: number;
  readonly body: Obj;
}

/** POSTs `object` as JSON to `path` on the server, with the admin client certificate. */
function post(server: TestKubeServer, agent: https.Agent, path: string, object: Obj): Promise<Answer> {
  const data = JSON.stringify(object);
  return new Promise((resolve, reject) => {
    const request = https.request(`${server.url}${path}`, { method: 'POST', agent, headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(data) } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (c: Buffer) => chunks.push(c));
      response.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        let body: Obj = text;
        try {
          body = JSON.parse(text);
        } catch {
          // not JSON: kept as text
        }
        resolve({ status: response.statusCode ?? 0, body });
      });
    });
    request.on('error', reject);
    request.end(data);
  });
}

const describeAnswer = (a: Answer): string =>
  a.status === 201 ? 'accepted (201)' : `${a.status} ${a.body?.reason ?? ''}: ${a.body?.message ?? JSON.stringify(a.body)}`;

/** Whether the server validates fields itself (fieldValidation, Kubernetes 1.25+; 1.20 drops unknown fields silently). */
function hasFieldValidation(version: string): boolean {
  const m = /^v(\d+)\.(\d+)/.exec(version);
  return m !== null && (Number(m[1]) > 1 || Number(m[2]) >= 25);
}

describeWithKubeServer('built-in objects are accepted by a real kube-apiserver (dry-run create)', (tools: KubeTools) => {
  let server: TestKubeServer;
  let agent: https.Agent;
  let query = '?dryRun=All';
  let accepted = 0;
  const namespaceCases = BUILT_IN_CASES.filter((c) => c.object.kind === 'Namespace');
  const otherCases = BUILT_IN_CASES.filter((c) => c.object.kind !== 'Namespace');
  const dryRun = (object: Obj): Promise<Answer> => post(server, agent, `${collectionPath(object)}${query}`, object);

  beforeAll(async () => {
    server = await tools.start('built-in-objects');
    agent = new https.Agent({ ca: fs.readFileSync(server.ca), cert: fs.readFileSync(server.cert), key: fs.readFileSync(server.key), keepAlive: true, maxSockets: 8 });
    if (hasFieldValidation(server.version)) query += '&fieldValidation=Strict';
  }, 240_000);

  afterAll(async () => {
    agent?.destroy();
    await server?.stop();
    process.stderr.write(
      `built-in objects: ${accepted} of ${BUILT_IN_CASES.length} accepted by kube-apiserver ${server?.version} (${query}); by kind: ` +
        `${[...new Set(BUILT_IN_CASES.map((c) => c.object.kind))].sort().map((k) => `${k} ${BUILT_IN_CASES.filter((c) => c.object.kind === k).length}`).join(', ')}\n`,
    );
  }, 60_000);

  test('the sources emit every built-in kind the library writes', () => {
    expect(new Set(BUILT_IN_CASES.map((c) => c.object.kind))).toEqual(new Set(['Namespace', 'Secret', 'ConfigMap', 'Role', 'Service', 'StorageClass']));
  });

  describe('Namespaces (dry run, before any exists)', () => {
    test.each(namespaceCases.map((c) => [c.title, c] as const))('%s', async (_title, c: Case) => {
      const answer = await dryRun(c.object);
      if (answer.status === 201) accepted += 1;
      expect(describeAnswer(answer)).toBe('accepted (201)');
    });
  });

  test('the Namespaces, and the ones the objects are in (the platform\'s), are created for real', async () => {
    const names = [...new Set([...namespaceCases.map((c) => c.object.metadata.name), ...otherCases.map((c) => c.object.metadata.namespace).filter((ns) => ns)])].sort();
    const answers = await Promise.all(names.map((name) => post(server, agent, '/api/v1/namespaces', { apiVersion: 'v1', kind: 'Namespace', metadata: { name } })));
    expect(answers.map((a, i) => `${names[i]} ${a.status}`)).toEqual(names.map((n) => `${n} 201`));
  });

  describe('the other built-in objects', () => {
    test.each(otherCases.map((c) => [c.title, c] as const))('%s', async (_title, c: Case) => {
      const answer = await dryRun(c.object);
      if (answer.status === 201) accepted += 1;
      expect(describeAnswer(answer)).toBe('accepted (201)');
    });
  });

  describe('negative controls: the server refuses bad built-in objects', () => {
    const first = (kind: string): Obj => JSON.parse(JSON.stringify(BUILT_IN_CASES.find((c) => c.object.kind === kind)!.object));

    test('a Secret with data: 5', async () => {
      const secret = first('Secret');
      secret.data = 5;
      const answer = await dryRun(secret);
      expect(answer.status).toBeGreaterThanOrEqual(400);
      expect(describeAnswer(answer)).toMatch(/data|json|unmarshal/i);
    });

    test('a Role rule without verbs (422)', async () => {
      const role = first('Role');
      delete role.rules[0].verbs;
      const answer = await dryRun(role);
      expect(answer.status).toBe(422);
      expect(answer.body.message).toContain('verbs');
    });

    test('a StorageClass without its provisioner (422), as the library wrote it before', async () => {
      const storageClass = first('StorageClass');
      delete storageClass.provisioner;
      const answer = await dryRun(storageClass);
      expect(answer.status).toBe(422);
      expect(answer.body.message).toContain('provisioner');
    });

    test('a ConfigMap named Bad_Name (422)', async () => {
      const configMap = first('ConfigMap');
      configMap.metadata.name = 'Bad_Name';
      const answer = await dryRun(configMap);
      expect(answer.status).toBe(422);
    });
  });
});
