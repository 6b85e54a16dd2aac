/** `hcp-constructs validate`: props as YAML or JSON, checked with the library's own findings. */
import { spawnSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import * as jsYaml from 'js-yaml';
import { readPropsFile } from '../../lib/cli/props-documents';
import { PLATFORM_TYPES, checkHostedCluster } from '../../lib/platforms';
import { EXAMPLE_CLUSTERS, EXAMPLE_DAY2, EXAMPLE_MANAGEMENT_CLUSTER, EXAMPLE_OPTIONS } from '../../examples/clusters';
import { EXAMPLE_AGENT_CLUSTERS, EXAMPLE_AGENT_INFRASTRUCTURE } from '../../examples/agent-infrastructure';
import { CLI, EDGE, ROOT, hcp, makeProject, removeProject } from './cli';
import { EXAMPLE_FLEET } from '../../examples/fleet-app';

const FLEET = path.join(ROOT, 'examples', 'fleet.yaml');
let dir: string;
const write = (name: string, content: string) => fs.writeFileSync(path.join(dir, name), content);

beforeEach(() => (dir = makeProject()));
afterEach(() => removeProject(dir));

const edge = EDGE;

describe('examples/fleet.yaml', () => {
  test('is the built-in example written as data', () => {
    const { entries, issues } = readPropsFile('fleet.yaml', fs.readFileSync(FLEET, 'utf8'));
    expect(issues).toEqual([]);
    const props = (kind: string) => entries.filter((e) => e.kind === kind).map((e) => e.props);
    const plain = (value: unknown) => JSON.parse(JSON.stringify(value)) as unknown;
    expect(props('HostedCluster')).toEqual(plain([...EXAMPLE_CLUSTERS, ...EXAMPLE_AGENT_CLUSTERS, ...EXAMPLE_DAY2.filter((d) => !EXAMPLE_CLUSTERS.includes(d.cluster)).map((d) => d.cluster)]));
    expect(entries.filter((e) => e.kind === 'HostedCluster').map((e) => e.options)).toEqual(entries.filter((e) => e.kind === 'HostedCluster').map(() => plain(EXAMPLE_OPTIONS)));
    expect(props('ManagementCluster')).toEqual([plain(EXAMPLE_MANAGEMENT_CLUSTER)]);
    expect(entries.filter((e) => e.kind === 'AgentInfrastructure').map((e) => [e.cluster, e.props])).toEqual(Object.entries(plain(EXAMPLE_AGENT_INFRASTRUCTURE) as object));
    expect(entries.filter((e) => e.kind === 'HostedClusterIngress').map((e) => [e.cluster, e.props])).toEqual(EXAMPLE_DAY2.filter((d) => d.ingress).map((d) => [d.cluster.name, d.ingress]));
  });

  test('validates with the warnings a synth of the example prints, and exit 0', () => {
    const run = hcp(dir, 'validate', FLEET);
    expect(run.status).toBe(0);
    // The same clusters on one management cluster (examples/app.ts; examples/main.ts places them in a fleet).
    write('single.ts', `import type { App } from 'cdk8s';\nimport { defineExample } from ${JSON.stringify(path.join(ROOT, 'examples', 'app'))};\nexport function define(app: App): void {\n  defineExample(app);\n}\n`);
    const synth = hcp(dir, 'synth', 'single.ts', '--stdout');
    const warnings = (text: string) => text.split('\n').filter((line) => line.startsWith('  warning ')).map((line) => line.replace(/^ {2}warning (\S+ )?\S+ hostedClusters\[\d+\]: |^ {2}warning \S+ managementCluster: /, '  warning '));
    // The same warnings; the order differs (validate checks the management cluster after the clusters).
    expect(warnings(run.stderr).sort()).toEqual(warnings(synth.stderr).sort());
    expect(warnings(run.stderr).length).toBeGreaterThan(0);
    expect(run.stdout).toMatch(/^Checked 1 file\(s\): 6 HostedCluster, 1 ManagementCluster, 2 AgentInfrastructure, 1 HostedClusterIngress\. 0 error\(s\), \d+ warning\(s\)\.\n$/);
  });
});

describe('a Fleet document', () => {
  const { delivery: _delivery, ...fleet } = EXAMPLE_FLEET;
  test('the example fleet as YAML checks with exit 0', () => {
    write('fleet.yaml', jsYaml.dump({ kind: 'Fleet', ...fleet, options: EXAMPLE_OPTIONS }));
    const run = hcp(dir, 'validate', 'fleet.yaml');
    expect([run.status, run.stdout]).toEqual([0, expect.stringMatching(/^Checked 1 file\(s\): 1 Fleet\. 0 error\(s\), \d+ warning\(s\)\.\n$/)]);
  });

  test("its placement's errors and its clusters' errors, each with its path, exit 1", () => {
    const hostedClusters = fleet.hostedClusters.map((c) => (c.name === 'edge-lab' ? { ...c, managementCluster: 'east' } : c.name === 'kv-dev' ? { ...c, nodePools: [{ name: 'w', replicas: '3' }] } : c));
    write('fleet.yaml', jsYaml.dump({ kind: 'Fleet', ...fleet, hostedClusters, options: EXAMPLE_OPTIONS }));
    const run = hcp(dir, 'validate', 'fleet.yaml');
    expect(run.status).toBe(1);
    const errors = run.stderr.split('\n').filter((line) => line.startsWith('  error '));
    expect(errors).toEqual([
      '  error fleet.yaml: Fleet hostedClusters[3].managementCluster: none-clusters/edge-lab is a None cluster and management cluster "east" does not prepare None (its platforms: AWS, KubeVirt). Fix: Add None to the platforms of "east", or pin the cluster to a management cluster that has it.',
      '  error fleet.yaml: Fleet hostedClusters[1].nodePools[0].replicas: "3" (a string) is not a whole number. Fix: Give a whole number from 0 to 2000.',
    ]);
  });
});

describe('validate', () => {
  test('one hosted cluster as YAML, and as JSON: no problem, exit 0', () => {
    write('edge.yaml', jsYaml.dump({ kind: 'HostedCluster', ...edge }));
    write('edge.json', JSON.stringify(edge));
    for (const file of ['edge.yaml', 'edge.json']) expect(hcp(dir, 'validate', file)).toEqual({ status: 0, stdout: 'Checked 1 file(s): 1 HostedCluster. 0 error(s), 0 warning(s).\n', stderr: '' });
    // The same cluster twice is a finding of the whole fleet, as in one synth.
    const both = hcp(dir, 'validate', 'edge.yaml', 'edge.json');
    expect(both.status).toBe(1);
    expect(both.stderr).toMatch(/^ {2}error HostedCluster clusters\/edge \(edge\.json\) metadata\.name: HostedCluster clusters\/edge is also planned by HostedCluster clusters\/edge \(edge\.yaml\)/m);
  });

  test('every problem of every file is reported, each with the file and the path, exit 1', () => {
    write(
      'fleet.yaml',
      jsYaml.dump({
        hostedClusters: [
          { ...edge, name: 'a', nodePools: [{ name: 'a-workers', replicas: '3' }] },
          { ...edge, name: 'b', networking: { serviceNetwork: ['10.0.0.0/33'] } },
        ],
        hostedClusterIngress: [{ cluster: 'nowhere' }],
        extras: true,
      }),
    );
    write('mgmt.json', JSON.stringify({ kind: 'ManagementCluster', platforms: ['Frob'] }));
    write('broken.yaml', 'name: [unclosed\n');
    write('other.yaml', 'kind: Cluster\nname: x\n---\n- 42\n');
    const run = hcp(dir, 'validate', 'fleet.yaml', 'mgmt.json', 'broken.yaml', 'other.yaml');
    expect(run.status).toBe(1);
    const lines = run.stderr.trimEnd().split('\n');
    const expected = [
      /^ {2}error fleet\.yaml extras: "extras" is not a key of a fleet document\./,
      /^ {2}error broken\.yaml line 2, column 1: the file is not valid YAML or JSON: .*\. Fix: Correct the syntax there\.$/,
      /^ {2}error other\.yaml document 1 kind: kind "Cluster" is not one this file can describe\. Fix: Use "HostedCluster", "ManagementCluster", "AgentInfrastructure", "HostedClusterIngress", "Fleet"\.$/,
      /^ {2}error other\.yaml document 2 \[0\] \(document\): expected a mapping of HostedCluster props, not 42\./,
      /^ {2}error fleet\.yaml hostedClusters\[0\]: HostedCluster clusters\/a nodePools\[0\]\.replicas: "3" \(a string\) is not a whole number\./,
      /^ {2}error fleet\.yaml hostedClusters\[1\]: HostedCluster clusters\/b .*serviceNetwork\[0\].*10\.0\.0\.0\/33/,
      new RegExp(`^ {2}error mgmt\\.json: ManagementCluster platforms\\[0\\]: "Frob" \\(a string\\) is not one of ${PLATFORM_TYPES.join(', ')}\\.`),
      /^ {2}error fleet\.yaml hostedClusterIngress\[0\]: HostedClusterIngress cluster: cluster "nowhere" names no hosted cluster described in these files/,
    ];
    for (const pattern of expected) expect(lines.filter((line) => pattern.test(line))).toHaveLength(1);
    expect(lines.every((line) => /^ {2}error (fleet\.yaml|mgmt\.json|broken\.yaml|other\.yaml)[ :]/.test(line))).toBe(true);
    expect(run.stdout).toBe(`Checked 4 file(s): 2 HostedCluster, 1 ManagementCluster, 1 HostedClusterIngress. ${lines.length} error(s), 0 warning(s).\n`);
  });

  test('the fleet is checked as one synth would: a management cluster not prepared for a platform', () => {
    write('fleet.yaml', jsYaml.dump({ managementCluster: { platforms: ['KubeVirt'], metallb: false }, hostedClusters: [edge] }));
    const run = hcp(dir, 'validate', 'fleet.yaml');
    expect(run.status).toBe(1);
    expect(run.stderr).toContain('  error HostedCluster clusters/edge (fleet.yaml hostedClusters[0]) spec.platform.type: ManagementCluster (fleet.yaml managementCluster) is not prepared for None hosted clusters');
  });

  test('an ingress names its cluster; bad options are findings too', () => {
    write('c.yaml', `${jsYaml.dump({ ...edge, options: { supportedVersions: '4.17' } })}---\n${jsYaml.dump({ kind: 'HostedClusterIngress', cluster: 'clusters/edge', serviceName: 'router', metallb: { pools: [{ name: 'apps', addresses: ['10.0.0.0/33'] }] } })}`);
    const run = hcp(dir, 'validate', 'c.yaml');
    expect(run.status).toBe(1);
    expect(run.stderr).toMatch(/^ {2}error c\.yaml document 1: HostedCluster options options\.supportedVersions: /m);
    write('c.yaml', `${jsYaml.dump(edge)}---\n${jsYaml.dump({ kind: 'HostedClusterIngress', cluster: 'clusters/edge', metallb: { pools: [{ name: 'apps', addresses: ['10.0.0.0/33'] }] } })}`);
    const ingress = hcp(dir, 'validate', 'c.yaml');
    expect(ingress.stderr).toMatch(/^ {2}error c\.yaml document 2: HostedClusterIngress clusters\/edge metallb\.pools\[0\]\.addresses\[0\]: /m);
    expect(ingress.stdout).toBe('Checked 1 file(s): 1 HostedCluster, 1 HostedClusterIngress. 1 error(s), 0 warning(s).\n');
  });

  test('the findings are those of checkHostedCluster for the same props', () => {
    const props = { ...edge, nodePools: [{ name: 'w', replicas: -1 }], release: { image: 'not an image' } };
    write('bad.yaml', jsYaml.dump(props));
    const run = hcp(dir, 'validate', 'bad.yaml');
    const library = checkHostedCluster(props).issues.map((i) => `  ${i.severity} bad.yaml: ${i.object} ${i.path}: ${i.message} Fix: ${i.fix}`);
    expect(library.length).toBeGreaterThan(0);
    expect(run.stderr.trimEnd().split('\n')).toEqual(library);
  });

  test('reads stdin for "-"; a file that cannot be read is a usage error', () => {
    const run = spawnSync(process.execPath, [CLI, 'validate', '-'], { input: JSON.stringify(edge), encoding: 'utf8' });
    expect(run.stdout).toBe('Checked 1 file(s): 1 HostedCluster. 0 error(s), 0 warning(s).\n');
    expect(hcp(dir, 'validate', 'missing.yaml')).toEqual({ status: 2, stdout: '', stderr: 'hcp-constructs: cannot read missing.yaml: ENOENT.\nRun `hcp-constructs validate --help` for usage.\n' });
  });
});
