/**
 * The example fleet's rollout (EXAMPLE_ROLLOUT) delivered by Flux, synthesized as a user runs it:
 * a synth that starts no wave, then `rollout next` (the same pure steps the command takes: the
 * wave's health in the output, nextWave, the state file, a synth) twice for each wave: its control
 * planes, then its NodePools (Flux applies both in one stage). At every state the emitted
 * Kustomizations are read back from the gitops folders and checked: dependsOn between stages and
 * waves with exact names, suspend of the wave in progress while paused (and only it), which
 * HostedClusters and NodePools each step moves, byte-identical output, and the reference Flux CRD.
 */
import * as fs from 'fs';
import * as path from 'path';
import { parseAllDocuments } from 'yaml';
import type { FleetProps } from '../../lib';
import { synthAtomically } from '../../lib/cdk8s';
import { previousReleaseImages } from '../../lib/cdk8s/engine/previous-output';
import { ROLLOUT_RECORD_FILE, STAGES } from '../../lib/core';
import { currentWave, nextWave, readRolloutRecord, rolloutRecordJson, waveInOutput } from '../../lib/fleet';
import { EXAMPLE_FLEET_ROLLOUT, EXAMPLE_ROLLOUT, defineFleetExample } from '../../examples/fleet-app';
import { filesBelow, temporaryFolder } from '../cdk8s/files';
import { describeRejection } from '../conformance/crd-server';
import { describeWithCrdServer } from '../conformance/crd-server-suite';

type Kustomization = {
  apiVersion: string;
  kind: string;
  metadata: { name: string; namespace: string };
  spec: { path: string; dependsOn?: { name: string; namespace?: string }[]; suspend?: boolean; [key: string]: unknown };
};

const DELIVERY = { repoURL: 'https://git.example.com/platform/hosted-clusters.git', flux: {} };
/** The example fleet and its rollout, delivered by Flux; `pause` and `waves` changed where a test says. */
const fleetOf = (rollout: Partial<typeof EXAMPLE_ROLLOUT> = {}): FleetProps => ({ ...EXAMPLE_FLEET_ROLLOUT, rollout: { ...EXAMPLE_ROLLOUT, ...rollout }, delivery: DELIVERY });

const synth = (dir: string, fleet: FleetProps) => synthAtomically(dir, (app) => void defineFleetExample(app, fleet));

/** `rollout next` at `now`: refused when the command would be, else the state advanced by one step and synthesized. */
function rolloutNext(dir: string, fleet: FleetProps, now: string) {
  const file = path.join(dir, 'reports', ROLLOUT_RECORD_FILE);
  const { record } = readRolloutRecord(fs.readFileSync(file, 'utf8'));
  if (!record) throw new Error(`${file} holds no rollout state`);
  const wave = currentWave(record);
  const next = nextWave(record, new Date(now), wave ? waveInOutput(wave, previousReleaseImages(dir)) : []);
  if ('refused' in next) return { refused: next.refused };
  fs.writeFileSync(file, rolloutRecordJson(next.record));
  return { started: next.started.name, step: next.step, result: synth(dir, fleet) };
}

/** The files of the gitops folders (the Flux objects), by path. */
const gitopsFiles = (dir: string) => Object.fromEntries(Object.entries(filesBelow(dir)).filter(([f]) => f.startsWith('gitops-')));
/** The files the Flux objects deliver: everything but the gitops folders and the reports. */
const deliveredFiles = (dir: string) => Object.fromEntries(Object.entries(filesBelow(dir)).filter(([f]) => !f.startsWith('gitops-') && !f.startsWith('reports/') && !f.startsWith('.')));

/** Every Flux Kustomization written, keyed `<gitops folder> <namespace>/<name>` (each management cluster has a `gitops` of its own). */
function kustomizations(dir: string): Map<string, Kustomization> {
  const found = new Map<string, Kustomization>();
  for (const [file, content] of Object.entries(gitopsFiles(dir))) {
    if (path.basename(file) === 'kustomization.yaml') continue; // kustomize's own file, not a Flux object
    for (const doc of parseAllDocuments(content).map((d) => d.toJS() as Kustomization)) {
      if (doc.kind === 'Kustomization') found.set(`${file.split('/')[0]} ${doc.metadata.namespace}/${doc.metadata.name}`, doc);
    }
  }
  return found;
}

/** The release image of every HostedCluster and NodePool the Flux objects deliver, keyed `<kind> <namespace>/<name>`. */
function releaseImages(dir: string): Map<string, string> {
  const found = new Map<string, string>();
  for (const content of Object.values(deliveredFiles(dir))) {
    for (const doc of parseAllDocuments(content).map((d) => d.toJS() as { kind?: string; metadata?: { name: string; namespace: string }; spec?: { release?: { image?: string } } })) {
      if ((doc?.kind === 'HostedCluster' || doc?.kind === 'NodePool') && doc.spec?.release?.image) found.set(`${doc.kind} ${doc.metadata!.namespace}/${doc.metadata!.name}`, doc.spec.release.image);
    }
  }
  return found;
}

/** Each Kustomization's dependsOn as `namespace/name` (a reference without namespace is in the Kustomization's own). */
const dependsOnOf = (ks: Map<string, Kustomization>) =>
  Object.fromEntries([...ks].map(([key, k]) => [key, (k.spec.dependsOn ?? []).map((d) => `${d.namespace ?? k.metadata.namespace}/${d.name}`)]));
const suspendedOf = (ks: Map<string, Kustomization>) => [...ks].filter(([, k]) => k.spec.suspend !== undefined).map(([key, k]) => `${key}=${k.spec.suspend}`);

/** A folder's stage chain in `where` (`<gitops folder> <namespace>`): each stage after the one before, the first after `first`. */
const chain = (where: string, prefix: string, stages: readonly string[], first: readonly string[] = []) => {
  const namespace = where.split(' ')[1];
  return Object.fromEntries(stages.map((s, i) => [`${where}/${prefix}-${s}`, i === 0 ? [...first] : [`${namespace}/${prefix}-${stages[i - 1]}`]]));
};
const MANAGEMENT_STAGES = ['01-operators', '02-operator-configuration', '03-webhooks', '05-resources'];

/**
 * The dependsOn of the example with Flux, at every state of its rollout. The waves: canary kv-dev
 * (on west), east (aws-prod and kv-lb, both on east, the only clusters with folders of their own,
 * their day-2 objects), rest (vm-agents, on west). The clusters of a management cluster are all in
 * its `05-resources` stage, so a wave there has no Kustomization of its own to wait for: each
 * hosted folder waits for its management cluster's last stage, and no wave for an earlier one.
 */
const EXAMPLE_DEPENDS_ON: Record<string, string[]> = {
  'gitops-east flux-system/gitops': [],
  ...chain('gitops-east flux-system', 'management-east', MANAGEMENT_STAGES),
  'gitops-east flux-system/hosted-clusters': ['flux-system/management-east-05-resources'],
  ...chain('gitops-east.hosted aws-clusters', 'aws-prod', ['00-images', '01-operators', '03-webhooks'], ['flux-system/management-east-05-resources']),
  'gitops-east.hosted kubevirt-clusters/kv-lb-05-resources': ['flux-system/management-east-05-resources'],
  'gitops-west flux-system/gitops': [],
  ...chain('gitops-west flux-system', 'management-west', MANAGEMENT_STAGES),
};
const EAST_RESOURCES = 'gitops-east flux-system/management-east-05-resources';
const WEST_RESOURCES = 'gitops-west flux-system/management-west-05-resources';

const folder = temporaryFolder('hcp-rollout-flux-');
/** The gitops files of the unpaused output at each state (0..6 steps taken), to compare the paused ones with. */
const unpaused: Record<string, string>[] = [];
let dist: string;

beforeAll(() => {
  dist = path.join(folder(), 'dist');
  synth(dist, fleetOf());
  unpaused[0] = gitopsFiles(dist);
});

describe('Flux delivery of the example rollout', () => {
  test('before any wave: every stage after the one before, each hosted folder after its management cluster; nothing suspended', () => {
    const ks = kustomizations(dist);
    expect([...ks.keys()].sort()).toEqual(Object.keys(EXAMPLE_DEPENDS_ON).sort());
    expect(dependsOnOf(ks)).toEqual(EXAMPLE_DEPENDS_ON);
    expect(suspendedOf(ks)).toEqual([]);
    // A rollout paused before it starts has no wave in progress: nothing to suspend.
    synth(dist, fleetOf({ pause: true }));
    expect(suspendedOf(kustomizations(dist))).toEqual([]);
    synth(dist, fleetOf());
    expect(gitopsFiles(dist)).toEqual(unpaused[0]);
  });

  /** The suspend of a paused rollout at each wave: the stage of the management folder holding the wave's clusters, and the wave's hosted folders. */
  const EAST_SUSPENDED = [
    `${EAST_RESOURCES}=true`,
    'gitops-east.hosted aws-clusters/aws-prod-00-images=true',
    'gitops-east.hosted aws-clusters/aws-prod-01-operators=true',
    'gitops-east.hosted aws-clusters/aws-prod-03-webhooks=true',
    'gitops-east.hosted kubevirt-clusters/kv-lb-05-resources=true',
  ];
  /** Each `rollout next`: two per wave, the control planes then the NodePools, 30 minutes apart (the canary's 24h soak counts from its second step). */
  const STEPS = [
    { now: '2026-12-01T00:00:00Z', wave: 'canary', step: 'control-planes', suspended: [`${WEST_RESOURCES}=true`] },
    { now: '2026-12-01T00:30:00Z', wave: 'canary', step: 'node-pools', suspended: [`${WEST_RESOURCES}=true`] },
    { now: '2026-12-02T01:00:00Z', wave: 'east', step: 'control-planes', suspended: EAST_SUSPENDED },
    { now: '2026-12-02T01:30:00Z', wave: 'east', step: 'node-pools', suspended: EAST_SUSPENDED },
    { now: '2026-12-02T02:00:00Z', wave: 'rest', step: 'control-planes', suspended: [`${WEST_RESOURCES}=true`] },
    { now: '2026-12-02T02:30:00Z', wave: 'rest', step: 'node-pools', suspended: [`${WEST_RESOURCES}=true`] },
  ] as const;

  test.each(STEPS.map((s, i) => [i + 1, s.wave, s.step, s] as const))('after rollout next %i (%s, %s): the same dependsOn; paused, only the wave in progress is suspended; resumed, the output is the unpaused one', (reached, wave, step, { now, suspended }) => {
    const run = rolloutNext(dist, fleetOf(), now);
    expect([run.started, run.step]).toEqual([wave, step]);
    const started = kustomizations(dist);
    expect(dependsOnOf(started)).toEqual(EXAMPLE_DEPENDS_ON);
    expect(suspendedOf(started)).toEqual([]);
    unpaused[reached] = gitopsFiles(dist);
    const delivered = deliveredFiles(dist);

    synth(dist, fleetOf({ pause: true }));
    const paused = kustomizations(dist);
    expect(suspendedOf(paused).sort()).toEqual([...suspended].sort());
    // suspend is the only change: the same Kustomizations with the same specs otherwise, and the same folders they apply.
    const withoutSuspend = (ks: Map<string, Kustomization>) => [...ks].map(([key, k]) => [key, { ...k, spec: { ...k.spec, suspend: undefined } }]);
    expect(withoutSuspend(paused)).toEqual(withoutSuspend(started));
    expect(deliveredFiles(dist)).toEqual(delivered);
    // While paused `rollout next` moves nothing, not even the NodePools of the wave in progress.
    expect(rolloutNext(dist, fleetOf({ pause: true }), '2026-12-05T00:00:00Z')).toEqual({ refused: [expect.stringContaining('the rollout is paused')] });

    synth(dist, fleetOf());
    expect(suspendedOf(kustomizations(dist))).toEqual([]);
    expect(gitopsFiles(dist)).toEqual(unpaused[reached]);
  });

  test('a wave\'s control planes and NodePools are in one stage Kustomization, so rollout next moves them in two commits: no NodePool moves with its control plane, none warns', () => {
    // Replayed from the start in a folder of its own, to read what each step changes and warns.
    const dir = path.join(folder(), 'order');
    synth(dir, fleetOf());
    const ks = kustomizations(dir);
    for (const [mc, key] of [['east', EAST_RESOURCES], ['west', WEST_RESOURCES]]) {
      // The stages in STAGES order (the phases' order), each after the one before (checked above).
      const stages = [...ks.values()].filter((k) => k.spec.path.startsWith(`./dist/management-${mc}/`)).map((k) => k.spec.path.split('/').pop()!);
      expect(stages).toEqual(STAGES.filter((s) => stages.includes(s)));
      expect(stages[stages.length - 1]).toBe('05-resources');
      const kinds = (ks.get(key)!.spec.healthCheckExprs as { kind: string }[]).map((e) => e.kind);
      expect(kinds).toEqual(expect.arrayContaining(['HostedCluster', 'NodePool']));
    }
    const targets = [EXAMPLE_ROLLOUT.target.image, ...(EXAMPLE_ROLLOUT.overrides ?? []).map((o) => o.release.image)];
    let before = releaseImages(dir);
    expect([...before.values()].filter((image) => targets.includes(image))).toEqual([]);
    const moved: Record<string, string[]> = {};
    for (const { now, wave, step } of STEPS) {
      const run = rolloutNext(dir, fleetOf(), now);
      expect([run.started, run.step]).toEqual([wave, step]);
      // The upgrade rule's warning (core/upgrade.ts) is for a NodePool moving with its control plane: none does.
      expect([wave, step, run.result!.warnings.filter((w) => w.message.includes('in the same change as its control plane')).map((w) => w.object)]).toEqual([wave, step, []]);
      const after = releaseImages(dir);
      const changed = [...after].filter(([object, image]) => before.get(object) !== image);
      // Every object that moves goes to a target (the KubeVirt clusters have one of their own).
      expect(changed.filter(([, image]) => !targets.includes(image))).toEqual([]);
      moved[`${wave} ${step}`] = changed.map(([object]) => object).sort();
      before = after;
    }
    expect(moved).toEqual({
      'canary control-planes': ['HostedCluster kubevirt-clusters/kv-dev'],
      'canary node-pools': ['NodePool kubevirt-clusters/kv-dev-infra', 'NodePool kubevirt-clusters/kv-dev-workers'],
      'east control-planes': ['HostedCluster aws-clusters/aws-prod', 'HostedCluster kubevirt-clusters/kv-lb'],
      'east node-pools': ['NodePool aws-clusters/aws-prod-us-east-2a', 'NodePool aws-clusters/aws-prod-us-east-2b', 'NodePool kubevirt-clusters/kv-lb'],
      'rest control-planes': ['HostedCluster agent-labs/vm-agents'],
      'rest node-pools': ['NodePool agent-labs/vm-agents-workers'],
    });
    expect(rolloutNext(dir, fleetOf(), '2026-12-03T00:00:00Z')).toEqual({ refused: [expect.stringContaining('the rollout is complete')] });
  });

  test('the NodePools wait for their control planes in the previous output, and the soak counts from the NodePools\' step', () => {
    const dir = path.join(folder(), 'gates');
    synth(dir, fleetOf());
    expect(rolloutNext(dir, fleetOf(), '2026-12-01T00:00:00Z').step).toBe('control-planes');
    // The canary's control plane is not in the previous output (its synth is put back): its NodePools do not move.
    const file = path.join(dir, 'reports', ROLLOUT_RECORD_FILE);
    const held = fs.readFileSync(file, 'utf8');
    expect(JSON.parse(held)).toMatchObject({ reached: 1, nodePoolStep: true, nodePoolsHeld: true, startedAt: '2026-12-01T00:00:00.000Z' });
    const record = readRolloutRecord(held).record!;
    const behind = new Map([...previousReleaseImages(dir)].map(([c, image]) => [c, c === 'kubevirt-clusters/kv-dev' ? 'quay.io/openshift-release-dev/ocp-release:4.16.4-x86_64' : image]));
    expect(nextWave(record, new Date('2026-12-01T00:30:00Z'), waveInOutput(currentWave(record)!, behind))).toEqual({
      refused: ['the control planes of wave "canary" are not at the target yet, so its NodePools stay:', expect.stringContaining('kubevirt-clusters/kv-dev: the previous output has')],
    });
    expect(rolloutNext(dir, fleetOf(), '2026-12-01T12:00:00Z').step).toBe('node-pools');
    // 24h from the NodePools' step, not from the control planes'.
    expect(rolloutNext(dir, fleetOf(), '2026-12-02T06:00:00Z')).toEqual({ refused: [expect.stringContaining('soaks for 24h from 2026-12-01T12:00:00.000Z')] });
    expect(rolloutNext(dir, fleetOf(), '2026-12-02T12:00:00Z')).toMatchObject({ started: 'east', step: 'control-planes' });
  });

  test('the output is deterministic: a first synth twice, and the last state again in a copy of its folder, are byte-identical', () => {
    const [a, b] = ['fresh-a', 'fresh-b'].map((name) => path.join(folder(), name));
    synth(a, fleetOf());
    synth(b, fleetOf());
    expect(filesBelow(b)).toEqual(filesBelow(a));
    expect(gitopsFiles(a)).toEqual(unpaused[0]);
    const copy = path.join(folder(), 'copy');
    fs.cpSync(dist, copy, { recursive: true });
    synth(copy, fleetOf());
    expect(filesBelow(copy)).toEqual(filesBelow(dist));
    expect(gitopsFiles(copy)).toEqual(unpaused[STEPS.length]);
  });
});

describe('Flux delivery of the example rollout with east cut into one cluster per wave', () => {
  // east-1 (aws-prod) and east-2 (kv-lb) are both on east and each has a folder of its own: the later waits for the earlier.
  const cut = fleetOf({ waves: [{ name: 'east', managementClusters: ['east'], maxConcurrent: 1 }, { name: 'rest', maxConcurrent: 10 }] });
  const CUT_DEPENDS_ON = { ...EXAMPLE_DEPENDS_ON, 'gitops-east.hosted kubevirt-clusters/kv-lb-05-resources': ['flux-system/management-east-05-resources', 'aws-clusters/aws-prod-03-webhooks'] };

  test('the later wave\'s folder waits for the last stage of the earlier wave\'s on the same management cluster, at every state', () => {
    const dir = path.join(folder(), 'cut');
    synth(dir, cut);
    expect(dependsOnOf(kustomizations(dir))).toEqual(CUT_DEPENDS_ON);
    // The reference names the other cluster's namespace (Flux looks a reference without one up in the Kustomization's own).
    expect(kustomizations(dir).get('gitops-east.hosted kubevirt-clusters/kv-lb-05-resources')!.spec.dependsOn).toEqual([{ name: 'management-east-05-resources', namespace: 'flux-system' }, { name: 'aws-prod-03-webhooks', namespace: 'aws-clusters' }]);
    const waves: string[] = [];
    // Two steps per wave, 30 minutes apart; the next wave an hour after the one before.
    const times = ['2026-12-01T00:00:00Z', '2026-12-02T01:00:00Z', '2026-12-02T02:00:00Z', '2026-12-02T03:00:00Z'].flatMap((t) => [t, t.replace(':00:00Z', ':30:00Z')]);
    for (const now of times) {
      const run = rolloutNext(dir, cut, now);
      waves.push(`${run.started} ${run.step}`);
      expect(dependsOnOf(kustomizations(dir))).toEqual(CUT_DEPENDS_ON);
      if (run.started === 'east-2') {
        // Paused during east-2: kv-lb's folder and east's cluster stage; aws-prod's (east-1, done) stays.
        synth(dir, { ...cut, rollout: { ...cut.rollout!, pause: true } });
        expect(suspendedOf(kustomizations(dir)).sort()).toEqual([`${EAST_RESOURCES}=true`, 'gitops-east.hosted kubevirt-clusters/kv-lb-05-resources=true']);
        synth(dir, cut);
      }
    }
    expect(waves).toEqual(['canary', 'east-1', 'east-2', 'rest'].flatMap((w) => [`${w} control-planes`, `${w} node-pools`]));
  });
});

describeWithCrdServer('the rollout\'s Flux objects against the reference Flux CRDs', 'the API-server conformance checks need ../shared/tools/crd-server.', (server) => {
  /** The Flux objects of the paused example at wave east (suspend and cross-namespace dependsOn both present). */
  let objects: Kustomization[] = [];
  beforeAll(() => {
    const dir = path.join(folder(), 'crd');
    synth(dir, fleetOf());
    for (const now of ['2026-12-01T00:00:00Z', '2026-12-01T00:30:00Z', '2026-12-02T01:00:00Z']) rolloutNext(dir, fleetOf(), now);
    synth(dir, fleetOf({ pause: true }));
    objects = Object.entries(gitopsFiles(dir))
      .filter(([f]) => path.basename(f) !== 'kustomization.yaml')
      .flatMap(([, content]) => parseAllDocuments(content).map((d) => d.toJS() as Kustomization));
  });

  test('every GitRepository and Kustomization is accepted (dry run, strict field validation)', async () => {
    expect([objects.length, objects.filter((o) => o.kind === 'Kustomization' && o.spec.suspend === true).length]).toEqual([17, 5]);
    const verdicts = await Promise.all(objects.map(async (o) => [`${o.kind} ${o.metadata.namespace}/${o.metadata.name}`, describeOutcome(await server().dryRunCreate(o))]));
    expect(verdicts).toEqual(objects.map((o) => [`${o.kind} ${o.metadata.namespace}/${o.metadata.name}`, 'accepted (201)']));
    expect(objects.map((o) => o.kind).sort()).toEqual([...Array(2).fill('GitRepository'), ...Array(objects.length - 2).fill('Kustomization')].sort());
  });

  test('negative control: a suspend that is not a boolean and a dependsOn without a name are refused', async () => {
    const k = objects.find((o) => o.spec.suspend === true)!;
    const notBoolean = { ...k, spec: { ...k.spec, suspend: 'yes' } };
    const unnamed = { ...k, spec: { ...k.spec, dependsOn: [{ namespace: 'flux-system' }] } };
    expect((await server().dryRunCreate(notBoolean)).status).toBe(422);
    expect((await server().dryRunCreate(unnamed)).status).toBe(422);
  });
});

const describeOutcome = (result: Parameters<typeof describeRejection>[0]) => (result.status === 201 ? 'accepted (201)' : describeRejection(result));
