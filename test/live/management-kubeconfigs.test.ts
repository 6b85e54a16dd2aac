/**
 * `rollout next --kubeconfig`, repeatable: how the values are read, and which kubeconfig (and
 * context) reads each cluster of a wave on several management clusters. Kubeconfigs are fakes
 * (a file name → its contexts); test/engines/rollout-live.test.ts runs real ones.
 */
import { Connection, KubeconfigError } from '../../lib/live/kubeconfig';
import { parseManagementKubeconfigs, routeWave } from '../../lib/live/management-kubeconfigs';

/** Files and their contexts; the first context is the current one. */
const FILES: Record<string, string[]> = { '/k/west.yaml': ['w'], '/k/east.yaml': ['e'], '/k/all.yaml': ['admin', 'west', 'east'] };
const read = (file: string, context?: string): Connection => {
  const contexts = FILES[file];
  if (!contexts) throw new KubeconfigError(`cannot read the kubeconfig ${file} (ENOENT).`);
  const name = context ?? contexts[0];
  if (!contexts.includes(name)) throw new KubeconfigError(`the kubeconfig ${file} has no context "${name}".`);
  return { server: `https://${file}#${name}`, context: name, insecure: false };
};
const contextsOf = (file: string) => {
  if (!FILES[file]) throw new KubeconfigError(`cannot read the kubeconfig ${file} (ENOENT).`);
  return FILES[file];
};
/** The example fleet: kv-dev on west, aws-prod and kv-lb on east. */
const PLACEMENT = { 'kubevirt-clusters/kv-dev': 'west', 'aws-clusters/aws-prod': 'east', 'kubevirt-clusters/kv-lb': 'east' };
const BOTH = ['kubevirt-clusters/kv-dev', 'aws-clusters/aws-prod'];

/** Each cluster → the `file#context` that reads it, or the refusal line; and the problems. */
function route(values: string[], clusters = BOTH, context?: string, managementClusters: Record<string, string> | null = PLACEMENT) {
  const parsed = parseManagementKubeconfigs(values, context);
  const routed = routeWave(parsed.kubeconfigs, { clusters, managementClusters: managementClusters ?? undefined }, read, contextsOf);
  const readers = Object.fromEntries([...routed.clusters].map(([c, r]) => [c, typeof r === 'string' ? r : r.server.replace('https:///k/', '')]));
  return { readers, problems: [...parsed.problems, ...routed.problems] };
}

test('one --kubeconfig <management>=<file> per management cluster: each cluster read on its own', () => {
  expect(route(['west=/k/west.yaml', 'east=/k/east.yaml'])).toEqual({ readers: { 'kubevirt-clusters/kv-dev': 'west.yaml#w', 'aws-clusters/aws-prod': 'east.yaml#e' }, problems: [] });
});

test('one file whose contexts are named after the management clusters, alone or after a named file', () => {
  expect(route(['/k/all.yaml'])).toEqual({ readers: { 'kubevirt-clusters/kv-dev': 'all.yaml#west', 'aws-clusters/aws-prod': 'all.yaml#east' }, problems: [] });
  expect(route(['/k/all.yaml', 'east=/k/east.yaml']).readers).toEqual({ 'kubevirt-clusters/kv-dev': 'all.yaml#west', 'aws-clusters/aws-prod': 'east.yaml#e' });
});

test('a wave on one management cluster: the single file\'s current context, or --context, as before', () => {
  expect(route(['/k/west.yaml'], ['kubevirt-clusters/kv-dev']).readers).toEqual({ 'kubevirt-clusters/kv-dev': 'west.yaml#w' });
  expect(route(['/k/all.yaml'], ['kubevirt-clusters/kv-lb', 'aws-clusters/aws-prod'], 'admin').readers).toEqual({ 'kubevirt-clusters/kv-lb': 'all.yaml#admin', 'aws-clusters/aws-prod': 'all.yaml#admin' });
  // A record written before placements were recorded: the one file reads the whole wave.
  expect(route(['/k/west.yaml'], BOTH, undefined, null).readers).toEqual({ 'kubevirt-clusters/kv-dev': 'west.yaml#w', 'aws-clusters/aws-prod': 'west.yaml#w' });
});

test('a management cluster without a kubeconfig: its clusters refused, naming the option to add, the others read', () => {
  expect(route(['west=/k/west.yaml'])).toEqual({
    readers: { 'kubevirt-clusters/kv-dev': 'west.yaml#w', 'aws-clusters/aws-prod': 'aws-clusters/aws-prod: its management cluster east has no kubeconfig: give --kubeconfig east=<file>' },
    problems: [],
  });
  // A file without contexts named after them cannot read two management clusters.
  expect(route(['/k/west.yaml']).readers).toEqual({
    'kubevirt-clusters/kv-dev': 'kubevirt-clusters/kv-dev: its management cluster west has no kubeconfig: give --kubeconfig west=<file>, or a context named west in /k/west.yaml',
    'aws-clusters/aws-prod': 'aws-clusters/aws-prod: its management cluster east has no kubeconfig: give --kubeconfig east=<file>, or a context named east in /k/west.yaml',
  });
});

test('wrong options: every one in one run, each naming the option and the fix', () => {
  expect(route(['west=/k/west.yaml', 'west=/k/east.yaml', 'north=/k/east.yaml', 'east=', 'east=/k/missing.yaml', '/k/all.yaml', '/k/west.yaml']).problems).toEqual([
    '--kubeconfig west= is given twice (/k/west.yaml, /k/east.yaml): give one file per management cluster.',
    '--kubeconfig east= names no file: write --kubeconfig east=<file>.',
    '--kubeconfig is given 2 files without a management cluster\'s name (/k/all.yaml, /k/west.yaml): name each as --kubeconfig <management>=<file>, or merge them into one file whose contexts are named after the management clusters.',
    '--kubeconfig north=/k/east.yaml: the fleet\'s rollout has no management cluster "north" (it has east, west): name one of them.',
    '--kubeconfig east=/k/missing.yaml: cannot read the kubeconfig /k/missing.yaml (ENOENT).',
  ]);
  expect(route(['/k/all.yaml'], BOTH, 'nope').problems).toEqual([
    '--context nope: one context reads one management cluster, and the wave\'s clusters are on west, east without a --kubeconfig of their own: give --kubeconfig <management>=<file> for each, or drop --context and name the file\'s contexts after the management clusters.',
  ]);
  expect(route(['/k/all.yaml'], ['kubevirt-clusters/kv-dev'], 'nope').problems).toEqual(['--kubeconfig /k/all.yaml --context nope: the kubeconfig /k/all.yaml has no context "nope".']);
  expect(route(['west=/k/west.yaml'], BOTH, 'w').problems).toEqual([expect.stringContaining('--context w picks a context of a --kubeconfig <file> without a name, and none is given')]);
  expect(route(['west=/k/west.yaml'], BOTH, undefined, null).problems).toEqual([expect.stringMatching(/^--kubeconfig west=\/k\/west.yaml: the rollout state does not say which management cluster/)]);
});

test('a value whose part before = is not a management cluster\'s name is a file', () => {
  expect(parseManagementKubeconfigs(['./a=b.yaml', '=x']).kubeconfigs).toEqual({ named: new Map(), file: './a=b.yaml' });
  expect(parseManagementKubeconfigs(['./a=b.yaml', '=x']).problems).toHaveLength(1);
});
