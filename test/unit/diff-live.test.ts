/**
 * The live diff's classification (lib/live/diff-live.ts) over stubbed API server answers shaped as
 * kube-apiserver gives them (test/engines/live-diff.test.ts runs the same cases on a real one):
 * create, drift from a 409's causes, a field the model gives to the operator, fields left alone,
 * a refused apply, a Secret's values never shown, a failed read.
 */
import type { KubernetesObject } from '../../lib/api';
import type { PlannedObject } from '../../lib/core';
import { checkHostedCluster } from '../../lib/platforms';
import { KubeApiError } from '../../lib/live/kube-client';
import type { LiveApi } from '../../lib/live/diff-live';
import { differences, diffLiveWith } from '../../lib/live/diff-live';
import { fieldsOf, pathText } from '../../lib/live/field-paths';
import { deliveryFieldManager, describeLiveDiff } from '../../lib/cli/diff-live-command';
import { FIELD_OWNERS } from '../../lib/core';
import { kubevirtCluster, SUPPORTED_VERSIONS } from '../../examples/clusters';

const MANAGER = 'argocd-controller';

function planned(): { hostedCluster: PlannedObject; nodePool: PlannedObject } {
  const { plan, issues } = checkHostedCluster({ ...kubevirtCluster, nodePools: [{ name: 'workers', replicas: 2 }] }, { supportedVersions: SUPPORTED_VERSIONS });
  if (!plan) throw new Error(JSON.stringify(issues));
  const of = (kind: string): PlannedObject => ({ ...plan.objects.find((o) => o.object.kind === kind)!, target: { kind: 'management' }, contributor: 'test' });
  return { hostedCluster: of('HostedCluster'), nodePool: of('NodePool') };
}

/** A live copy of `object` with its fields owned as listed: `[manager, operation, fieldsV1]`. */
function live(object: KubernetesObject, changes: Record<string, unknown>, owners: Array<[string, 'Apply' | 'Update', Record<string, unknown>]>): KubernetesObject {
  const spec = { ...(object as { spec?: object }).spec, ...changes };
  const managedFields = owners.map(([manager, operation, fieldsV1]) => ({ manager, operation, apiVersion: object.apiVersion, fieldsType: 'FieldsV1', fieldsV1 }));
  return { ...object, metadata: { ...object.metadata, uid: 'u1', resourceVersion: '7', generation: 2, managedFields } as never, spec } as KubernetesObject;
}

/** An API answering GET with `current` and each dry-run with the next answer (an object, or an error to throw); records the calls. */
function stub(current: KubernetesObject | undefined, answers: Array<KubernetesObject | Error>, served = true) {
  const calls: Array<{ object: KubernetesObject; manager: string; force: boolean }> = [];
  const api: LiveApi = {
    resource: async () => (served ? { plural: 'x', namespaced: true } : undefined),
    get: async () => current,
    dryRunApply: async (object, manager, force) => {
      calls.push({ object, manager, force });
      const answer = answers.shift();
      if (!answer) throw new Error('unexpected dry-run');
      if (answer instanceof Error) throw answer;
      return answer;
    },
  } as LiveApi;
  return { api, calls };
}

const conflict = (field: string, manager: string) =>
  new KubeApiError(409, 'Conflict', 'Apply failed with 1 conflict', { causes: [{ reason: 'FieldManagerConflict', message: `conflict with "${manager}" using hypershift.openshift.io/v1beta1`, field }] });

describe('diffLiveWith', () => {
  const { hostedCluster, nodePool } = planned();

  test('an object that does not exist would be created; a kind not served is said so', async () => {
    expect((await diffLiveWith(stub(undefined, []).api, [nodePool], MANAGER)).objects).toEqual([{ object: 'NodePool kubevirt-clusters/workers', state: 'create', changes: [], drift: [], leftAlone: [] }]);
    const notServed = await diffLiveWith(stub(undefined, [], false).api, [nodePool], MANAGER);
    expect(notServed.objects[0]).toMatchObject({ state: 'create', kindNotServed: true });
  });

  test('a hand-edited NodePool: the edited field is drift (a warning naming the prop), nothing else changes', async () => {
    const edited = live(nodePool.object, { replicas: 5 }, [
      [MANAGER, 'Apply', { 'f:spec': { 'f:arch': {}, 'f:clusterName': {} } }],
      ['kubectl-edit', 'Update', { 'f:spec': { 'f:replicas': {} } }],
    ]);
    const restored = live(nodePool.object, {}, [[MANAGER, 'Apply', { 'f:spec': { 'f:arch': {}, 'f:clusterName': {}, 'f:replicas': {} } }]]);
    const { api, calls } = stub(edited, [conflict('.spec.replicas', 'kubectl-edit'), restored]);
    const { objects, findings } = await diffLiveWith(api, [nodePool], MANAGER);
    expect(objects).toEqual([
      { object: 'NodePool kubevirt-clusters/workers', state: 'change', changes: [], drift: [{ path: '.spec.replicas', manager: 'kubectl-edit', live: 5, planned: 2 }], leftAlone: [] },
    ]);
    expect(calls.map((c) => [c.manager, c.force])).toEqual([[MANAGER, false], [MANAGER, true]]);
    expect(findings).toEqual([
      {
        severity: 'warning',
        object: 'NodePool kubevirt-clusters/workers',
        path: 'nodePools[0].replicas',
        message: 'kubectl-edit changed .spec.replicas, a field this app sets, to 5; the plan has 2.',
        fix: expect.stringContaining('put it in the props'),
      },
    ]);
  });

  test('a conflict on a field the model gives to the operator is left to it: its live value is applied, without force', async () => {
    const filled = live(hostedCluster.object, { dns: { baseDomain: 'apps.mgmt.example.com' } }, [
      [MANAGER, 'Apply', { 'f:spec': { 'f:release': { 'f:image': {} } } }],
      ['hypershift-operator', 'Update', { 'f:spec': { 'f:dns': { 'f:baseDomain': {} } } }],
    ]);
    const { api, calls } = stub(filled, [conflict('.spec.dns.baseDomain', 'hypershift-operator'), filled]);
    const { objects, findings } = await diffLiveWith(api, [hostedCluster], MANAGER);
    expect(findings).toEqual([]);
    expect(calls[1].force).toBe(false);
    expect(calls[1].object).toMatchObject({ spec: { dns: { baseDomain: 'apps.mgmt.example.com' } } });
    expect(objects[0].state).toBe('unchanged');
    expect(objects[0].leftAlone).toEqual([
      { path: '.spec.dns.baseDomain', managers: ['hypershift-operator'], owner: expect.objectContaining({ pointer: '/spec/dns/baseDomain', owner: 'the HyperShift operator' }), planned: '' },
    ]);
  });

  test('fields other managers own that the app does not set are left alone, with the model\'s owner where it expects one', async () => {
    const object = live(hostedCluster.object, {}, [
      [MANAGER, 'Apply', { 'f:spec': { 'f:release': { 'f:image': {} } } }],
      ['hypershift-operator', 'Update', { 'f:metadata': { 'f:finalizers': { '.': {}, 'v:"hypershift.openshift.io/finalizer"': {} } }, 'f:spec': { 'f:clusterID': {} } }],
      ['someone', 'Update', { 'f:metadata': { 'f:labels': { 'f:team': {} } } }],
      ['hypershift-operator', 'Update', { 'f:status': { 'f:conditions': {} } }],
    ]);
    const { objects } = await diffLiveWith(stub(object, [object]).api, [hostedCluster], MANAGER);
    expect(objects[0].state).toBe('unchanged');
    expect(objects[0].leftAlone.map((l) => [l.path, l.managers, l.owner?.pointer])).toEqual([
      ['.metadata.finalizers[="hypershift.openshift.io/finalizer"]', ['hypershift-operator'], '/metadata/finalizers'],
      ['.metadata.labels.team', ['someone'], undefined],
      ['.spec.clusterID', ['hypershift-operator'], '/spec/clusterID'],
    ]);
  });

  test('a change the app would make is listed live → planned', async () => {
    const old = live(nodePool.object, { nodeDrainTimeout: '5m' }, [[MANAGER, 'Apply', { 'f:spec': { 'f:nodeDrainTimeout': {} } }]]);
    const after = live(nodePool.object, {}, [[MANAGER, 'Apply', { 'f:spec': { 'f:nodeDrainTimeout': {} } }]]);
    const { objects } = await diffLiveWith(stub(old, [after]).api, [nodePool], MANAGER);
    expect(objects[0]).toMatchObject({ state: 'change', changes: [{ path: '.spec.nodeDrainTimeout', live: '5m', planned: '0s' }], drift: [] });
  });

  test('an apply the API server refuses is an error, naming the fields others keep that the plan leaves out', async () => {
    const scaled = live(nodePool.object, { replicas: 3 }, [['kubectl-scale', 'Update', { 'f:spec': { 'f:replicas': {} } }]]);
    const auto = { ...nodePool, object: { ...nodePool.object, spec: { ...(nodePool.object as unknown as { spec: object }).spec, replicas: undefined, autoScaling: { min: 1, max: 3 } } } as KubernetesObject };
    const refusal = new KubeApiError(422, 'Invalid', 'PATCH /apis/...: 422 NodePool.hypershift.openshift.io "workers" is invalid: spec: Invalid value: "object": Both replicas or autoScaling should not be set');
    const { objects, findings } = await diffLiveWith(stub(scaled, [refusal]).api, [auto], MANAGER);
    expect(objects[0]).toEqual({ object: 'NodePool kubevirt-clusters/workers', state: 'failed', changes: [], drift: [], leftAlone: [] });
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({ severity: 'error', object: 'NodePool kubevirt-clusters/workers', message: expect.stringContaining('Both replicas or autoScaling should not be set') });
    expect(findings[0].fix).toContain('.spec.replicas (kubectl-scale)');
    expect(findings[0].fix).toContain(`kubectl patch nodepool workers -n kubevirt-clusters --type=json -p '[{"op":"remove","path":"/spec/replicas"}]'`);
  });

  test('a Secret\'s values are never shown, in the diff or the findings', async () => {
    const secret: PlannedObject = { object: { apiVersion: 'v1', kind: 'Secret', metadata: { name: 's', namespace: 'n' }, data: { key: 'bmV3' } } as KubernetesObject, target: { kind: 'management' }, phase: nodePool.phase, readiness: { kind: 'exists' }, contributor: 'test' };
    const edited = { ...secret.object, data: { key: 'b2xk' }, metadata: { ...secret.object.metadata, managedFields: [{ manager: 'kubectl-edit', operation: 'Update', fieldsType: 'FieldsV1', fieldsV1: { 'f:data': { 'f:key': {} } } }] } } as KubernetesObject;
    const conflictOnKey = new KubeApiError(409, 'Conflict', 'conflict', { causes: [{ message: 'conflict with "kubectl-edit" using v1', field: '.data.key' }] });
    const { objects, findings } = await diffLiveWith(stub(edited, [conflictOnKey, secret.object]).api, [secret], MANAGER);
    expect(JSON.stringify([objects, findings])).not.toMatch(/bmV3|b2xk/);
    expect(objects[0].drift).toEqual([{ path: '.data.key', manager: 'kubectl-edit', live: '(secret)', planned: '(secret)' }]);
  });

  test('a read the credentials may not make is an error finding, and the other objects are still compared', async () => {
    const api: LiveApi = {
      resource: async () => ({ plural: 'x', namespaced: true }),
      get: async (_v, kind) => {
        if (kind === 'HostedCluster') throw new KubeApiError(403, 'Forbidden', 'GET ...: 403 forbidden');
        return undefined;
      },
      dryRunApply: async () => {
        throw new Error('unexpected');
      },
    } as LiveApi;
    const { objects, findings } = await diffLiveWith(api, [hostedCluster, nodePool], MANAGER);
    expect(objects.map((o) => o.state)).toEqual(['failed', 'create']);
    expect(findings).toEqual([expect.objectContaining({ severity: 'error', object: 'HostedCluster kubevirt-clusters/kv-dev', message: 'reading it failed: GET ...: 403 forbidden', fix: expect.stringContaining('Grant get and patch') })]);
  });
});

describe('field paths and differences', () => {
  test('FieldsV1 gives the leaves in the API server\'s text form', () => {
    const fields = { 'f:metadata': { 'f:annotations': { '.': {}, 'f:a.io/b': {} }, 'f:finalizers': { '.': {}, 'v:"x"': {} } }, 'f:spec': { 'f:list': { 'k:{"name":"n"}': { '.': {}, 'f:value': {} } }, 'f:l': { 'i:0': {} } } };
    expect(fieldsOf(fields).map(pathText)).toEqual(['.metadata.annotations.a.io/b', '.metadata.finalizers[="x"]', '.spec.list[name="n"].value', '.spec.l[0]']);
  });

  test('differences: added, removed and changed leaves; lists of another length whole', () => {
    expect(differences({ a: 1, b: { c: 'x' }, l: [1, 2] }, { a: 2, b: {}, d: true, l: [1, 2, 3] })).toEqual([
      { path: '.a', live: 1, planned: 2 },
      { path: '.b.c', live: 'x' },
      { path: '.d', planned: true },
      { path: '.l', live: [1, 2], planned: [1, 2, 3] },
    ]);
    expect(differences({ a: [{ x: 1 }] }, { a: [{ x: 2 }] })).toEqual([{ path: '.a[0].x', live: 1, planned: 2 }]);
    expect(differences({ a: null, b: 1 }, { b: 1 })).toEqual([]);
  });
});

describe('the command\'s text', () => {
  test('one line per object that is not unchanged or has fields of others, its fields below it, then the counts', () => {
    const finalizer = FIELD_OWNERS.find((o) => o.kind === 'NodePool')!;
    const text = describeLiveDiff(
      {
        server: 'https://api.example.com:6443',
        context: 'admin',
        fieldManager: MANAGER,
        findings: [],
        objects: [
          { object: 'Namespace clusters', state: 'unchanged', changes: [], drift: [], leftAlone: [] },
          { object: 'NodePool clusters/a', state: 'create', changes: [], drift: [], leftAlone: [] },
          {
            object: 'NodePool clusters/b',
            state: 'change',
            changes: [{ path: '.spec.nodeDrainTimeout', live: '5m', planned: '0s' }, { path: '.spec.arch', planned: 'amd64' }],
            drift: [{ path: '.spec.replicas', manager: 'kubectl-edit', live: 5, planned: 2 }],
            leftAlone: [{ path: '.metadata.finalizers[="x"]', managers: ['op'], owner: finalizer }, { path: '.metadata.labels.team', managers: ['a', 'b'] }],
          },
          { object: 'HostedCluster clusters/c', state: 'failed', changes: [], drift: [], leftAlone: [] },
        ],
      },
      { kind: 'management', name: 'east' },
    );
    expect(text).toBe(
      [
        'Live diff of 4 object(s) for management cluster east against https://api.example.com:6443 (context admin), as field manager argocd-controller, by server-side apply dry-run (nothing is written):',
        '+ NodePool clusters/a: would be created',
        '~ NodePool clusters/b',
        '    drift   .spec.replicas: 5, set by kubectl-edit; the plan has 2',
        '    change  .spec.nodeDrainTimeout: "5m" → "0s"',
        '    change  .spec.arch: (none) → "amd64"',
        `    left    .metadata.finalizers[="x"] (op): expected, the HyperShift operator writes ${finalizer.writes.replace(/\.$/, '')}`,
        '    left    .metadata.labels.team (a, b)',
        '! HostedCluster clusters/c: not compared (see the findings)',
        '1 to create, 1 to change (1 with drift), 1 unchanged, 1 not compared; 2 field(s) left to other managers, 1 of them where the model expects another controller.',
        '',
      ].join('\n'),
    );
  });

  test('the default field manager is the delivery engine\'s: Flux\'s when the app plans Flux Kustomizations, else Argo CD\'s', () => {
    const item = (apiVersion: string, kind: string): PlannedObject => ({ object: { apiVersion, kind, metadata: { name: 'x' } }, target: { kind: 'management' }, phase: { name: 'p', wave: 0 } as never, readiness: { kind: 'exists' }, contributor: 't' });
    expect(deliveryFieldManager([item('kustomize.toolkit.fluxcd.io/v1', 'Kustomization')])).toBe('kustomize-controller');
    expect(deliveryFieldManager([item('kustomize.config.k8s.io/v1beta1', 'Kustomization'), item('argoproj.io/v1alpha1', 'ApplicationSet')])).toBe('argocd-controller');
    expect(deliveryFieldManager([])).toBe('argocd-controller');
  });
});
