/** HcpResourceError as the Pulumi SDK reports it: `util.inspect` with colours, which the SDK runs on an uncaught error. */
import { inspect } from 'node:util';
import { HcpResourceError } from '../../lib/pulumi/errors';

test('inspected with colours, it is its stack as is, even with a frame of the SDK source-mapped under node_modules/@pulumi/<file>', () => {
  const error = new HcpResourceError([{ severity: 'error', object: 'HostedCluster clusters/kv', path: 'secretValues.pullSecret', message: 'the pull secret is not valid JSON.', fix: 'Provide a value in the documented format.' }]);
  // As the SDK's source maps name its frames: Node 20's colouring of such a line loops until the string is too long (RangeError).
  error.stack = `${error.name}: ${error.message}\n    at applyHelperAsync (/project/node_modules/@pulumi/output.ts:516:31)\n    at /project/node_modules/@pulumi/output.ts:378:13`;
  expect(inspect(error, { colors: true })).toBe(error.stack);
  expect(inspect(error)).toContain('secretValues.pullSecret: the pull secret is not valid JSON.');
});
