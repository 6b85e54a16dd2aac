/** `metadata` as the API server checks it on create (ObjectMeta, for every kind). */
import { ANNOTATIONS_SIZE_LIMIT, dns1035Label, dnsLabel, dnsSubdomain, labelValue, pathSegmentName, qualifiedName } from './names';
import type { KindSchema } from './types';
import { childPath, walk } from './validate';
import type { WalkContext } from './validate';

/** ObjectMeta's fields: anything else is an unknown field under strict field validation. */
const OBJECT_META_FIELDS = new Set([
  'name', 'generateName', 'namespace', 'selfLink', 'uid', 'resourceVersion', 'generation', 'creationTimestamp',
  'deletionTimestamp', 'deletionGracePeriodSeconds', 'labels', 'annotations', 'ownerReferences', 'finalizers', 'managedFields',
]);

const NAME_RULES: Record<KindSchema['nameRule'], (v: string) => string[]> = {
  'dns-subdomain': dnsSubdomain,
  'dns-label': dnsLabel,
  'dns-1035-label': dns1035Label,
  'path-segment': pathSegmentName,
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

export function checkMetadata(kind: KindSchema, meta: unknown, ctx: WalkContext): void {
  const add = (path: string, message: string, fix: string) => ctx.findings.push({ path, message, fix });
  if (!isObject(meta)) {
    add('metadata', `Invalid value: metadata must be an object, not ${meta === null ? 'null' : typeof meta}`, 'set metadata.name (and metadata.namespace)');
    return;
  }
  for (const key of Object.keys(meta)) {
    if (!OBJECT_META_FIELDS.has(key)) add(childPath('metadata', key), `unknown field "${childPath('metadata', key)}"`, `remove metadata.${key}: ObjectMeta has no such field`);
  }
  const { name, generateName, namespace, labels, annotations } = meta;
  if (name === undefined || name === '') {
    if (generateName === undefined || generateName === '') add('metadata.name', 'Required value: name or generateName is required', 'set metadata.name');
  } else if (typeof name !== 'string') {
    add('metadata.name', `Invalid value: metadata.name must be a string`, 'set metadata.name to a string');
  } else {
    for (const m of NAME_RULES[kind.nameRule](name)) add('metadata.name', `Invalid value: ${JSON.stringify(name)}: ${m}`, nameFix(kind.nameRule));
    const nameSchema = kind.schema.properties?.metadata?.properties?.name;
    if (nameSchema) walk(nameSchema, name, 'metadata.name', ctx, false);
  }
  if (kind.namespaced && namespace !== undefined && namespace !== '') {
    if (typeof namespace !== 'string') add('metadata.namespace', 'Invalid value: metadata.namespace must be a string', 'set metadata.namespace to a string');
    else for (const m of dnsLabel(namespace)) add('metadata.namespace', `Invalid value: ${JSON.stringify(namespace)}: ${m}`, nameFix('dns-label'));
  }
  if (labels !== undefined && labels !== null) {
    if (!isObject(labels)) add('metadata.labels', 'Invalid value: labels must be a map of strings', 'set metadata.labels to a map');
    else {
      for (const [k, v] of Object.entries(labels)) {
        const at = childPath('metadata.labels', k);
        for (const m of qualifiedName(k)) add(at, `Invalid value: ${JSON.stringify(k)}: ${m}`, 'use a label key such as example.com/name (prefix optional, name at most 63 characters)');
        if (typeof v !== 'string') add(at, `Invalid value: label values must be strings, not ${typeof v}`, `quote the value of ${at}`);
        else for (const m of labelValue(v)) add(at, `Invalid value: ${JSON.stringify(v)}: ${m}`, 'use at most 63 characters: letters, digits, -, _ and ., starting and ending with a letter or digit');
      }
    }
  }
  if (annotations !== undefined && annotations !== null) {
    if (!isObject(annotations)) add('metadata.annotations', 'Invalid value: annotations must be a map of strings', 'set metadata.annotations to a map');
    else {
      let size = 0;
      for (const [k, v] of Object.entries(annotations)) {
        const at = childPath('metadata.annotations', k);
        for (const m of qualifiedName(k.toLowerCase())) add(at, `Invalid value: ${JSON.stringify(k)}: ${m}`, 'use an annotation key such as example.com/name');
        if (typeof v !== 'string') add(at, `Invalid value: annotation values must be strings, not ${typeof v}`, `quote the value of ${at}`);
        size += k.length + (typeof v === 'string' ? Buffer.byteLength(v) : 0);
      }
      if (size > ANNOTATIONS_SIZE_LIMIT) {
        add('metadata.annotations', `Too long: may not be more than ${ANNOTATIONS_SIZE_LIMIT} bytes`, 'move large values out of annotations (into a ConfigMap)');
      }
    }
  }
}

function nameFix(rule: KindSchema['nameRule']): string {
  switch (rule) {
    case 'dns-label':
      return 'use at most 63 lowercase letters, digits and -, starting and ending with a letter or digit';
    case 'dns-1035-label':
      return 'use at most 63 lowercase letters, digits and -, starting with a letter and ending with a letter or digit';
    case 'dns-subdomain':
      return 'use at most 253 lowercase letters, digits, - and ., starting and ending with a letter or digit';
    case 'path-segment':
      return "use a name without '/' or '%' that is not '.' or '..'";
  }
}
