/**
 * Test helper: a client for the shared crd-server (a real apiextensions-apiserver on loopback, see
 * ../shared/tools/crd-server/README.md) that dry-run creates custom resources against it. The
 * server is started by crd-server-start.ts, once per jest run (crd-server-suite.ts). Not a test itself.
 */
import * as fs from 'fs';
import * as https from 'https';
import * as path from 'path';

/** The project root (this file is test/conformance/crd-server.ts). */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');
/** `../shared` beside the project root, as every developer and CI run has it. */
export const SHARED_DIR = path.resolve(REPO_ROOT, '..', 'shared');
export const START_SCRIPT = path.join(SHARED_DIR, 'tools', 'crd-server', 'start');
export const STOP_SCRIPT = path.join(SHARED_DIR, 'tools', 'crd-server', 'stop');
export const REFERENCE_CRDS = path.join(SHARED_DIR, 'reference', 'crds');
/**
 * CRDs written for the tests, served beside the reference ones: kinds the library writes whose
 * upstream CRD is not in ../shared (OCM's ManagedClusterAddOn). A name the reference CRDs have too is
 * taken from them (see readCrds).
 * Each file says why it exists.
 */
export const TEST_CRDS = path.join(REPO_ROOT, 'test', 'conformance', 'crds');

export interface CrdServer {
  readonly url: string;
  readonly cert: string;
  readonly key: string;
  readonly kubeconfig: string;
  readonly dir: string;
  readonly agent: https.Agent;
  readonly certData: Buffer;
  readonly keyData: Buffer;
  /** {@link dryRunCreate} bound to this server. */
  dryRunCreate(object: ObjectLike): Promise<DryRunResult>;
}

export interface DryRunResult {
  readonly status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  readonly body: any;
}

/** Minimal shape of what we post. */
export interface ObjectLike {
  readonly apiVersion: string;
  readonly kind: string;
  readonly metadata: { readonly name: string; readonly namespace?: string };
}

/**
 * Resource (plural) names of the custom kinds the library emits, by `apiVersion kind`. A kind not
 * listed here makes {@link resourcePath} throw, so a new kind must be added on purpose.
 */
export const PLURALS: Readonly<Record<string, string>> = {
  'hypershift.openshift.io/v1beta1 HostedCluster': 'hostedclusters',
  'hypershift.openshift.io/v1beta1 NodePool': 'nodepools',
  'external-secrets.io/v1 ExternalSecret': 'externalsecrets',
  'operators.coreos.com/v1 OperatorGroup': 'operatorgroups',
  'operators.coreos.com/v1alpha1 Subscription': 'subscriptions',
  'operators.coreos.com/v1alpha1 CatalogSource': 'catalogsources',
  'multicluster.openshift.io/v1 MultiClusterEngine': 'multiclusterengines',
  'addon.open-cluster-management.io/v1alpha1 AddOnDeploymentConfig': 'addondeploymentconfigs',
  'addon.open-cluster-management.io/v1alpha1 ManagedClusterAddOn': 'managedclusteraddons',
  'metallb.io/v1beta1 MetalLB': 'metallbs',
  'metallb.io/v1beta1 IPAddressPool': 'ipaddresspools',
  'metallb.io/v1beta1 L2Advertisement': 'l2advertisements',
  'metallb.io/v1beta1 BGPAdvertisement': 'bgpadvertisements',
  'metallb.io/v1beta2 BGPPeer': 'bgppeers',
  'hco.kubevirt.io/v1beta1 HyperConverged': 'hyperconvergeds',
  'agent-install.openshift.io/v1beta1 AgentServiceConfig': 'agentserviceconfigs',
  'agent-install.openshift.io/v1beta1 InfraEnv': 'infraenvs',
  'agent-install.openshift.io/v1beta1 NMStateConfig': 'nmstateconfigs',
  'metal3.io/v1alpha1 BareMetalHost': 'baremetalhosts',
  'kubevirt.io/v1 VirtualMachine': 'virtualmachines',
  // Node configuration, posted from inside the NodePools' ConfigMaps.
  'machineconfiguration.openshift.io/v1 MachineConfig': 'machineconfigs',
  'machineconfiguration.openshift.io/v1 KubeletConfig': 'kubeletconfigs',
  'machineconfiguration.openshift.io/v1 ContainerRuntimeConfig': 'containerruntimeconfigs',
  'config.openshift.io/v1 ImageDigestMirrorSet': 'imagedigestmirrorsets',
  'config.openshift.io/v1 ImageTagMirrorSet': 'imagetagmirrorsets',
  'config.openshift.io/v1 Image': 'images',
  'tuned.openshift.io/v1 Tuned': 'tuneds',
  'performance.openshift.io/v2 PerformanceProfile': 'performanceprofiles',
  'sriovnetwork.openshift.io/v1 SriovNetworkNodePolicy': 'sriovnetworknodepolicies',
  'sriovnetwork.openshift.io/v1 SriovNetwork': 'sriovnetworks',
  'cloudcredential.openshift.io/v1 CredentialsRequest': 'credentialsrequests',
  'operator.openshift.io/v1 IngressController': 'ingresscontrollers',
  // Backup and restore (OADP, Velero).
  'oadp.openshift.io/v1alpha1 DataProtectionApplication': 'dataprotectionapplications',
  'velero.io/v1 Backup': 'backups',
  'velero.io/v1 Schedule': 'schedules',
  'velero.io/v1 Restore': 'restores',
  // Imports into ACM/MCE (and an edge site's registration).
  'cluster.open-cluster-management.io/v1 ManagedCluster': 'managedclusters',
  'agent.open-cluster-management.io/v1 KlusterletAddonConfig': 'klusterletaddonconfigs',
  // Edge sites (image-based installation) on the hub.
  'extensions.hive.openshift.io/v1alpha1 ImageClusterInstall': 'imageclusterinstalls',
  'hive.openshift.io/v1 ClusterDeployment': 'clusterdeployments',
  'hive.openshift.io/v1 ClusterImageSet': 'clusterimagesets',
  // Delivery: Argo CD (and its operator's ArgoCD, from test/conformance/crds), Flux and ACM.
  'argoproj.io/v1alpha1 AppProject': 'appprojects',
  'argoproj.io/v1alpha1 ApplicationSet': 'applicationsets',
  'argoproj.io/v1beta1 ArgoCD': 'argocds',
  'source.toolkit.fluxcd.io/v1 GitRepository': 'gitrepositories',
  'kustomize.toolkit.fluxcd.io/v1 Kustomization': 'kustomizations',
  'cluster.open-cluster-management.io/v1beta2 ManagedClusterSetBinding': 'managedclustersetbindings',
  'cluster.open-cluster-management.io/v1beta1 Placement': 'placements',
  'apps.open-cluster-management.io/v1beta1 GitOpsCluster': 'gitopsclusters',
};

/** Cluster-scoped custom kinds (posted without a namespace). */
export const CLUSTER_SCOPED: ReadonlySet<string> = new Set(['MultiClusterEngine', 'ManagedCluster', 'AgentServiceConfig', 'MachineConfig', 'KubeletConfig', 'ContainerRuntimeConfig', 'ImageDigestMirrorSet', 'ImageTagMirrorSet', 'Image', 'PerformanceProfile', 'ClusterImageSet']);

/** Built-in API groups the CRD server does not serve. */
export const BUILT_IN_API_VERSIONS: readonly string[] = ['v1', 'rbac.authorization.k8s.io/v1', 'storage.k8s.io/v1'];

export function isCustomResource(object: { apiVersion: string }): boolean {
  return !BUILT_IN_API_VERSIONS.includes(object.apiVersion);
}

/** The collection path to POST an object to, e.g. `/apis/hypershift.openshift.io/v1beta1/namespaces/clusters/hostedclusters`. */
export function resourcePath(object: ObjectLike): string {
  const plural = PLURALS[`${object.apiVersion} ${object.kind}`];
  if (!plural) {
    throw new Error(
      `no plural known for ${object.apiVersion} ${object.kind}; add it to PLURALS in test/conformance/crd-server.ts`,
    );
  }
  if (!object.apiVersion.includes('/')) throw new Error(`${object.apiVersion} is a core API version, not a custom resource`);
  if (CLUSTER_SCOPED.has(object.kind)) return `/apis/${object.apiVersion}/${plural}`;
  const namespace = object.metadata.namespace;
  if (!namespace) throw new Error(`${object.kind} ${object.metadata.name} has no namespace`);
  return `/apis/${object.apiVersion}/namespaces/${encodeURIComponent(namespace)}/${plural}`;
}

/** True when the shared start script is present beside the repository. */
export function sharedAvailable(): boolean {
  return fs.existsSync(START_SCRIPT);
}

/** How to reach a running server: what the start script prints, and its state folder. */
export interface CrdServerInfo {
  readonly url: string;
  readonly cert: string;
  readonly key: string;
  readonly kubeconfig: string;
  readonly dir: string;
}

/** A client for a running server, with its own keep-alive agent (destroy it when done). */
export function connectCrdServer(info: CrdServerInfo, maxSockets = 8): CrdServer {
  const server: CrdServer = {
    ...info,
    certData: fs.readFileSync(info.cert),
    keyData: fs.readFileSync(info.key),
    agent: new https.Agent({ keepAlive: true, maxSockets }),
    dryRunCreate: (object) => dryRunCreate(server, object),
  };
  return server;
}

/** Sends one request to the server; the body is parsed as JSON when it is JSON. */
export function request(server: CrdServer, method: string, urlPath: string, body?: unknown): Promise<DryRunResult> {
  return new Promise((resolve, reject) => {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const req = https.request(
      new URL(urlPath, server.url),
      {
        method,
        agent: server.agent,
        cert: server.certData,
        key: server.keyData,
        rejectUnauthorized: false,
        headers: {
          Accept: 'application/json',
          ...(payload ? { 'Content-Type': 'application/json', 'Content-Length': payload.length } : {}),
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // keep the text
          }
          resolve({ status: res.statusCode ?? 0, body: parsed });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    if (payload) req.write(payload);
    req.end();
  });
}

/**
 * Dry-run creates a custom resource with strict field validation: 201 when the API server would
 * accept it (body: the object with server defaults), else 4xx with a Status body.
 */
export function dryRunCreate(server: CrdServer, object: ObjectLike): Promise<DryRunResult> {
  return request(server, 'POST', `${resourcePath(object)}?dryRun=All&fieldValidation=Strict`, object);
}

/** A readable account of a rejection: the message and every cause's field and message. */
export function describeRejection(result: DryRunResult): string {
  const body = result.body;
  if (typeof body !== 'object' || body === null) return `HTTP ${result.status}: ${String(body)}`;
  const causes: Array<{ field?: string; message?: string; reason?: string }> = body.details?.causes ?? [];
  const lines = causes.map((c) => `  - ${c.field ?? '(no field)'}: ${c.message ?? c.reason ?? ''}`);
  return [`HTTP ${result.status} ${body.reason ?? ''}: ${body.message ?? ''}`, ...lines].join('\n');
}
