/**
 * A program as a consumer writes it: the package imported by name (`hcp-constructs/pulumi`, here
 * the repository's own build through its package.json `exports`), props read from JSON stack
 * config, the pull secret a secret config value. Config: `props` (HostedClusterProps as JSON),
 * `pullSecret` (secret), `supportedVersions` (the operator's list, JSON), `import` (true: also a
 * HostedClusterImport into ACM), `extraNodePool` (NodePoolProps as JSON: one more NodePool, added
 * with the `NodePool` component).
 */
import * as pulumi from '@pulumi/pulumi';
import type { HostedClusterProps, NodePoolProps } from 'hcp-constructs';
import { HostedClusterBundle, HostedClusterImport, NodePool } from 'hcp-constructs/pulumi';

const config = new pulumi.Config();
const props = config.requireObject<HostedClusterProps>('props');
const supportedVersions = config.requireObject<string[]>('supportedVersions');
const { pullSecret: _fromProps, ...rest } = props;
const cluster = new HostedClusterBundle(props.name, {
  ...rest,
  options: { supportedVersions },
  secretValues: { pullSecret: config.requireSecret('pullSecret') },
});
if (config.getBoolean('import')) {
  new HostedClusterImport(`${props.name}-import`, { cluster, labels: { environment: 'engine-suite' } });
}
const extraNodePool = config.getObject<NodePoolProps>('extraNodePool');
if (extraNodePool) new NodePool(`${props.name}-extra-pool`, { ...extraNodePool, cluster });
export const hostedClusterName = cluster.hostedClusterName;
