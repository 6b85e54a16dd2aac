/**
 * Every kind the plan applies is served by the management cluster in the version the library
 * writes, and every field the plan sets is in that version's installed schema. An operator older
 * than the library serves the kind without a newer field: the API server would drop the field
 * silently (pruning) or refuse the object (strict field validation). APIServices say which
 * group versions are served (CRDs register one each); CRDs give their kinds and schemas.
 */
import type { KubernetesObject } from '../../api';
import type { PlannedObject } from '../../core';
import type { PreflightCheck } from '../preflight-check';
import { READS, installedByPlan, someOf } from './reads';

type Schema = {
  readonly type?: string;
  readonly properties?: Readonly<Record<string, Schema>>;
  readonly additionalProperties?: Schema | boolean;
  readonly items?: Schema;
  readonly 'x-kubernetes-preserve-unknown-fields'?: boolean;
};
type Crd = KubernetesObject & {
  spec: { group: string; names: { kind: string }; versions?: Array<{ name: string; served?: boolean; schema?: { openAPIV3Schema?: Schema } }> };
};

/** At most this many unknown fields are named per kind. */
const SHOWN = 4;

export const installedApisCheck: PreflightCheck = {
  name: 'installed-apis',
  reads: (plan) => (plan.objects.length > 0 ? [READS.apiServices, READS.crds] : []),
  run(plan, live, findings) {
    const served = new Set((live.items(READS.apiServices) ?? []).map((s) => s.metadata.name));
    const crds = new Map((live.items(READS.crds) ?? []).map((crd) => [`${(crd as Crd).spec.group}/${(crd as Crd).spec.names.kind}`, crd as Crd]));
    const operators = installedByPlan(plan);
    const byKind = new Map<string, PlannedObject[]>();
    for (const planned of plan.objects) {
      const key = `${planned.object.apiVersion} ${planned.object.kind}`;
      byKind.set(key, [...(byKind.get(key) ?? []), planned]);
    }
    let missing = 0;
    let fields = 0;
    for (const [key, objects] of byKind) {
      const [apiVersion, kind] = key.split(' ');
      const [group, version] = apiVersion.includes('/') ? apiVersion.split('/') : ['', apiVersion];
      const crd = crds.get(`${group}/${kind}`);
      const versionServed = served.has(`${version}.${group}`); // APIService names: `v1beta1.hypershift.openshift.io`, and `v1.` for the core group
      const crdVersion = crd?.spec.versions?.find((v) => v.name === version && v.served !== false);
      if (!versionServed || (crd && !crdVersion) || (!crd && group !== '' && servedByCrds(crds, group))) {
        missing++;
        const later = operators.length > 0 && objects.every((o) => !o.object.apiVersion.startsWith('operators.coreos.com/'));
        const has = crd ? ` (its CRD serves ${crd.spec.versions?.filter((v) => v.served !== false).map((v) => v.name).join(', ') || 'no version'})` : '';
        findings.about(
          objects[0],
          later ? 'warning' : 'error',
          'apiVersion',
          `the management cluster does not serve ${kind} in ${apiVersion}${has}; ${objects.length} object(s) of the plan are of this kind${later ? `. This app installs operators (${someOf(operators)}), which may bring it` : ''}.`,
          later ? 'Run the preflight again once the operators this app installs are running.' : `Install or upgrade the operator that provides ${kind} (${group}) to a version serving ${version}.`,
        );
        continue;
      }
      const schema = crdVersion?.schema?.openAPIV3Schema;
      if (!schema) continue;
      const unknown = new Map<string, PlannedObject>();
      for (const planned of objects) for (const path of unknownFields(planned.object, schema)) if (!unknown.has(path)) unknown.set(path, planned);
      for (const [path, planned] of [...unknown].slice(0, SHOWN)) {
        fields++;
        findings.about(
          planned,
          'error',
          path,
          `the installed ${crd!.metadata.name} (${version}) has no field ${path}: the operator on the management cluster is older than the fields this plan sets, and the API server would drop or refuse it.`,
          `Upgrade the operator that provides ${kind} first, or leave out the prop that sets ${path}.`,
        );
      }
    }
    return `${served.size} served API versions, ${crds.size} CRDs; ${byKind.size} kind(s) of the plan checked, ${missing} not served, ${fields} unknown field(s)`;
  },
};

/** A group some CRD serves: a kind of it without a CRD is missing, not served by a built-in or aggregated API. */
function servedByCrds(crds: ReadonlyMap<string, Crd>, group: string): boolean {
  for (const crd of crds.values()) if (crd.spec.group === group) return true;
  return false;
}

/** The paths of fields of `object` (below its metadata) that `schema` does not declare. */
export function unknownFields(object: KubernetesObject, schema: Schema): string[] {
  const found: string[] = [];
  const walk = (value: unknown, node: Schema | undefined, path: string) => {
    if (!node || node['x-kubernetes-preserve-unknown-fields'] || value === null || typeof value !== 'object') return;
    if (Array.isArray(value)) {
      value.forEach((item, i) => walk(item, node.items, `${path}[${i}]`));
      return;
    }
    for (const [key, child] of Object.entries(value)) {
      const at = path === '' ? key : `${path}.${key}`;
      if (path === '' && (key === 'apiVersion' || key === 'kind' || key === 'metadata')) continue;
      const declared = node.properties?.[key];
      if (declared) walk(child, declared, at);
      else if (typeof node.additionalProperties === 'object') walk(child, node.additionalProperties, at);
      else if (node.additionalProperties !== true) found.push(at);
    }
  };
  walk(object, schema, '');
  return found;
}
