/**
 * Time to construct Pulumi programs of 1, 10 and 50 AWS hosted clusters (3 zones each) under
 * mocks: every resource registered and every Output resolved, each program in a process of its
 * own. For scale it also times bare resources (the Pulumi SDK's own cost per registration).
 * Prints figures; asserts nothing.
 *
 *   npm run bench:aws
 */
import { spawnSync } from 'child_process';
import { performance } from 'perf_hooks';
import * as pulumi from '@pulumi/pulumi';

let registered = 0;
const mocks: pulumi.runtime.Mocks = {
  newResource(args) {
    registered++;
    const inputs = args.inputs as Record<string, unknown>;
    const id = args.id || `${args.name}-id`;
    const extra: Record<string, unknown> = {};
    if (args.type === 'aws:iam/role:Role') extra.arn = `arn:aws:iam::123456789012:role/${String(inputs.name)}`;
    if (args.type === 'aws:route53/zone:Zone') extra.zoneId = `Z${registered}`;
    if (args.type === 'random:index/randomBytes:RandomBytes') extra.base64 = Buffer.alloc(32, 1).toString('base64');
    if (args.type === 'kubernetes:core/v1:Secret' && args.id) extra.data = { kubeconfig: Buffer.from('kubeconfig').toString('base64') };
    return { id, state: { ...inputs, ...extra } };
  },
  call(args) {
    if (args.token === 'aws:route53/getZone:getZone') return { ...args.inputs, zoneId: 'ZPUBLIC' };
    throw new Error(`unexpected call ${args.token}`);
  },
};

async function program(clusters: number): Promise<{ seconds: number; resources: number }> {
  await pulumi.runtime.setMocks(mocks, 'bench', `bench-${clusters}`, false);
  const { AwsHostedCluster } = await import('../lib/pulumi/aws');
  registered = 0;
  const start = performance.now();
  const built = Array.from({ length: clusters }, (_, i) => {
    const name = `bench-${i}`;
    const zones = ['us-east-2a', 'us-east-2b', 'us-east-2c'];
    return new AwsHostedCluster(name, {
      name,
      baseDomain: 'example.com',
      release: { image: 'quay.io/openshift-release-dev/ocp-release:4.16.4-x86_64' },
      aws: { region: 'us-east-2', zones, oidc: { bucketName: 'bench-oidc', bucketRegion: 'us-east-2' } },
      secretValues: { pullSecret: pulumi.secret('{"auths":{}}') },
      nodePools: zones.map((zone) => ({ name: `${name}-${zone}`, replicas: 2, platform: { aws: { zone } } })),
    });
  });
  await Promise.all(built.map((c) => new Promise((resolve) => c.kubeconfig.apply(resolve))));
  return { seconds: (performance.now() - start) / 1000, resources: registered };
}

/** The SDK's floor: `count` bare VPCs with two tags, registered and resolved. */
async function bareResources(count: number): Promise<number> {
  await pulumi.runtime.setMocks(mocks, 'bench', 'bare', false);
  const aws = await import('@pulumi/aws');
  new aws.ec2.Vpc('warm-up', { cidrBlock: '10.0.0.0/16' });
  const start = performance.now();
  const vpcs = Array.from({ length: count }, (_, i) => new aws.ec2.Vpc(`vpc-${i}`, { cidrBlock: '10.0.0.0/16', tags: { a: 'b', c: 'd' } }));
  await Promise.all(vpcs.map((vpc) => new Promise((resolve) => vpc.id.apply(resolve))));
  return (performance.now() - start) / 1000;
}

/** One measurement in this process, printed as JSON (the parent runs each in a fresh process). */
async function child(what: string): Promise<void> {
  if (what === 'bare') {
    console.log(JSON.stringify({ seconds: await bareResources(600), resources: 600 }));
    return;
  }
  const loadStart = performance.now();
  await import('../lib/pulumi/aws');
  const loadMs = performance.now() - loadStart;
  console.log(JSON.stringify({ ...(await program(Number(what))), loadMs }));
}

function measure(what: string): { seconds: number; resources: number; loadMs?: number } {
  const run = spawnSync(process.execPath, [__filename, what], { encoding: 'utf8' });
  if (run.status !== 0) throw new Error(run.stderr);
  return JSON.parse(run.stdout.trim().split('\n').pop()!);
}

function main(): void {
  const bare = measure('bare');
  const perResourceMs = (bare.seconds * 1000) / bare.resources;
  console.log(`Pulumi SDK floor under mocks: ${perResourceMs.toFixed(2)} ms per bare resource (${bare.resources} VPCs in ${bare.seconds.toFixed(2)} s)`);
  console.log('clusters | resources | seconds | of which the SDK floor | load hcp-constructs/pulumi/aws');
  for (const clusters of [1, 10, 50]) {
    const { seconds, resources, loadMs } = measure(String(clusters));
    const floor = (resources * perResourceMs) / 1000;
    console.log(`${String(clusters).padStart(8)} | ${String(resources).padStart(9)} | ${seconds.toFixed(2).padStart(7)} | ${floor.toFixed(2).padStart(22)} | ${Math.round(loadMs ?? 0)} ms`);
  }
}

// pulumi.log.warn prints each cluster's SingleReplica warning; keep the figures readable.
console.warn = () => undefined;
if (process.argv[2]) {
  child(process.argv[2]).catch((error) => {
    console.error(error);
    process.exitCode = 1;
  });
} else {
  main();
}
