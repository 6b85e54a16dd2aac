/**
 * The benchmark's clusters: variant `i` of the KubeVirt example (examples/clusters.ts, as built into
 * build/examples), with its own name, namespace, etcd key Secret name and NodePool names, the pull
 * secret given as a secret value. Shared by the library program (index.js) and the benchmark, which
 * plans the same bundles under mocks to write the objects the plain program registers.
 */
'use strict';
const { EXAMPLE_OPTIONS, kubevirtCluster } = require('../../../build/examples/clusters');
const { SecretSource } = require('hcp-constructs');

/** The HostedClusterBundle args of cluster `i` (0-based), the pull secret being `pullSecret` (an Input). */
function clusterArgs(i, pullSecret) {
  const name = `kv-${String(i + 1).padStart(2, '0')}`;
  // The example's pull secret is read from a store: here it is a value, so that a Secret is created.
  const { pullSecret: _fromStore, ...props } = kubevirtCluster;
  return {
    ...props,
    name,
    namespace: `${name}-clusters`,
    secretEncryption: { aescbc: SecretSource.existing(`${name}-etcd-encryption-key`) },
    nodePools: props.nodePools.map((pool) => ({ ...pool, name: pool.name.replace(/^kv-dev/, name) })),
    options: EXAMPLE_OPTIONS,
    secretValues: { pullSecret },
  };
}

module.exports = { clusterArgs };
