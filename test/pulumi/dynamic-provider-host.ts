/**
 * The real dynamic-provider host of `@pulumi/pulumi`, started as the engine starts it: the
 * `pulumi-resource-pulumi-nodejs` script, in the program's folder, answering gRPC on the port it
 * prints. The engine then calls `Configure` and `Check` with the inputs it stored (`olds`) and the
 * new ones (`news`, which carry the serialized provider in `__provider`).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import * as path from 'node:path';
import * as grpc from '@grpc/grpc-js';
// The host's protocol, as generated into @pulumi/pulumi (no type declarations for the service client).
// eslint-disable-next-line @typescript-eslint/no-require-imports
const providerRpc = require('@pulumi/pulumi/proto/provider_grpc_pb');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const providerProto = require('@pulumi/pulumi/proto/provider_pb');
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { Struct } = require('google-protobuf/google/protobuf/struct_pb');

const ROOT = path.resolve(__dirname, '../..');

export interface CheckResult {
  readonly failures: Array<{ property: string; reason: string }>;
}

export interface DynamicProviderHost {
  check(urn: string, olds: Record<string, unknown>, news: Record<string, unknown>): Promise<CheckResult>;
  stop(): void;
}

/** Starts the host in `cwd` (the folder a Pulumi.yaml is in) and configures it as the engine does. */
export async function startDynamicProviderHost(cwd: string): Promise<DynamicProviderHost> {
  // The engine's address comes last; the host only dials it to log, which a check does not need.
  const child: ChildProcess = spawn('sh', [path.join(ROOT, 'node_modules/@pulumi/pulumi/pulumi-resource-pulumi-nodejs'), '127.0.0.1:1'], {
    cwd,
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true, // its own process group: the script starts node as a child, and stop() ends both
  });
  let stderr = '';
  child.stderr!.on('data', (d) => (stderr += d));
  const port = await new Promise<string>((resolve, reject) => {
    child.stdout!.once('data', (d) => resolve(String(d).trim()));
    child.once('exit', (code) => reject(new Error(`the dynamic-provider host exited with ${code}: ${stderr}`)));
  });
  const client = new providerRpc.ResourceProviderClient(`127.0.0.1:${port}`, grpc.credentials.createInsecure());
  const call = <T>(method: string, request: unknown): Promise<T> =>
    new Promise((resolve, reject) => client[method](request, (error: Error | null, response: T) => (error ? reject(error) : resolve(response))));
  const configure = new providerProto.ConfigureRequest();
  configure.setArgs(Struct.fromJavaScript({}));
  await call('configure', configure);
  return {
    async check(urn, olds, news) {
      const request = new providerProto.CheckRequest();
      request.setUrn(urn);
      request.setOlds(Struct.fromJavaScript(olds));
      request.setNews(Struct.fromJavaScript(news));
      const response = await call<{ getFailuresList(): Array<{ getProperty(): string; getReason(): string }> }>('check', request);
      return { failures: response.getFailuresList().map((f) => ({ property: f.getProperty(), reason: f.getReason() })) };
    },
    stop() {
      client.close();
      process.kill(-child.pid!);
    },
  };
}
