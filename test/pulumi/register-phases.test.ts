/**
 * How a judged object waits for the previous-state guard in an update (register-phases.ts): an
 * Output of no resources, so the state lists no dependency on the guard, and a preview of the
 * deployed stack (which does not wait) does not differ from it.
 */
import * as pulumi from '@pulumi/pulumi';
import { strictMocks, valueOf } from './strict-mocks';

const mocked = strictMocks();
let phases: typeof import('../../lib/pulumi/register-phases');
beforeAll(async () => {
  await mocked.load();
  phases = await import('../../lib/pulumi/register-phases');
});

class Guard extends pulumi.CustomResource {
  constructor(name: string) {
    super('test:index:Guard', name, {});
  }
}

test('the wait resolves to no resources once the resource is registered, and carries none', async () => {
  await mocked.newProgram();
  const guard = new Guard('guard');
  const wait = phases.afterRegistered(guard) as pulumi.Output<pulumi.Resource[]> & { resources(): Set<pulumi.Resource> };
  expect(pulumi.Output.isInstance(wait)).toBe(true);
  expect(wait.resources().size).toBe(0);
  expect(await valueOf(wait)).toEqual([]);
  expect(mocked.registrations.map((r) => r.name)).toContain('guard');
});

test('an SDK whose Outputs have no promise() gets the plain dependency', () => {
  const resource = { urn: {} } as unknown as pulumi.Resource;
  expect(phases.afterRegistered(resource)).toBe(resource);
});
