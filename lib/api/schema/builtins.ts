/**
 * The built-in kinds the library emits, with the schema of the Kubernetes API (core/v1,
 * rbac.authorization.k8s.io/v1, storage.k8s.io/v1) and the apimachinery checks their API server strategies run
 * (data keys, base64 values, sizes). Written by hand: a few kinds, kept small at runtime.
 */
import { configMapKey } from './names';
import type { KindSchema, SchemaNode } from './types';
import type { WalkContext } from './validate';
import { childPath } from './validate';

const str: SchemaNode = { type: 'string' };
const strings: SchemaNode = { type: 'array', items: str };
const stringMap: SchemaNode = { type: 'object', additionalProperties: str };
const int32: SchemaNode = { type: 'integer' };
const meta: SchemaNode = { type: 'object' };
const base = (apiVersion: string, kind: string) => ({
  apiVersion: { type: 'string', enum: [apiVersion] } as SchemaNode,
  kind: { type: 'string', enum: [kind] } as SchemaNode,
  metadata: meta,
});

const policyRule: SchemaNode = {
  type: 'object',
  required: ['verbs'],
  properties: { apiGroups: strings, nonResourceURLs: strings, resourceNames: strings, resources: strings, verbs: strings },
};

const subject: SchemaNode = {
  type: 'object',
  required: ['kind', 'name'],
  properties: { apiGroup: str, kind: str, name: str, namespace: str },
};

const servicePort: SchemaNode = {
  type: 'object',
  required: ['port'],
  properties: {
    appProtocol: str,
    name: str,
    nodePort: int32,
    port: { type: 'integer', minimum: 1, maximum: 65535 },
    protocol: { type: 'string', enum: ['TCP', 'UDP', 'SCTP'] },
    targetPort: { intOrString: true },
  },
};

export const BUILT_IN_KINDS: readonly KindSchema[] = [
  {
    // Emitted whole (the default class, as LVM Storage makes it): the API server requires its provisioner.
    apiVersion: 'storage.k8s.io/v1', kind: 'StorageClass', namespaced: false, nameRule: 'dns-subdomain',
    schema: {
      type: 'object',
      required: ['provisioner'],
      properties: {
        ...base('storage.k8s.io/v1', 'StorageClass'),
        allowVolumeExpansion: { type: 'boolean' },
        mountOptions: strings,
        parameters: stringMap,
        provisioner: str,
        reclaimPolicy: { type: 'string', enum: ['Delete', 'Retain', 'Recycle'] },
        volumeBindingMode: { type: 'string', enum: ['Immediate', 'WaitForFirstConsumer'] },
      },
    },
  },
  {
    apiVersion: 'v1', kind: 'Namespace', namespaced: false, nameRule: 'dns-label',
    schema: { type: 'object', properties: { ...base('v1', 'Namespace'), spec: { type: 'object', properties: { finalizers: strings } } } },
  },
  {
    apiVersion: 'v1', kind: 'Secret', namespaced: true, nameRule: 'dns-subdomain', extra: 'data-keys',
    schema: {
      type: 'object',
      properties: {
        ...base('v1', 'Secret'),
        data: { type: 'object', additionalProperties: { type: 'string', format: 'byte' } },
        immutable: { type: 'boolean' },
        stringData: stringMap,
        type: str,
      },
    },
  },
  {
    apiVersion: 'v1', kind: 'ConfigMap', namespaced: true, nameRule: 'dns-subdomain', extra: 'data-keys',
    schema: {
      type: 'object',
      properties: {
        ...base('v1', 'ConfigMap'),
        binaryData: { type: 'object', additionalProperties: { type: 'string', format: 'byte' } },
        data: stringMap,
        immutable: { type: 'boolean' },
      },
    },
  },
  {
    apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'Role', namespaced: true, nameRule: 'path-segment',
    schema: { type: 'object', properties: { ...base('rbac.authorization.k8s.io/v1', 'Role'), rules: { type: 'array', items: policyRule } } },
  },
  {
    apiVersion: 'rbac.authorization.k8s.io/v1', kind: 'RoleBinding', namespaced: true, nameRule: 'path-segment',
    schema: {
      type: 'object',
      required: ['roleRef'],
      properties: {
        ...base('rbac.authorization.k8s.io/v1', 'RoleBinding'),
        roleRef: { type: 'object', required: ['apiGroup', 'kind', 'name'], properties: { apiGroup: str, kind: { type: 'string', enum: ['Role', 'ClusterRole'] }, name: str } },
        subjects: { type: 'array', items: subject },
      },
    },
  },
  {
    apiVersion: 'v1', kind: 'Service', namespaced: true, nameRule: 'dns-1035-label',
    schema: {
      type: 'object',
      properties: {
        ...base('v1', 'Service'),
        spec: {
          type: 'object',
          properties: {
            clusterIP: str,
            clusterIPs: strings,
            externalName: str,
            externalTrafficPolicy: { type: 'string', enum: ['Cluster', 'Local'] },
            internalTrafficPolicy: { type: 'string', enum: ['Cluster', 'Local'] },
            ipFamilies: { type: 'array', items: { type: 'string', enum: ['IPv4', 'IPv6'] } },
            ipFamilyPolicy: { type: 'string', enum: ['SingleStack', 'PreferDualStack', 'RequireDualStack'] },
            loadBalancerClass: str,
            loadBalancerIP: str,
            loadBalancerSourceRanges: strings,
            ports: { type: 'array', items: servicePort, listType: 'map', listMapKeys: ['port', 'protocol'] },
            publishNotReadyAddresses: { type: 'boolean' },
            selector: stringMap,
            sessionAffinity: { type: 'string', enum: ['ClientIP', 'None'] },
            type: { type: 'string', enum: ['ClusterIP', 'NodePort', 'LoadBalancer', 'ExternalName'] },
          },
        },
      },
    },
  },
];

/** Secret and ConfigMap: the largest object the API server stores (1 MiB of data). */
const DATA_SIZE_LIMIT = 1024 * 1024;

/** The apimachinery checks of Secret and ConfigMap that a schema does not express. */
export function checkDataKeys(object: Record<string, unknown>, ctx: WalkContext): void {
  const seen = new Map<string, string>();
  let size = 0;
  for (const field of ['data', 'stringData', 'binaryData']) {
    const map = object[field];
    if (typeof map !== 'object' || map === null || Array.isArray(map)) continue;
    for (const [key, value] of Object.entries(map)) {
      const at = childPath(field, key);
      for (const m of configMapKey(key)) ctx.findings.push({ path: at, message: `Invalid value: ${JSON.stringify(key)}: ${m}`, fix: "use a key of letters, digits, '-', '_' and '.'" });
      if (object.kind === 'ConfigMap' && seen.has(key)) {
        ctx.findings.push({ path: at, message: `Invalid value: ${JSON.stringify(key)}: duplicate of key present in ${seen.get(key)}`, fix: `keep ${key} in data or binaryData, not both` });
      }
      seen.set(key, field);
      if (typeof value === 'string') size += field === 'stringData' ? Buffer.byteLength(value) : Math.floor((value.replace(/[\r\n=]/g, '').length * 3) / 4);
    }
  }
  if (size > DATA_SIZE_LIMIT) {
    ctx.findings.push({ path: 'data', message: `Too long: must have at most ${DATA_SIZE_LIMIT} bytes`, fix: `split the ${String(object.kind)} or store the data elsewhere` });
  }
}
