/**
 * `hcp-constructs preflight` as a user runs it, without a cluster: what it says when the
 * kubeconfig or the management cluster named cannot be used (exit 2), and that nothing is
 * written. Its checks against a real API server: test/engines/preflight.test.ts.
 */
import * as fs from 'fs';
import * as path from 'path';
import { edgeApp, hcp, makeProject, removeProject } from './cli';

let project: string;
beforeAll(() => {
  project = makeProject();
  fs.writeFileSync(path.join(project, 'main.ts'), edgeApp());
});
afterAll(() => removeProject(project));

test('a kubeconfig that is not there: exit 2, the file named, nothing written', () => {
  const run = hcp(project, 'preflight', '--kubeconfig', 'absent.kubeconfig');
  expect(run).toEqual({ status: 2, stdout: '', stderr: `hcp-constructs: cannot read the kubeconfig ${path.join(project, 'absent.kubeconfig')} (ENOENT).\nRun \`hcp-constructs preflight --help\` for usage.\n` });
  expect(fs.existsSync(path.join(project, 'dist'))).toBe(false);
});

test('a context the kubeconfig does not have, and a management cluster the app does not have', () => {
  fs.writeFileSync(path.join(project, 'hub.kubeconfig'), 'apiVersion: v1\nkind: Config\ncurrent-context: hub\ncontexts: [{name: hub, context: {cluster: hub, user: me}}]\nclusters: [{name: hub, cluster: {server: "https://127.0.0.1:1"}}]\nusers: [{name: me, user: {token: t}}]\n');
  expect(hcp(project, 'preflight', '--kubeconfig', 'hub.kubeconfig', '--context', 'east').stderr).toContain('has no context "east" (it has hub).');
  expect(hcp(project, 'preflight', '--kubeconfig', 'hub.kubeconfig', '--management', 'east')).toMatchObject({ status: 2, stderr: expect.stringContaining('the app has no management cluster "east" (it has its own (without --management)).') });
});

test('a server that does not answer: every check says it could not read, exit 1', () => {
  const run = hcp(project, 'preflight', '--kubeconfig', 'hub.kubeconfig');
  expect(run.status).toBe(1);
  expect(run.stdout).toMatch(/^Preflight of \d+ object\(s\) for the management cluster against https:\/\/127\.0\.0\.1:1 \(context hub\)/);
  expect(run.stdout).toContain('not checked: ');
  expect(run.stderr).toContain('could not be listed, so this check did not run');
});
