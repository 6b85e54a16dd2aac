/** The upgrade check inside every synth (synthAtomically, runSynth): the previous output folder, read once for every previous-state check, against the new one. */
import * as fs from 'fs';
import * as path from 'path';
import { HcpValidationError } from '../../lib/core';
import { synthAtomically } from '../../lib/cdk8s';
import { defineExample } from '../../examples/app';
import { UPGRADED_RELEASE } from '../../examples/upgrade';
import { EXAMPLE_CLUSTERS, EXAMPLE_MANAGEMENT_CLUSTER, EXAMPLE_OPTIONS, kubevirtCluster } from '../../examples/clusters';
import { EXAMPLE_AGENT_CLUSTERS } from '../../examples/agent-infrastructure';

/** The example's clusters on one management cluster, with kv-dev one minor release later (examples/upgrade.ts does it for the fleet). */
const UPGRADED_CLUSTERS = [...EXAMPLE_CLUSTERS, ...EXAMPLE_AGENT_CLUSTERS].map((cluster) => (cluster.name === kubevirtCluster.name ? { ...cluster, release: { image: UPGRADED_RELEASE } } : cluster));
import { filesBelow, temporaryFolder } from './files';

const work = temporaryFolder('hcp-upgrade-');

describe('synthAtomically checks the upgrade against the files it wrote last time', () => {
  test('the example upgrade: the versions in apply order, the NodePool warnings among the warnings', () => {
    const out = path.join(work(), 'dist');
    expect(synthAtomically(out, (app) => defineExample(app)).upgrades).toEqual([]);
    const result = synthAtomically(out, (app) => defineExample(app, UPGRADED_CLUSTERS));
    expect(result.upgrades).toEqual([
      'Upgrades (in apply order):',
      '  HostedCluster kubevirt-clusters/kv-dev 4.16.4 -> 4.17.3',
      '  NodePool kubevirt-clusters/kv-dev-infra 4.16.4 -> 4.17.3',
      '  NodePool kubevirt-clusters/kv-dev-workers 4.16.4 -> 4.17.3',
    ]);
    // The NodePools' upgrade warnings; and the None cluster, older than the management cluster's MCE supports.
    expect(result.warnings.filter((w) => w.path === 'spec.release.image').map((w) => w.object)).toEqual(['HostedCluster none-clusters/edge-lab', 'NodePool kubevirt-clusters/kv-dev-workers', 'NodePool kubevirt-clusters/kv-dev-infra']);
    expect(fs.readFileSync(path.join(out, 'management', '05-resources', 'kubevirt-kv-dev.yaml'), 'utf8')).toContain('ocp-release:4.17.3-multi');
  });

  test('a downgrade to an earlier minor fails the synth and leaves the folder as it was', () => {
    const out = path.join(work(), 'dist');
    synthAtomically(out, (app) => defineExample(app, UPGRADED_CLUSTERS));
    const before = filesBelow(out);
    let caught: unknown;
    try {
      synthAtomically(out, (app) => defineExample(app));
    } catch (error) {
      caught = error;
    }
    expect(caught).toBeInstanceOf(HcpValidationError);
    const errors = (caught as HcpValidationError).issues.filter((i) => i.severity === 'error');
    expect(errors.map((e) => `${e.object} ${e.path}: ${e.message}`)).toEqual([
      'HostedCluster kubevirt-clusters/kv-dev release.image: the control plane would go back from 4.17.3 to 4.16.4: the HyperShift operator refuses a downgrade to an earlier minor release.',
    ]);
    expect(filesBelow(out)).toEqual(before);
  });

  test("the multicluster engine's channel (a kind only the summary reads) is read back and listed first", () => {
    const out = path.join(work(), 'mce');
    synthAtomically(out, (app) => defineExample(app));
    const mce = { ...EXAMPLE_MANAGEMENT_CLUSTER, operators: { multiclusterEngine: { channel: 'stable-2.9' } } };
    const result = synthAtomically(out, (app) => defineExample(app, UPGRADED_CLUSTERS, EXAMPLE_OPTIONS, mce));
    expect(result.upgrades.slice(0, 3)).toEqual([
      'Upgrades (in apply order):',
      '  Subscription multicluster-engine/multicluster-engine channel stable-2.8 -> stable-2.9',
      '  HostedCluster kubevirt-clusters/kv-dev 4.16.4 -> 4.17.3',
    ]);
  });

  test('a file edited by hand into something that is not YAML: a warning, no upgrade lines, never a throw', () => {
    const out = path.join(work(), 'edited');
    synthAtomically(out, (app) => defineExample(app));
    fs.writeFileSync(path.join(out, 'management', '05-resources', 'kubevirt-kv-dev.yaml'), 'kind: HostedCluster\n: : [');
    const result = synthAtomically(out, (app) => defineExample(app, UPGRADED_CLUSTERS));
    expect(result.upgrades).toEqual([]);
    expect(result.warnings.map((w) => w.path)).toContain('management/05-resources/kubevirt-kv-dev.yaml');
  });
});
