/**
 * docs/design.md's recipe for a new kind, followed by test/recipe/greeting-*.ts: one planner and two
 * thin classes give synthesis with sync waves, findings with paths, a check across the app that
 * holds whichever construct comes first, and the same objects through Pulumi.
 */
import { App, Chart, Testing } from 'cdk8s';
import { strictMocks, valueOf } from '../pulumi/strict-mocks';
import { collectIssues } from '../../lib/cdk8s/engine/issues';
import { Greeting } from './greeting-adapters';

const mocked = strictMocks();
let adapters: typeof import('./greeting-adapters');
beforeAll(async () => {
  await mocked.load();
  adapters = await import('./greeting-adapters');
});

test('cdk8s: the planned object is rendered with its phase as the sync wave', () => {
  const app = Testing.app();
  const chart = new Chart(app, 'c');
  const greeting = new Greeting(chart, 'hello', { name: 'hello', text: 'hi there' });
  expect(greeting.plan?.configMap.data).toEqual({ text: 'hi there' });
  expect(Testing.synth(chart)).toEqual([
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: { name: 'hello', namespace: 'default', labels: { greeting: 'true' }, annotations: { 'argocd.argoproj.io/sync-wave': '4' } },
      data: { text: 'hi there' },
    },
  ]);
});

test('cdk8s: bad props give findings with their path and emit nothing', () => {
  const app = new App();
  const chart = new Chart(app, 'c');
  const greeting = new Greeting(chart, 'bad', { name: 'bad', text: 3 } as never);
  expect(greeting.plan).toBeUndefined();
  expect(greeting.apiObjects).toEqual([]);
  expect(greeting.issues.map((i) => i.path)).toEqual(['text']);
  expect(() => app.synth()).toThrow(/text/);
});

test('cdk8s: the check travels with the planner and judges greetings before and after it', () => {
  const app = new App();
  const chart = new Chart(app, 'c');
  new Greeting(chart, 'first', { name: 'first', text: 'same' });
  const second = new Greeting(chart, 'second', { name: 'second', text: 'same' });
  const third = new Greeting(chart, 'third', { name: 'third', text: 'other' });
  expect(second.issues.map((i) => i.message)).toEqual(['"same" is said by Greeting default/first (c/first) already.']);
  expect(second.plan).toBeUndefined();
  expect(third.plan).toBeDefined();
  expect(collectIssues(app).filter((i) => i.severity === 'error')).toHaveLength(1);
});

test('Pulumi: the same object, registered under the component; a finding throws before anything is registered', async () => {
  const component = new adapters.GreetingComponent('hello', { name: 'hello', text: 'hi there' });
  await Promise.all([component, ...component.phases.flatMap((p) => p.resources)].map((r) => valueOf(r.urn)));
  const configMaps = mocked.registrations.filter((r) => r.type === 'kubernetes:core/v1:ConfigMap');
  expect(configMaps.map((r) => r.inputs)).toEqual([
    { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'hello', namespace: 'default', labels: { greeting: 'true' } }, data: { text: 'hi there' } },
  ]);
  const before = mocked.registrations.length;
  expect(() => new adapters.GreetingComponent('again', { name: 'again', text: 'hi there' })).toThrow(/"hi there" is said by Greeting default\/hello \(component hello\) already/);
  await new Promise((resolve) => setTimeout(resolve, 10));
  expect(mocked.registrations.length).toBe(before);
});
