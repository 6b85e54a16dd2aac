/**
 * The library side of the engine benchmark: `clusters` (config, default 25) KubeVirt hosted
 * clusters, each a HostedClusterBundle from `hcp-constructs/pulumi` (the repository's build, by
 * package name) in its own namespace, the pull secret from the secret config value `pullSecret`.
 */
'use strict';
const pulumi = require('@pulumi/pulumi');
const { HostedClusterBundle } = require('hcp-constructs/pulumi');
const { clusterArgs } = require('./clusters');

const config = new pulumi.Config();
const count = config.getNumber('clusters') ?? 25;
const pullSecret = config.requireSecret('pullSecret');
for (let i = 0; i < count; i++) {
  const args = clusterArgs(i, pullSecret);
  new HostedClusterBundle(args.name, args);
}
exports.clusters = count;
