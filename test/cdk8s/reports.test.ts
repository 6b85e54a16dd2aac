/** Reports beside the YAML: the management cluster's capacity for the app's fleet, and the ports to open. */
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { HcpValidationError } from '../../lib/core';
import { synthAtomically } from '../../lib/cdk8s';
import { readManifest } from '../../lib/cdk8s/engine/output-folder';
import { defineExample } from '../../examples/app';
import { EXAMPLE_CLUSTERS, EXAMPLE_MANAGEMENT_CLUSTER, EXAMPLE_OPTIONS } from '../../examples/clusters';

describe('capacity report', () => {
  let work: string;
  beforeEach(() => (work = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-reports-'))));
  afterEach(() => fs.rmSync(work, { recursive: true, force: true }));

  test('the example writes reports/capacity.json and .svg (owned, outside every target folder) and a summary line', () => {
    const out = path.join(work, 'dist');
    const result = synthAtomically(out, (app) => defineExample(app));
    expect(result.files).toEqual(expect.arrayContaining(['reports/capacity.json', 'reports/capacity.svg']));
    expect(readManifest(out)).toEqual(expect.arrayContaining(['reports/capacity.json', 'reports/capacity.svg']));
    const report = JSON.parse(fs.readFileSync(path.join(out, 'reports', 'capacity.json'), 'utf8'));
    expect(report.capacity).toBe(16);
    expect(report.limitingFactor).toBe('cpuUsage');
    expect(result.summary).toEqual([expect.stringMatching(/^Capacity: 3 control-plane workers .* hold 16 hosted control planes, limited by vCPU usage/)]);
    expect(fs.readFileSync(path.join(out, 'reports', 'capacity.svg'), 'utf8')).toMatch(/^<svg /);
  });

  test("the management cluster's ports and endpoints: reports/ports.md, one section per platform it is prepared for", () => {
    const out = path.join(work, 'dist');
    const result = synthAtomically(out, (app) => defineExample(app));
    expect(readManifest(out)).toContain('reports/ports.md');
    const text = fs.readFileSync(path.join(out, 'reports', 'ports.md'), 'utf8');
    expect(text.match(/^## .*/gm)).toEqual(EXAMPLE_MANAGEMENT_CLUSTER.platforms.map((p) => `## ${p}`));
    expect(text).toContain('metallb.pools[0] hosted-control-planes: 192.168.122.200-192.168.122.250');
    expect(result.files.filter((f) => f.startsWith('management/')).some((f) => f.includes('ports'))).toBe(false);
  });

  test('a fleet that does not fit stops the synth when asked to, and nothing is written', () => {
    const out = path.join(work, 'dist');
    const tiny = {
      ...EXAMPLE_MANAGEMENT_CLUSTER,
      capacity: { workers: [{ count: 1, vCPU: 8, memoryGiB: 32 }], onOverflow: 'error' as const },
    };
    expect(() => synthAtomically(out, (app) => defineExample(app, EXAMPLE_CLUSTERS, EXAMPLE_OPTIONS, tiny))).toThrow(HcpValidationError);
    expect(fs.existsSync(out)).toBe(false);
  });
});
