/**
 * The plain side of the engine benchmark: the Kubernetes objects the library side creates, read
 * from the JSON file named by config `objects` (the benchmark writes it from the library's own
 * registrations), each registered as a plain `@pulumi/kubernetes` resource with the same name and
 * inputs: phase by phase, each object depending on the whole previous phase and on its Namespace,
 * Secrets holding the secret config value `pullSecret` as a `pulumi.secret`. No components, no guards.
 * With config `skipSdkPromiseStacks` true it leaves the SDK's promise stacks unmapped as the library
 * does when it loads (lib/pulumi/sdk-promise-stacks.ts, from the repository's build), so that the
 * benchmark can tell that saving from the rest of the library's cost.
 */
'use strict';
const fs = require('fs');
const pulumi = require('@pulumi/pulumi');
const k8s = require('@pulumi/kubernetes');

const config = new pulumi.Config();
if (config.getBoolean('skipSdkPromiseStacks')) require('../../../build/lib/pulumi/sdk-promise-stacks').skipSdkPromiseStacks();
const pullSecret = config.requireSecret('pullSecret');
/** @type {{ clusters: Array<{ phases: Array<Array<{ name: string, type: string, args: any, secret?: { field: string, key: string } }>> }> }} */
const file = JSON.parse(fs.readFileSync(config.require('objects'), 'utf8'));

function register(item, dependsOn) {
  const opts = dependsOn.length > 0 ? { dependsOn } : {};
  const args = item.secret ? { ...item.args, [item.secret.field]: pulumi.secret(pullSecret.apply((v) => ({ [item.secret.key]: v }))) } : item.args;
  switch (item.type) {
    case 'kubernetes:core/v1:Namespace':
      return new k8s.core.v1.Namespace(item.name, args, opts);
    case 'kubernetes:core/v1:Secret':
      return new k8s.core.v1.Secret(item.name, args, opts);
    case 'kubernetes:core/v1:ConfigMap':
      return new k8s.core.v1.ConfigMap(item.name, args, opts);
    default:
      return new k8s.apiextensions.CustomResource(item.name, args, opts);
  }
}

let resources = 0;
for (const cluster of file.clusters) {
  let previous = [];
  let namespace;
  for (const phase of cluster.phases) {
    const registered = phase
      .slice()
      .sort((a, b) => Number(b.type === 'kubernetes:core/v1:Namespace') - Number(a.type === 'kubernetes:core/v1:Namespace'))
      .map((item) => {
        const inNamespace = namespace && item.args.metadata && item.args.metadata.namespace ? [namespace] : [];
        const resource = register(item, [...previous, ...inNamespace]);
        if (item.type === 'kubernetes:core/v1:Namespace') namespace = resource;
        return resource;
      });
    resources += registered.length;
    if (registered.length > 0) previous = registered;
  }
}
exports.resources = resources;
