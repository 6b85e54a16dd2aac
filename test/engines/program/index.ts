/**
 * A program as a consumer writes it: the package imported by name (`hcp-constructs/pulumi`, here
 * the repository's own build through its package.json `exports`), props read from JSON stack
 * config, the pull secret a secret config value. Config: `props` (HostedClusterProps as JSON),
 * `pullSecret` (secret), `supportedVersions` (the operator's list, JSON), `import` (true: also a
 * HostedClusterImport into ACM), `extraNodePool` (NodePoolProps as JSON: one more NodePool, added
 * with the `NodePool` component), `backup` (HostedClusterBackupProps as JSON: the cluster's backup,
 * which brings the previous-state guard), `restore` (HostedClusterRestoreProps as JSON: its restore set).
 */
import * as pulumi from '@pulumi/pulumi';
import type { HostedClusterBackupProps, HostedClusterProps, HostedClusterRestoreProps, NodePoolProps } from 'hcp-constructs';
import { HostedClusterBackup, HostedClusterBundle, HostedClusterImport, HostedClusterRestore, NodePool } from 'hcp-constructs/pulumi';

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
const backup = config.getObject<HostedClusterBackupProps>('backup');
if (backup) new HostedClusterBackup(`${props.name}-backup`, { ...backup, cluster }, { dependsOn: cluster });
const restore = config.getObject<HostedClusterRestoreProps>('restore');
if (restore) new HostedClusterRestore(`${props.name}-restore`, { ...restore, cluster });
export const hostedClusterName = cluster.hostedClusterName;
