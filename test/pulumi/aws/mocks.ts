/**
 * Strict Pulumi mocks for the AWS components: every registration and read is recorded with the
 * dependencies the SDK sends to the engine (the edges `pulumi destroy` follows in reverse), the
 * only provider functions answered are `aws:route53/getZone:getZone` and `aws:ec2/getAmi:getAmi`,
 * and AWS resources get IDs and ARNs of the real formats.
 */
import { createHash } from 'crypto';
import * as pulumi from '@pulumi/pulumi';
import { valueOf } from '../strict-mocks';

export interface Registration {
  readonly type: string;
  readonly name: string;
  readonly inputs: Record<string, unknown>;
  readonly provider?: string;
  readonly custom?: boolean;
  /** Set for reads (`Resource.get`). */
  readonly id?: string;
}

export interface RecordedCall {
  readonly token: string;
  readonly inputs: Record<string, unknown>;
}

export const ACCOUNT = '123456789012';
export const PUBLIC_ZONE_ID = 'Z0PUBLICZONE123456789';
export const AMI_ID = 'ami-0a1b2c3d4e5f60718';
export const BASTION_IP = '203.0.113.10';
export const NAME_SERVERS = ['ns-1.awsdns-01.org', 'ns-2.awsdns-02.co.uk'];
export const ADMIN_KUBECONFIG = 'apiVersion: v1\nkind: Config\nclusters: [{name: hosted, cluster: {server: "https://api.example:6443"}}]\n';
export const ETCD_KEY = Buffer.alloc(32, 0x42).toString('base64');

const hex = (seed: string, length = 17) => createHash('sha256').update(seed).digest('hex').slice(0, length);

/** The state AWS (or Kubernetes) would return for a registration: the inputs plus the IDs it assigns. */
function stateOf(args: pulumi.runtime.MockResourceArgs): { id: string; state: Record<string, unknown> } {
  const inputs = args.inputs as Record<string, unknown>;
  const name = String(inputs.name ?? args.name);
  const state: Record<string, unknown> = { ...inputs };
  let id = `${args.name}-id`;
  switch (args.type) {
    case 'aws:ec2/vpc:Vpc':
      id = `vpc-${hex(args.name)}`;
      break;
    case 'aws:ec2/subnet:Subnet':
      id = `subnet-${hex(args.name)}`;
      break;
    case 'aws:ec2/natGateway:NatGateway':
      id = `nat-${hex(args.name)}`;
      break;
    case 'aws:ec2/eip:Eip':
      id = `eipalloc-${hex(args.name)}`;
      break;
    case 'aws:ec2/internetGateway:InternetGateway':
      id = `igw-${hex(args.name)}`;
      break;
    case 'aws:ec2/routeTable:RouteTable':
      id = `rtb-${hex(args.name)}`;
      break;
    case 'aws:route53/zone:Zone':
      id = `Z${hex(args.name, 20).toUpperCase()}`;
      Object.assign(state, { zoneId: id, primaryNameServer: 'ns-1536.awsdns-00.co.uk', nameServers: NAME_SERVERS });
      break;
    case 'aws:ec2/securityGroup:SecurityGroup':
      id = `sg-${hex(args.name)}`;
      break;
    case 'aws:ec2/instance:Instance':
      id = `i-${hex(args.name)}`;
      state.publicIp = BASTION_IP;
      break;
    case 'aws:iam/role:Role':
      state.arn = `arn:aws:iam::${ACCOUNT}:role/${name}`;
      id = name;
      break;
    case 'aws:iam/openIdConnectProvider:OpenIdConnectProvider':
      state.arn = `arn:aws:iam::${ACCOUNT}:oidc-provider/${String(inputs.url).replace(/^https:\/\//, '')}`;
      break;
    case 'aws:iam/instanceProfile:InstanceProfile':
      state.arn = `arn:aws:iam::${ACCOUNT}:instance-profile/${name}`;
      id = name;
      break;
    case 'aws:kms/key:Key':
      id = `${hex(args.name, 8)}-0000-4000-8000-${hex(args.name, 12)}`;
      state.arn = `arn:aws:kms:us-east-2:${ACCOUNT}:key/${id}`;
      break;
    case 'random:index/randomBytes:RandomBytes':
      Object.assign(state, { base64: ETCD_KEY, hex: Buffer.from(ETCD_KEY, 'base64').toString('hex') });
      break;
    case 'kubernetes:core/v1:Secret':
      // A read of the admin kubeconfig Secret the operator writes.
      if (args.id) Object.assign(state, { data: { kubeconfig: Buffer.from(ADMIN_KUBECONFIG).toString('base64') } });
      break;
  }
  // A registration carries its import ID, usually "": the mock assigns one.
  return { id: args.id || id, state };
}

/** One program run's record, and the mocks that fill it. */
export class MockRecord {
  registrations: Registration[] = [];
  calls: RecordedCall[] = [];
  /** URN -> URNs it depends on (explicit dependsOn, expanded by the SDK, and the Outputs it takes). */
  dependencies = new Map<string, string[]>();

  /** What the resource `type`/`name` was registered depending on, as `<type> <name>` (Pulumi sends these edges to the engine). */
  dependenciesOf(type: string, name: string): string[] {
    const urns = [...this.dependencies.keys()].filter((urn) => typeOfUrn(urn) === type && nameOfUrn(urn) === name);
    if (urns.length !== 1) throw new Error(`${urns.length} registrations of ${type} ${name}`);
    return this.dependencies.get(urns[0])!.map((urn) => `${typeOfUrn(urn)} ${nameOfUrn(urn)}`);
  }

  readonly mocks: pulumi.runtime.Mocks = {
    newResource: (args) => {
      this.registrations.push({ type: args.type, name: args.name, inputs: args.inputs, provider: args.provider, custom: args.custom, ...(args.id ? { id: args.id } : {}) });
      return stateOf(args);
    },
    call: (args) => {
      this.calls.push({ token: args.token, inputs: args.inputs });
      if (args.token === 'aws:route53/getZone:getZone') {
        return { ...args.inputs, id: PUBLIC_ZONE_ID, zoneId: PUBLIC_ZONE_ID, arn: `arn:aws:route53:::hostedzone/${PUBLIC_ZONE_ID}` };
      }
      if (args.token === 'aws:ec2/getAmi:getAmi') return { ...args.inputs, id: AMI_ID, imageId: AMI_ID };
      throw new Error(`unexpected provider function call: ${args.token}`);
    },
  };

  /** A new program run (new engine connection, so a new program plan) with dependency capture. */
  async newProgram(): Promise<void> {
    this.registrations = [];
    this.calls = [];
    this.dependencies = new Map();
    await pulumi.runtime.setMocks(this.mocks, 'hcp-constructs', 'test', false);
    type Request = { getType(): string; getName(): string; getParent(): string; getDependenciesList(): string[] };
    const monitor = pulumi.runtime.getMonitor() as unknown as Record<'registerResource' | 'readResource', (req: Request, callback: unknown) => unknown>;
    for (const method of ['registerResource', 'readResource'] as const) {
      const original = monitor[method].bind(monitor);
      monitor[method] = (req, callback) => {
        const parent = req.getParent();
        const chain = parent ? `${parent.split('::')[2]}$` : '';
        this.dependencies.set(`urn:pulumi:test::hcp-constructs::${chain}${req.getType()}::${req.getName()}`, [...req.getDependenciesList()]);
        return original(req, callback);
      };
    }
  }

  byType(type: string): Registration[] {
    return this.registrations.filter((r) => r.type === type);
  }

  one(type: string, name: string): Registration {
    const found = this.registrations.filter((r) => r.type === type && r.name === name);
    if (found.length !== 1) throw new Error(`${found.length} registrations of ${type} ${name}`);
    return found[0];
  }
}

/** The resource type of a URN (the last of its type chain). */
export const typeOfUrn = (urn: string) => urn.split('::')[2].split('$').pop()!;
export const nameOfUrn = (urn: string) => urn.split('::').slice(3).join('::');

export { isRpcSecret, unwrapSecrets, valueOf } from '../strict-mocks';

/** Lets every pending registration reach the mock. */
export async function settle(...outputs: pulumi.Output<unknown>[]): Promise<void> {
  await Promise.all(outputs.map(valueOf));
  for (let i = 0; i < 5; i++) await new Promise((resolve) => setTimeout(resolve, 10));
}
