/**
 * Every finding in one run through the Pulumi component, under strict mocks (issue 17): the inputs
 * of the issue give the same findings as the core's check (test/unit/one-run-cases.ts) in the
 * constructor's HcpResourceError, and nothing is registered.
 */
import * as pulumi from '@pulumi/pulumi';
import { strictMocks, valueOf } from './strict-mocks';
import { formatIssues } from '../../lib/core';
import { ONE_RUN_CASES } from '../unit/one-run-cases';

const mocked = strictMocks();
let hcp: typeof import('../../lib/pulumi');
beforeAll(async () => {
  hcp = await mocked.load();
});

test.each(ONE_RUN_CASES.map((c, i) => [c.title, c, i] as const))('%s', async (_title, c, i) => {
  let thrown: unknown;
  let bundle: InstanceType<typeof hcp.HostedClusterBundle> | undefined;
  try {
    bundle = new hcp.HostedClusterBundle(`case-${i}`, { ...c.props, ...(c.options ? { options: c.options } : {}) } as never);
  } catch (error) {
    thrown = error;
  }
  if (c.lines.some((line) => line.startsWith('  error'))) {
    expect(thrown).toBeInstanceOf(hcp.HcpResourceError);
    const issues = (thrown as InstanceType<typeof hcp.HcpResourceError>).issues;
    expect(formatIssues(issues).split('\n')).toEqual(c.lines);
    // Nothing at all is registered: a sentinel resource is the only registration.
    const sentinel = new pulumi.ComponentResource('test:index:Sentinel', `sentinel-${i}`);
    await valueOf(sentinel.urn);
    expect(mocked.registrations.map((r) => r.type)).toEqual(['test:index:Sentinel']);
  } else {
    expect(thrown).toBeUndefined();
    // Every resource registered before the next program starts.
    await Promise.all([bundle!, ...bundle!.phases.flatMap((phase) => phase.resources)].map((resource) => valueOf(resource.urn)));
    await valueOf(bundle!.warnings);
    expect(mocked.registrations.some((r) => r.type === 'kubernetes:hypershift.openshift.io/v1beta1:HostedCluster')).toBe(true);
  }
});
