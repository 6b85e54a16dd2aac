/**
 * HostedClusterBundle under strict Pulumi mocks: every resource registration is recorded, and any
 * provider function call fails the test. Mocks are installed before the component module is
 * loaded (Pulumi's documented unit-testing pattern).
 */
import { spawnSync } from 'child_process';
import * as path from 'path';
import * as pulumi from '@pulumi/pulumi';
import { isRpcSecret, strictMocks, unwrapSecrets, valueOf } from './strict-mocks';
import { App, Chart } from 'cdk8s';
import type { HostedClusterProps, KubernetesObject, PlanOptions } from '../../lib';
import { SecretSource, planHostedCluster, planObjects } from '../../lib';
import type { PlannedObject } from '../../lib/core';
import { ANNOTATIONS, MANAGEMENT_CLUSTER, PHASES, objectKey, readinessOf } from '../../lib/core';
import { HostedClusterBundle } from '../../lib/cdk8s';
import { EXAMPLE_CLUSTERS, SUPPORTED_VERSIONS, agentCluster, kubevirtCluster, noneCluster } from '../../examples/clusters';

const mocked = strictMocks();
const { registrations } = mocked;
type PulumiAdapter = typeof import('../../lib/pulumi');
let hcp: PulumiAdapter;
let render: typeof import('../../lib/pulumi/render');
let k8s: typeof import('@pulumi/kubernetes');
beforeAll(async () => {
  hcp = await mocked.load();
  render = await import('../../lib/pulumi/render');
  k8s = await import('@pulumi/kubernetes');
});

const OPTIONS: PlanOptions = { supportedVersions: SUPPORTED_VERSIONS };
const WAIT_FOR = 'pulumi.com/waitFor';


/** Resolves once every resource of the component (and the component) is registered with the mock. */
async function registered(stack: InstanceType<PulumiAdapter['HostedClusterBundle']>): Promise<void> {
  await Promise.all([stack, ...stack.phases.flatMap((phase) => phase.resources)].map((resource) => valueOf(resource.urn)));
}

/** A plan entry for `object` on the management cluster, with the library's readiness rule. */
const planned = (object: KubernetesObject): PlannedObject => ({ object, target: MANAGEMENT_CLUSTER, phase: PHASES.prerequisites, readiness: readinessOf(object), contributor: 'test' });

const json = (value: unknown): Record<string, unknown> => JSON.parse(JSON.stringify(value));

function withoutAnnotation(object: Record<string, unknown>, annotation: string): Record<string, unknown> {
  const copy = json(object);
  const metadata = copy.metadata as { annotations?: Record<string, string> };
  if (metadata.annotations) {
    delete metadata.annotations[annotation];
    if (Object.keys(metadata.annotations).length === 0) delete metadata.annotations;
  }
  return copy;
}

const keyOf = (object: Record<string, unknown>): string => {
  const metadata = object.metadata as { namespace?: string; name: string };
  return `${object.apiVersion}/${object.kind} ${metadata.namespace ?? ''}/${metadata.name}`;
};
const byKey = (objects: Record<string, unknown>[]) => new Map(objects.map((o) => [keyOf(o), o]));

const kubernetesRegistrations = () => registrations.filter((r) => r.type.startsWith('kubernetes:'));

/** Lets anything that might have been started reach the mock, then checks that only a sentinel did. */
async function expectNothingRegistered(): Promise<void> {
  const sentinel = new pulumi.ComponentResource('test:index:Sentinel', `sentinel-${registrations.length}`);
  await valueOf(sentinel.urn);
  await new Promise((resolve) => setTimeout(resolve, 50));
  expect(registrations.map((r) => r.type)).toEqual(['test:index:Sentinel']);
}

function cdk8sObjects(props: HostedClusterProps): Record<string, unknown>[] {
  const app = new App();
  const chart = new Chart(app, 'parity');
  new HostedClusterBundle(chart, 'cluster', { ...props, options: OPTIONS });
  return chart.toJson().map((o) => withoutAnnotation(o, ANNOTATIONS.argoSyncWave));
}

/** The agent example for operators older than v0.1.80, which also emits the shared capi-provider Role. */
const agentWithRole: HostedClusterProps = { ...agentCluster, platform: { type: 'Agent', agent: { agentNamespace: 'clusters', legacyCapiProviderRole: true } } };

describe('HostedClusterBundle', () => {
  test('the agent example creates exactly the plan objects, with waitFor on what has a readiness condition', async () => {
    const plan = planHostedCluster(agentWithRole, OPTIONS);
    const stack = new hcp.HostedClusterBundle('agent', { ...agentWithRole, options: OPTIONS });
    await registered(stack);

    const component = registrations.filter((r) => r.type === 'hcp:index:HostedClusterBundle');
    expect(component).toEqual([expect.objectContaining({ name: 'agent', custom: false })]);
    const resources = kubernetesRegistrations();
    const objects = planObjects(plan);
    expect(resources).toHaveLength(objects.length);
    expect(objects.map((o) => o.kind)).toEqual(['Namespace', 'Role', 'ExternalSecret', 'ExternalSecret', 'ExternalSecret', 'HostedCluster', 'NodePool']);

    expect(resources.map((r) => r.name).sort()).toEqual(
      [
        'agent-namespace-clusters',
        'agent-externalsecret-clusters/vcluster2-pull-secret',
        'agent-externalsecret-clusters/vcluster2-ssh-key',
        'agent-externalsecret-clusters/vcluster2-etcd-encryption-key',
        'agent-role-clusters/capi-provider-role',
        'agent-hostedcluster-clusters/vcluster2',
        'agent-nodepool-clusters/vcluster2',
      ].sort(),
    );
    const typeOf = Object.fromEntries(resources.map((r) => [r.name, r.type]));
    expect(typeOf['agent-namespace-clusters']).toBe('kubernetes:core/v1:Namespace');
    expect(typeOf['agent-role-clusters/capi-provider-role']).toBe('kubernetes:rbac.authorization.k8s.io/v1:Role');
    expect(typeOf['agent-hostedcluster-clusters/vcluster2']).toBe('kubernetes:hypershift.openshift.io/v1beta1:HostedCluster');
    expect(typeOf['agent-nodepool-clusters/vcluster2']).toBe('kubernetes:hypershift.openshift.io/v1beta1:NodePool');
    expect(typeOf['agent-externalsecret-clusters/vcluster2-pull-secret']).toMatch(/^kubernetes:external-secrets\.io\/v1\w*:ExternalSecret$/);

    const waitFor: Record<string, string | undefined> = {
      Namespace: undefined,
      Role: undefined,
      ExternalSecret: 'condition=Ready',
      HostedCluster: 'condition=Available',
      // The walkthrough's pool has 0 replicas, so there is nothing to wait for (see readinessOf).
      NodePool: undefined,
    };
    for (const object of objects) {
      const registration = resources.find((r) => r.name === render.resourceNameFor('agent', object));
      expect(registration).toBeDefined();
      const expected = waitFor[object.kind];
      const annotations = expected ? { ...object.metadata.annotations, [WAIT_FOR]: expected } : object.metadata.annotations;
      expect(unwrapSecrets(registration!.inputs)).toEqual(json({ ...object, metadata: { ...object.metadata, annotations } }));
    }
    const hc = resources.find((r) => r.name === 'agent-hostedcluster-clusters/vcluster2')!;
    expect(Object.keys(hc.inputs).sort()).toEqual(['apiVersion', 'kind', 'metadata', 'spec']);
    expect(JSON.stringify(registrations)).not.toContain('skipAwait');
  });

  test.each(EXAMPLE_CLUSTERS.map((cluster) => [cluster.platform.type, cluster] as const))(
    'parity with cdk8s: the %s example gives the same Kubernetes objects',
    async (_type, cluster) => {
      const expected = cdk8sObjects(cluster);
      const stack = new hcp.HostedClusterBundle(`parity-${cluster.name}`, { ...cluster, options: OPTIONS });
      await registered(stack);
      const actual = kubernetesRegistrations().map((r) => withoutAnnotation(unwrapSecrets(r.inputs) as Record<string, unknown>, WAIT_FOR));

      expect(actual).toHaveLength(expected.length);
      expect(actual.length).toBeGreaterThan(0);
      const expectedByKey = byKey(expected);
      expect([...byKey(actual).keys()].sort()).toEqual([...expectedByKey.keys()].sort());
      for (const object of actual) expect(object).toEqual(expectedByKey.get(keyOf(object)));
    },
  );

  test('access: identity provider and named certificate Secrets and CA ConfigMaps as in cdk8s; inline values are pulumi secrets', async () => {
    const pem = '-----BEGIN CERTIFICATE-----\nMIIBca\n-----END CERTIFICATE-----\n';
    const key = '-----BEGIN PRIVATE KEY-----\nMIIEkey\n-----END PRIVATE KEY-----\n';
    const props: HostedClusterProps = {
      ...noneCluster,
      identityProviders: [
        { name: 'local', type: 'HTPasswd', htpasswd: { fileData: SecretSource.inline('admin:$2y$05$hash') } },
        { name: 'gitlab', type: 'GitLab', gitlab: { clientID: 'c', clientSecret: SecretSource.external({ store: 'vault', key: 'gl' }), url: 'https://gitlab.example.com', ca: { pem } } },
      ],
      namedCertificates: [{ names: ['api.lab.example.com'], servingCertificate: SecretSource.inline(pem + key) }],
      networking: { apiServer: { allowedCIDRBlocks: ['203.0.113.0/24'] } },
    };
    const options = { ...OPTIONS, allowInlineSecrets: true };
    const app = new App();
    const chart = new Chart(app, 'access');
    new HostedClusterBundle(chart, 'cluster', { ...props, options });
    const expected = chart.toJson().map((o) => withoutAnnotation(o, ANNOTATIONS.argoSyncWave));
    const stack = new hcp.HostedClusterBundle('access', { ...props, options });
    await registered(stack);
    const resources = kubernetesRegistrations();
    const actual = resources.map((r) => withoutAnnotation(unwrapSecrets(r.inputs) as Record<string, unknown>, WAIT_FOR));
    expect([...byKey(actual).keys()].sort()).toEqual([...byKey(expected).keys()].sort());
    for (const object of actual) expect(object).toEqual(byKey(expected).get(keyOf(object)));
    expect(expected.map((o) => `${String(o.kind)} ${String((o.metadata as { name: string }).name)}`).filter((k) => /idp|serving/.test(k)).sort()).toEqual([
      'ConfigMap edge-lab-idp-gitlab-ca',
      'ExternalSecret edge-lab-idp-gitlab-client-secret',
      'Secret edge-lab-idp-local-htpasswd',
      'Secret edge-lab-serving-cert-api-lab-example-com',
    ]);
    const secretNamed = (name: string) => resources.find((r) => r.inputs.kind === 'Secret' && (r.inputs.metadata as { name: string }).name === name)!;
    expect(isRpcSecret(secretNamed('edge-lab-idp-local-htpasswd').inputs.stringData)).toBe(true);
    const tls = secretNamed('edge-lab-serving-cert-api-lab-example-com');
    expect(isRpcSecret(tls.inputs.stringData)).toBe(true);
    expect(tls.inputs.type).toBe('kubernetes.io/tls');
    expect(unwrapSecrets(tls.inputs.stringData)).toEqual({ 'tls.crt': pem, 'tls.key': key });
  });

  test('phases become dependsOn: prerequisites before the HostedCluster, the HostedCluster before NodePools', async () => {
    const dependsOn = new Map<pulumi.Resource, unknown>();
    const record: pulumi.ResourceTransformation = (args) => {
      dependsOn.set(args.resource, args.opts.dependsOn);
      return undefined;
    };
    const operator = new pulumi.ComponentResource('test:index:Operator', 'hypershift-operator');
    const stack = new hcp.HostedClusterBundle('order', { ...agentWithRole, options: OPTIONS }, { transformations: [record], dependsOn: [operator] });
    await registered(stack);

    const phase = (name: string) => stack.phases.find((p) => p.name === name)!.resources;
    expect(stack.phases.map((p) => [p.name, p.resources.length])).toEqual([
      ['namespaces', 1],
      ['prerequisites', 4],
      ['hosted-cluster', 1],
      ['node-pools', 1],
    ]);
    expect(stack.hostedCluster).toBe(phase('hosted-cluster')[0]);
    expect(stack.nodePools).toEqual(phase('node-pools'));
    // What each child was constructed with, as seen by a transformation of the component. A bundle
    // has no previous-state guard to wait for (its checks run in resource hooks, bound only under an engine).
    expect(registrations.filter((r) => r.type === 'pulumi-nodejs:dynamic:Resource')).toEqual([]);
    for (const resource of phase('namespaces')) expect(dependsOn.get(resource)).toEqual([operator]);
    for (const resource of phase('prerequisites')) expect(dependsOn.get(resource)).toEqual(phase('namespaces'));
    const hcDeps = dependsOn.get(stack.hostedCluster) as pulumi.Resource[];
    expect(hcDeps).toEqual(phase('prerequisites'));
    const prerequisiteKinds = await Promise.all(hcDeps.map((r) => valueOf((r as pulumi.CustomResource & { kind: pulumi.Output<string> }).kind)));
    expect(prerequisiteKinds.sort()).toEqual(['ExternalSecret', 'ExternalSecret', 'ExternalSecret', 'Role']);
    for (const pool of stack.nodePools) expect(dependsOn.get(pool)).toEqual([stack.hostedCluster]);
  });

  test('an empty phase is skipped: without prerequisites the HostedCluster depends on the Namespace', async () => {
    const dependsOn = new Map<pulumi.Resource, unknown>();
    const stack = new hcp.HostedClusterBundle(
      'skip',
      { ...noneCluster, options: OPTIONS },
      { transformations: [(args) => (dependsOn.set(args.resource, args.opts.dependsOn), undefined)] },
    );
    await registered(stack);
    expect(stack.phases.find((p) => p.name === 'prerequisites')!.resources).toHaveLength(0);
    const namespaces = stack.phases.find((p) => p.name === 'namespaces')!.resources;
    expect(namespaces).toHaveLength(1);
    expect(dependsOn.get(namespaces[0])).toBeUndefined();
    expect(dependsOn.get(stack.hostedCluster)).toEqual([namespaces[0]]);
  });

  test('outputs: names, control-plane namespace, kubeconfig Secret, resource count and warnings', async () => {
    const plan = planHostedCluster(kubevirtCluster, OPTIONS);
    const stack = new hcp.HostedClusterBundle('outputs', { ...kubevirtCluster, options: OPTIONS });
    await registered(stack);
    expect(await valueOf(stack.hostedClusterName)).toBe('kv-dev');
    expect(await valueOf(stack.namespace)).toBe('kubevirt-clusters');
    expect(await valueOf(stack.controlPlaneNamespace)).toBe('kubevirt-clusters-kv-dev');
    expect(await valueOf(stack.kubeconfigSecretName)).toBe('kv-dev-admin-kubeconfig');
    expect(await valueOf(stack.resources)).toBe(planObjects(plan).length);
    expect(await valueOf(stack.resources)).toBe(kubernetesRegistrations().length);
    const warnings = await valueOf(stack.warnings);
    expect(warnings).toHaveLength(plan.warnings.length);
    plan.warnings.forEach((w, i) => {
      expect(warnings[i]).toContain(w.path);
      expect(warnings[i]).toContain(w.message);
      expect(mocked.warn).toHaveBeenCalledWith(expect.stringContaining(w.message));
    });
  });

  test('a provider given to the component is used by every child', async () => {
    const provider = new k8s.Provider('management', { kubeconfig: '{}' });
    const stack = new hcp.HostedClusterBundle('provided', { ...noneCluster, options: OPTIONS }, { provider });
    await registered(stack);
    const children = kubernetesRegistrations();
    expect(children.length).toBeGreaterThan(0);
    for (const child of children) expect(child.provider).toMatch(/pulumi:providers:kubernetes::management::management-id$/);
  });

  describe('secretValues', () => {
    const pullSecret = '{"auths":{"quay.io":{"auth":"c2VjcmV0LXB1bGwtdmFsdWU="}}}';
    const sshPublicKey = 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHNlY3JldC1zc2gta2V5LXZhbHVl test@example';
    const etcdEncryptionKey = Buffer.alloc(32, 0x5a).toString('base64');
    const { pullSecret: _p, sshKey: _s, secretEncryption: _e, ...agentWithoutSecrets } = agentCluster;

    test('become Secrets with secret data, referenced by name from the HostedCluster; no value enters the plan', async () => {
      const stack = new hcp.HostedClusterBundle('values', {
        ...agentWithoutSecrets,
        options: OPTIONS,
        secretValues: { pullSecret, sshPublicKey: pulumi.secret(sshPublicKey), etcdEncryptionKey },
      });
      await registered(stack);
      const resources = kubernetesRegistrations();
      const secrets = resources.filter((r) => r.type === 'kubernetes:core/v1:Secret');
      const secretNamed = (name: string) => secrets.find((s) => (s.inputs.metadata as { name: string }).name === name)!;
      const labels = { 'hypershift.openshift.io/safe-to-delete-with-cluster': 'true' };

      const pull = secretNamed('vcluster2-pull-secret');
      expect(isRpcSecret(pull.inputs.stringData)).toBe(true);
      expect(unwrapSecrets(pull.inputs)).toEqual({
        apiVersion: 'v1',
        kind: 'Secret',
        metadata: { name: 'vcluster2-pull-secret', namespace: 'clusters', labels },
        stringData: { '.dockerconfigjson': pullSecret },
      });
      const ssh = secretNamed('vcluster2-ssh-key');
      expect(isRpcSecret(ssh.inputs.stringData)).toBe(true);
      expect(unwrapSecrets(ssh.inputs.stringData)).toEqual({ 'id_rsa.pub': sshPublicKey });
      const etcd = secretNamed('vcluster2-etcd-encryption-key');
      expect(isRpcSecret(etcd.inputs.data)).toBe(true);
      expect(etcd.inputs.type).toBe('Opaque');
      expect(etcd.inputs.stringData).toBeUndefined();
      expect(unwrapSecrets(etcd.inputs.data)).toEqual({ key: etcdEncryptionKey });
      expect(secrets).toHaveLength(3);

      // The resource outputs are secrets too.
      const prerequisites = stack.phases.find((p) => p.name === 'prerequisites')!.resources as InstanceType<typeof k8s.core.v1.Secret>[];
      const secretResources = prerequisites.filter((r) => r instanceof k8s.core.v1.Secret);
      expect(secretResources).toHaveLength(3);
      for (const resource of secretResources) {
        expect((await pulumi.isSecret(resource.stringData)) || (await pulumi.isSecret(resource.data))).toBe(true);
      }

      const hc = resources.find((r) => r.name === 'values-hostedcluster-clusters/vcluster2')!;
      const spec = hc.inputs.spec as Record<string, { name?: string; aescbc?: { activeKey: { name: string } } }>;
      expect(spec.pullSecret).toEqual({ name: 'vcluster2-pull-secret' });
      expect(spec.sshKey).toEqual({ name: 'vcluster2-ssh-key' });
      expect(spec.secretEncryption).toEqual({ type: 'aescbc', aescbc: { activeKey: { name: 'vcluster2-etcd-encryption-key' } } });
      expect(resources.filter((r) => r.inputs.kind === 'ExternalSecret')).toHaveLength(0);

      const plain = JSON.stringify(resources.filter((r) => r.inputs.kind !== 'Secret').map((r) => unwrapSecrets(r.inputs)));
      const planned = JSON.stringify(stack.plan);
      for (const value of [pullSecret, sshPublicKey, etcdEncryptionKey]) {
        expect(plain).not.toContain(value);
        expect(planned).not.toContain(value);
      }
      // The HostedCluster waits for the Secrets made from the values.
      const hcPhase = stack.phases.findIndex((p) => p.name === 'hosted-cluster');
      expect(stack.phases[hcPhase - 1].resources).toEqual(expect.arrayContaining(secretResources));
    });

    test('a value and a SecretSource for the same Secret, or no pull secret at all, are errors; a private key is rejected without echoing it', async () => {
      const privateKey = '-----BEGIN OPENSSH PRIVATE KEY-----\nb3BlbnNzaC1rZXktdjEAAAAA\n-----END OPENSSH PRIVATE KEY-----';
      const both = () =>
        new hcp.HostedClusterBundle('both', { ...agentCluster, options: OPTIONS, secretValues: { pullSecret, sshPublicKey: privateKey } });
      expect(both).toThrow(hcp.HcpResourceError);
      try {
        both();
      } catch (error) {
        const paths = (error as InstanceType<PulumiAdapter['HcpResourceError']>).issues.filter((i) => i.severity === 'error').map((i) => i.path);
        expect(paths).toEqual(expect.arrayContaining(['secretValues.pullSecret', 'secretValues.sshPublicKey']));
        expect((error as Error).message).toContain('private key');
        expect((error as Error).message).not.toContain('b3BlbnNzaC1rZXktdjEAAAAA');
      }
      expect(() => new hcp.HostedClusterBundle('none', { ...agentWithoutSecrets, options: OPTIONS })).toThrow(/pullSecret: no pull secret is given/);
      await expectNothingRegistered();
    });

    /**
     * Runs `body` as a Pulumi program in a process of its own, as the language host runs one (it
     * prints each distinct unhandled error once, cmd/run/run.ts), under mocks that record what is
     * registered. The body sees pulumi, HostedClusterBundle, agentCluster and SUPPORTED_VERSIONS.
     */
    function runProgram(body: string) {
      const build = path.resolve(__dirname, '..', '..', 'build');
      const program = `
        const pulumi = require('@pulumi/pulumi');
        const registered = [];
        const unhandled = [];
        process.on('unhandledRejection', (reason) => unhandled.push(reason));
        pulumi.runtime.setMocks({
          newResource: (args) => (registered.push(args.type), { id: args.name + '-id', state: args.inputs }),
          call: () => { throw new Error('unexpected call'); },
        }, 'hcp-constructs', 'test', false).then(() => {
          const { HostedClusterBundle } = require(${JSON.stringify(path.join(build, 'lib', 'pulumi'))});
          const { agentCluster, SUPPORTED_VERSIONS } = require(${JSON.stringify(path.join(build, 'examples', 'clusters'))});
          ${body}
          setTimeout(() => {
            const distinct = [...new Set(unhandled)];
            console.log(JSON.stringify({ registered, messages: distinct.map((e) => e.message).sort(), resourceErrors: distinct.filter((e) => pulumi.ResourceError.isInstance(e)).length }));
          }, 300);
        });`;
      // A time limit: a program that never settles would otherwise hold the whole suite.
      const run = spawnSync(process.execPath, ['-e', program], { cwd: path.resolve(__dirname, '..', '..'), encoding: 'utf8', timeout: 60_000 });
      return { run, result: JSON.parse(run.stdout) as { registered: string[]; messages: string[]; resourceErrors: number } };
    }

    test('a malformed value given as an Output (secret config) creates nothing and fails once, naming the field, never the value', () => {
      const { run, result } = runProgram(`
          const { pullSecret, sshKey, secretEncryption, ...props } = agentCluster;
          new HostedClusterBundle('late', { ...props, options: { supportedVersions: SUPPORTED_VERSIONS },
            secretValues: { pullSecret: pulumi.secret('{"registry":"not-a-docker-config"}') } });`);
      expect(run.stderr).not.toMatch(/error/i); // warnings of the example are printed there
      expect(result.registered).toEqual([]);
      expect(result.messages).toEqual([
        'hcp-constructs: 1 validation error(s):\n  error HostedCluster clusters/vcluster2 secretValues.pullSecret: the pull secret has no "auths" object. Fix: Provide a value in the documented format.',
      ]);
      expect(result.resourceErrors).toBe(1);
      expect(run.stdout).not.toContain('not-a-docker-config');
    });

    test('a secret Output of any value (undefined from a misspelled key, a number, an object) fails with a finding naming its type, never the value; nothing is created', () => {
      const { run, result } = runProgram(`
          const { secretEncryption, ...props } = agentCluster;
          // config.requireSecretObject('etcd') read with a misspelled key, and values of other types.
          const config = pulumi.secret({ etcdKey: 'c2VjcmV0LWV0Y2Qta2V5', count: 12345, nested: { key: 'hunter2-nested' } });
          const values = { undefined: config.apply((c) => c.etcdKye), number: config.apply((c) => c.count), object: config.apply((c) => c.nested) };
          for (const [name, etcdEncryptionKey] of Object.entries(values)) {
            new HostedClusterBundle(name, { ...props, name: 'c-' + name, options: { supportedVersions: SUPPORTED_VERSIONS }, secretValues: { etcdEncryptionKey } });
          }`);
      expect(run.stderr).not.toMatch(/TypeError|must be of type string/);
      expect(result.registered).toEqual([]);
      const message = (cluster: string, what: string, fix: string) =>
        `hcp-constructs: 1 validation error(s):\n  error HostedCluster clusters/${cluster} secretValues.etcdEncryptionKey: etcdEncryptionKey resolved to ${what}, not a string. Fix: ${fix}`;
      const typeFix = 'Give the value as a string: of a structured secret config, the one key that holds it.';
      expect(result.messages).toEqual([
        message('c-number', 'a number', typeFix),
        message('c-object', 'an object', typeFix),
        message(
          'c-undefined',
          'nothing (undefined)',
          'Give the value as a string. An Output that resolves to undefined usually reads a key its secret config does not have (a misspelled key of a structured secret).',
        ),
      ]);
      expect(result.resourceErrors).toBe(3);
      for (const secret of ['12345', 'hunter2-nested', 'c2VjcmV0LWV0Y2Qta2V5']) expect(run.stdout + run.stderr).not.toContain(secret);
    });

    test('a plain value that is not a string is refused in the constructor, by its type, and registers nothing', async () => {
      const { pullSecret: _p, sshKey: _s, ...withoutPull } = agentCluster;
      let thrown: unknown;
      try {
        new hcp.HostedClusterBundle('plain', { ...withoutPull, options: OPTIONS, secretValues: { pullSecret: { auths: {} } as never, sshPublicKey: 42 as never } });
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(hcp.HcpResourceError);
      expect((thrown as InstanceType<PulumiAdapter['HcpResourceError']>).issues.filter((i) => i.severity === 'error')).toEqual([
        {
          severity: 'error',
          object: 'HostedCluster clusters/vcluster2',
          path: 'secretValues.pullSecret',
          message: 'pullSecret is an object, not a string.',
          fix: 'Give the value as a string: of a structured secret config, the one key that holds it.',
        },
        {
          severity: 'error',
          object: 'HostedCluster clusters/vcluster2',
          path: 'secretValues.sshPublicKey',
          message: 'sshPublicKey is a number, not a string.',
          fix: 'Give the value as a string: of a structured secret config, the one key that holds it.',
        },
      ]);
      await expectNothingRegistered();
    });
  });

  test('invalid props throw HcpResourceError (a ResourceError) listing every problem and register nothing', async () => {
    const invalid: HostedClusterProps = {
      ...agentCluster,
      platform: { type: 'Agent', agent: { agentNamespace: '' } },
      networking: { clusterNetwork: ['10.132.0.0/33'] },
    };
    let thrown: unknown;
    try {
      new hcp.HostedClusterBundle('invalid', { ...invalid, options: OPTIONS });
    } catch (error) {
      thrown = error;
    }
    expect(thrown).toBeInstanceOf(hcp.HcpResourceError);
    expect(pulumi.ResourceError.isInstance(thrown)).toBe(true);
    const errors = (thrown as InstanceType<PulumiAdapter['HcpResourceError']>).issues.filter((i) => i.severity === 'error');
    expect(errors.map((i) => i.path)).toEqual(expect.arrayContaining(['platform.agent.agentNamespace', 'networking.clusterNetwork[0]']));
    expect((thrown as Error).message).toContain('10.132.0.0/33');

    await expectNothingRegistered();
  });

  test('the adapter passes the plan objects through unchanged apart from the waitFor annotation', () => {
    const object: KubernetesObject = { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'user-ca-bundle', namespace: 'clusters' } };
    expect(render.metadataWithReadiness(planned(object))).toBe(object.metadata);
    expect(render.resourceNameFor('c', object)).toBe('c-configmap-clusters/user-ca-bundle');
    expect(render.resourceNameFor('c', { apiVersion: 'v1', kind: 'Namespace', metadata: { name: 'clusters' } })).toBe('c-namespace-clusters');
  });

  test('NodePools with machines wait for Ready; idle pools do not', () => {
    const [workers, idle] = planHostedCluster(
      { ...kubevirtCluster, nodePools: [{ name: 'workers', replicas: 2 }, { name: 'idle', replicas: 0 }] },
      OPTIONS,
    ).nodePools;
    expect(render.metadataWithReadiness(planned(workers)).annotations?.[WAIT_FOR]).toBe('condition=Ready');
    expect(render.metadataWithReadiness(planned(idle)).annotations?.[WAIT_FOR]).toBeUndefined();
  });

  describe('a plan made first (PlannedBundle), as a component that checks more before it registers does', () => {
    test('the bundle renders it without planning again; a deploy-time value goes into exactly its field, as an Input', async () => {
      const platforms = await import('../../lib/platforms');
      const planner = jest.spyOn(platforms, 'checkHostedCluster');
      try {
        const planned = hcp.PlannedBundle.of({ ...noneCluster, annotations: { 'example.com/note': 'lab.example.com' }, options: OPTIONS });
        expect(planner).toHaveBeenCalledTimes(1);
        const late = new (class extends pulumi.CustomResource {})('test:index:Domain', 'domain', {});
        const field = { path: ['spec', 'dns', 'baseDomain'], value: late.id.apply(() => 'late.example.com') };
        const bundle = new hcp.HostedClusterBundle('first-planned', planned.withDeployTimeValues({ fields: new Map([[objectKey(planned.plan.hostedCluster), [field]]]) }));
        await registered(bundle);
        expect(planner).toHaveBeenCalledTimes(1);
        expect(bundle.plan).toBe(planned.plan);
        const hc = registrations.find((r) => r.type === 'kubernetes:hypershift.openshift.io/v1beta1:HostedCluster')!;
        expect((hc.inputs.spec as any).dns.baseDomain).toBe('late.example.com');
        // The same string elsewhere (an annotation) is not that field; the plan itself is not changed.
        expect((hc.inputs.metadata as any).annotations['example.com/note']).toBe('lab.example.com');
        expect(planned.plan.hostedCluster.spec.dns?.baseDomain).toBe('lab.example.com');
      } finally {
        planner.mockRestore();
      }
    });

    test('a deploy-time secret value must replace one it was planned with, and a plain one is checked at once', async () => {
      const { pullSecret: _reference, ...cluster } = noneCluster;
      const planned = hcp.PlannedBundle.of({ ...cluster, secretValues: { pullSecret: '{"auths":{}}' }, options: OPTIONS });
      expect(() => planned.withDeployTimeValues({ secretValues: { sshPublicKey: 'ssh-ed25519 AAAA' } })).toThrow('sshPublicKey was not planned with a value');
      expect(() => planned.withDeployTimeValues({ secretValues: { pullSecret: '{"not-auths":{}}' } })).toThrow(/secretValues.pullSecret: the pull secret has no "auths" object/);
      // Replaced by a deploy-time value, an Output, which the bundle checks once it resolves.
      const later = new hcp.HostedClusterBundle('later', planned.withDeployTimeValues({ secretValues: { pullSecret: pulumi.secret('{"auths":{"x":{}}}') } }));
      await registered(later);
      const secret = registrations.find((r) => r.type === 'kubernetes:core/v1:Secret')!;
      expect(isRpcSecret(secret.inputs.stringData)).toBe(true);
      expect(unwrapSecrets(secret.inputs.stringData)).toEqual({ '.dockerconfigjson': '{"auths":{"x":{}}}' });
      expect(later.plan).toBe(planned.plan);
    });
  });

  describe('one plan per program', () => {
    test('two clusters in one namespace register the Namespace once; the second depends on it', async () => {
      const dependsOn = new Map<pulumi.Resource, unknown>();
      const transformations = [(args: pulumi.ResourceTransformationArgs) => (dependsOn.set(args.resource, args.opts.dependsOn), undefined)];
      const a = new hcp.HostedClusterBundle('a', { ...kubevirtCluster, name: 'kv-a', nodePools: [{ name: 'kv-a' }], options: OPTIONS }, { transformations });
      const b = new hcp.HostedClusterBundle('b', { ...kubevirtCluster, name: 'kv-b', nodePools: [{ name: 'kv-b' }], options: OPTIONS }, { transformations });
      await Promise.all([registered(a), registered(b)]);
      expect(registrations.filter((r) => r.type === 'kubernetes:core/v1:Namespace').map((r) => r.name)).toEqual(['a-namespace-kubevirt-clusters']);
      const namespacePhase = b.phases.find((p) => p.name === 'namespaces')!;
      expect(namespacePhase.resources).toEqual([]);
      expect(namespacePhase.shared).toEqual(a.phases.find((p) => p.name === 'namespaces')!.resources);
      const bPrerequisites = b.phases.find((p) => p.name === 'prerequisites')!.resources;
      expect(dependsOn.get(bPrerequisites[0])).toEqual(namespacePhase.shared);
    });

    test('the same cluster twice in one program is an error naming both; nothing of the second is registered', async () => {
      const first = new hcp.HostedClusterBundle('first', { ...noneCluster, options: OPTIONS });
      await registered(first);
      const count = registrations.length;
      expect(() => new hcp.HostedClusterBundle('second', { ...noneCluster, options: OPTIONS })).toThrow(
        'HostedCluster none-clusters/edge-lab is also planned by HostedCluster none-clusters/edge-lab (component first)',
      );
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(registrations).toHaveLength(count);
    });

    test('clusters on two management clusters (two providers) are two plans', async () => {
      const east = new k8s.Provider('east', {});
      const west = new k8s.Provider('west', {});
      const a = new hcp.HostedClusterBundle('east-edge', { ...noneCluster, options: OPTIONS }, { provider: east });
      const b = new hcp.HostedClusterBundle('west-edge', { ...noneCluster, options: OPTIONS }, { provider: west });
      await Promise.all([registered(a), registered(b)]);
      expect(registrations.filter((r) => r.type === 'kubernetes:hypershift.openshift.io/v1beta1:HostedCluster')).toHaveLength(2);
    });
  });
});
