/** The upgrade review inside every synth (synthAtomically, runSynth): the previous output folder against the new one. */
import * as fs from 'fs';
import * as path from 'path';
import { HcpValidationError } from '../../lib/core';
import { synthAtomically } from '../../lib/cdk8s';
import { reviewUpgrades } from '../../lib/cdk8s/upgrade-review';
import { defineExample } from '../../examples/app';
import { UPGRADED_CLUSTERS } from '../../examples/upgrade';
import { filesBelow, temporaryFolder } from './files';

const work = temporaryFolder('hcp-upgrade-');

describe('synthAtomically reviews the upgrade against the files it wrote last time', () => {
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
    expect(result.warnings.filter((w) => w.path === 'spec.release.image').map((w) => w.object)).toEqual(['NodePool kubevirt-clusters/kv-dev-workers', 'NodePool kubevirt-clusters/kv-dev-infra']);
    expect(fs.readFileSync(path.join(out, 'management', 'kubevirt-kv-dev.yaml'), 'utf8')).toContain('ocp-release:4.17.3-multi');
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
      'HostedCluster kubevirt-clusters/kv-dev spec.release.image: the control plane would go back from 4.17.3 to 4.16.4: the HyperShift operator refuses a downgrade to an earlier minor release.',
    ]);
    expect(filesBelow(out)).toEqual(before);
  });

  test('a file edited by hand into something that is not YAML is skipped, not thrown on', () => {
    expect(reviewUpgrades([{ before: 'kind: HostedCluster\n: : [', after: 'kind: NodePool\nmetadata: {name: x}\n' }])).toEqual({ findings: [], lines: [] });
  });
});
