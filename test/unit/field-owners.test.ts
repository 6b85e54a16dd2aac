/**
 * The fields other controllers own (lib/core/field-owners.ts) and what delivery makes of them:
 * Argo CD's ignoreDifferences for the fields a manifest sets and another controller writes over,
 * a Flux warning for the same fields, nothing for fields the manifest leaves out.
 */
import * as fs from 'fs';
import * as path from 'path';
import { checkDelivery } from '../../lib';
import type { ApplicationSet, KubernetesObject } from '../../lib/api';
import { FIELD_OWNERS, fieldOwnersOf, folderSpecs, overwrittenFields, pointerPath } from '../../lib/core';
import type { PlannedObject } from '../../lib/core';
import { checkHostedCluster } from '../../lib/platforms';
import { awsCluster, kubevirtCluster, SUPPORTED_VERSIONS } from '../../examples/clusters';

const options = { supportedVersions: SUPPORTED_VERSIONS };
const REPO = 'https://git.example.com/platform/fleet.git';

function plannedObjects(props: unknown): PlannedObject[] {
  const { plan, issues } = checkHostedCluster(props, options);
  if (!plan) throw new Error(JSON.stringify(issues, null, 2));
  return plan.objects.map((item) => ({ ...item, target: { kind: 'management' }, contributor: 'test' }));
}

const hostedClusterOf = (objects: readonly PlannedObject[]): KubernetesObject => objects.find((p) => p.object.kind === 'HostedCluster')!.object;
const pointers = (owners: readonly { pointer: string }[]) => owners.map((o) => o.pointer);

describe('the model', () => {
  test('every entry names a field of the kinds the library emits, with a condition and an owner', () => {
    for (const entry of FIELD_OWNERS) {
      expect(entry.pointer).toMatch(/^\/(metadata|spec)\//);
      expect(entry.owner).not.toBe('');
      expect(entry.writes).toMatch(/\.$/);
      for (const test of entry.when) expect(test.pointer).toMatch(/^\/spec\//);
    }
  });

  test('docs/live-diff.md has one table row per entry, by kind and field', () => {
    const page = fs.readFileSync(path.resolve(__dirname, '../../docs/live-diff.md'), 'utf8');
    const rows = [...page.matchAll(/^\| (HostedCluster|NodePool) \| `([^`]+)` \|/gm)].map((m) => `${m[1]} ${m[2]}`);
    expect(rows).toEqual(FIELD_OWNERS.map((o) => `${o.kind} ${o.pointer}`));
  });

  test('pointerPath reads RFC 6901 escapes', () => {
    expect(pointerPath('/metadata/annotations/hypershift.openshift.io~1management-platform')).toEqual(['metadata', 'annotations', 'hypershift.openshift.io/management-platform']);
    expect(pointerPath('/a~0b/c')).toEqual(['a~b', 'c']);
    expect(pointerPath('')).toEqual([]);
    expect(() => pointerPath('spec')).toThrow(/not a JSON pointer/);
  });

  test('a KubeVirt HostedCluster with the base-domain passthrough: the operator writes its domain, IDs, generateID and annotations', () => {
    const hc = hostedClusterOf(plannedObjects(kubevirtCluster));
    expect(pointers(fieldOwnersOf(hc))).toEqual([
      '/metadata/annotations/hypershift.openshift.io~1HasBeenAvailable',
      '/metadata/annotations/hypershift.openshift.io~1management-platform',
      '/metadata/finalizers',
      '/spec/clusterID',
      '/spec/dns/baseDomain',
      '/spec/platform/kubevirt/generateID',
    ]);
    // The library sets infraID and secretEncryption itself, so those entries do not hold.
    expect(hc).toMatchObject({ spec: { infraID: expect.any(String), secretEncryption: expect.any(Object) } });
    // Of those, only the base domain is in the manifest (an empty string, the field being required).
    expect(pointers(overwrittenFields(hc))).toEqual(['/spec/dns/baseDomain']);
  });

  test('an AWS HostedCluster: only fields its manifest leaves out, so nothing is overwritten', () => {
    const hc = hostedClusterOf(plannedObjects(awsCluster));
    expect(pointers(fieldOwnersOf(hc))).toEqual(['/metadata/annotations/hypershift.openshift.io~1HasBeenAvailable', '/metadata/finalizers', '/spec/clusterID']);
    expect(overwrittenFields(hc)).toEqual([]);
  });

  test('an autoscaled NodePool: no entry for its replicas (nobody may write them), only the finalizer', () => {
    const objects = plannedObjects({ ...kubevirtCluster, nodePools: [{ name: 'auto', autoScaling: { min: 1, max: 3 } }] });
    const pool = objects.find((p) => p.object.kind === 'NodePool')!.object as KubernetesObject & { spec: Record<string, unknown> };
    expect(pool.spec.autoScaling).toEqual({ min: 1, max: 3 });
    expect(pool.spec.replicas).toBeUndefined();
    expect(pointers(fieldOwnersOf(pool))).toEqual(['/metadata/finalizers']);
  });

  test('a base domain given in the props is the plan\'s: the passthrough entry does not hold', () => {
    const hc = hostedClusterOf(plannedObjects({ ...kubevirtCluster, baseDomain: 'kv.example.com' }));
    expect(pointers(fieldOwnersOf(hc))).not.toContain('/spec/dns/baseDomain');
    expect(overwrittenFields(hc)).toEqual([]);
  });
});

describe('delivery', () => {
  const passthrough = plannedObjects(kubevirtCluster);
  const folders = folderSpecs([...passthrough, ...plannedObjects(awsCluster)]);

  test('folderSpecs lists the overwritten fields of each folder\'s objects', () => {
    expect(folders.map((f) => [f.folder, f.overwritten.map((o) => `${o.kind} ${o.namespace}/${o.name} ${o.field.pointer}`)])).toEqual([
      ['management', ['HostedCluster kubevirt-clusters/kv-dev /spec/dns/baseDomain']],
    ]);
  });

  test('Argo CD: the ApplicationSet ignores them and respects the ignored fields on sync', () => {
    const result = checkDelivery({ repoURL: REPO, argoCd: {} }, folders);
    expect(result.issues).toEqual([]);
    const set = result.parts!.flatMap((p) => p.objects.map((o) => o.object)).find((o) => o.kind === 'ApplicationSet') as ApplicationSet;
    const hc = hostedClusterOf(passthrough);
    expect(set.spec.template.spec.ignoreDifferences).toEqual([
      { group: 'hypershift.openshift.io', kind: 'HostedCluster', name: hc.metadata.name, namespace: hc.metadata.namespace, jsonPointers: ['/spec/dns/baseDomain'] },
    ]);
    expect(set.spec.template.spec.syncPolicy?.syncOptions).toEqual(['ServerSideApply=true', 'RespectIgnoreDifferences=true']);
  });

  test('Argo CD: without such fields, neither ignoreDifferences nor the sync option', () => {
    const set = checkDelivery({ repoURL: REPO, argoCd: {} }, folderSpecs(plannedObjects(awsCluster))).parts!.flatMap((p) => p.objects.map((o) => o.object)).find((o) => o.kind === 'ApplicationSet') as ApplicationSet;
    expect(set.spec.template.spec.ignoreDifferences).toBeUndefined();
    expect(set.spec.template.spec.syncPolicy?.syncOptions).toEqual(['ServerSideApply=true']);
  });

  test('Flux: a warning for each, saying why and what to do (its Kustomization cannot leave a field)', () => {
    const hc = hostedClusterOf(passthrough);
    const result = checkDelivery({ repoURL: REPO, flux: {} }, folders);
    expect(result.parts).toBeDefined();
    expect(result.issues).toEqual([
      {
        severity: 'warning',
        object: 'Delivery',
        path: 'delivery.flux',
        message: expect.stringContaining(`the HyperShift operator writes /spec/dns/baseDomain of HostedCluster ${hc.metadata.namespace}/${hc.metadata.name} (folder management)`),
        fix: expect.stringContaining('Set the field in the props yourself'),
      },
    ]);
    expect(result.issues[0].message).toContain('Flux applies the manifest\'s value back with force');
  });
});
