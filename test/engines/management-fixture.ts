/**
 * The management cluster as the engine suites find it: a kube-apiserver loaded with the CRDs the
 * operators would have registered, and what OpenShift itself has made before any program runs.
 */
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as yaml from 'js-yaml';
import { REFERENCE_CRDS, TEST_CRDS } from '../conformance/crd-server';
import { engineTool } from './engine-tools';
import { startKubeServer, type KubeServer } from './kube-server';
import { StandInOperators } from './stand-in-operators';

/**
 * The CRDs the server is loaded with: the reference set, but HyperConverged with the version the
 * library writes (v1beta1) as its only one. The real CRD stores v1 and converts through the HCO's
 * own conversion webhook, which does not run here: without it the server stores the v1beta1
 * object under v1 unconverted, and every later write of it (the operator's status) is refused.
 */
export function engineCrds(): string[] {
  const hco = 'hyperconverged-cluster-operator';
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'hcp-crds-'));
  const file = path.join(REFERENCE_CRDS, hco, 'hco.kubevirt.io_hyperconvergeds.yaml');
  const crd = yaml.load(fs.readFileSync(file, 'utf8')) as { spec: { versions: Array<{ name: string; storage: boolean }> } };
  crd.spec.versions = crd.spec.versions.filter((v) => v.name === 'v1beta1').map((v) => ({ ...v, storage: true }));
  fs.writeFileSync(path.join(dir, 'hyperconvergeds.yaml'), yaml.dump(crd));
  const others = fs.readdirSync(REFERENCE_CRDS).filter((d) => d !== hco && fs.statSync(path.join(REFERENCE_CRDS, d)).isDirectory());
  return [...others.map((d) => path.join(REFERENCE_CRDS, d)), TEST_CRDS, dir];
}

/**
 * What an OpenShift management cluster has before the program runs, and the program expects:
 * its nodes (ManagementCluster labels and taints them), the namespaces OpenShift makes, and the
 * default IngressController (ManagementCluster patches it for wildcard routes).
 */
export function createOpenShiftBasics(server: KubeServer): void {
  const objects = [
    ...['worker-0', 'worker-1', 'worker-2'].map((name) => ({ apiVersion: 'v1', kind: 'Node', metadata: { name } })),
    ...['openshift-ingress-operator', 'openshift-config', 'openshift-marketplace'].map((name) => ({ apiVersion: 'v1', kind: 'Namespace', metadata: { name } })),
    { apiVersion: 'operator.openshift.io/v1', kind: 'IngressController', metadata: { name: 'default', namespace: 'openshift-ingress-operator' }, spec: {} },
  ];
  execFileSync(engineTool('kubectl')!, ['--kubeconfig', server.kubeconfig, 'create', '-f', '-'], { input: objects.map((o) => JSON.stringify(o)).join('\n') });
}

/** The management clusters of a fleet suite, by name: a server each, with OpenShift's basics and the stand-in operators. */
export async function startManagementServers(names: readonly string[], prefix: string): Promise<{ servers: Record<string, KubeServer>; stop: () => Promise<void> }> {
  const servers: Record<string, KubeServer> = {};
  const operators: StandInOperators[] = [];
  const stop = async () => {
    for (const o of operators) o.stop();
    for (const server of Object.values(servers)) await server.stop();
  };
  try {
    for (const name of names) {
      servers[name] = await startKubeServer({ crds: engineCrds(), name: `${prefix}-${name}` });
      createOpenShiftBasics(servers[name]);
      operators.push(new StandInOperators(servers[name]));
      await operators[operators.length - 1].start();
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { servers, stop };
}
