/**
 * Objects the plan creates that already exist on the management cluster under another owner:
 * a HostedCluster made with `hcp create cluster`, a Secret written by hand, an object another
 * Argo CD Application or Flux Kustomization delivers. Applying the plan would take their fields
 * over (or two tools would fight over them). The owner is read from the delivery tools' own
 * markers and from the field managers: an object someone applied with a delivery tool counts as
 * delivered; one only ever created or edited (no Apply) was made by hand or by a controller.
 */
import type { KubernetesObject } from '../../api';
import type { PlannedObject } from '../../core';
import type { Read } from '../live-state';
import type { PreflightCheck, PreflightPlan } from '../preflight-check';
import { idOf } from './reads';

/** Kinds that exist before any plan, or are meant to be shared: finding them is no collision. */
const SHARED_KINDS = new Set(['Namespace', 'CustomResourceDefinition']);
const ARGO_TRACKING = 'argocd.argoproj.io/tracking-id';
const ARGO_INSTANCE = 'app.kubernetes.io/instance';
const FLUX_NAME = 'kustomize.toolkit.fluxcd.io/name';

export const collisionsCheck: PreflightCheck = {
  name: 'name-collisions',
  reads: (plan) => readsOf(candidates(plan)),
  run(plan, live, findings) {
    const own = deliveryNames(plan);
    const candidatesByRead = new Map<string, PlannedObject[]>();
    for (const p of candidates(plan)) candidatesByRead.set(`${p.object.apiVersion} ${p.object.kind}`, [...(candidatesByRead.get(`${p.object.apiVersion} ${p.object.kind}`) ?? []), p]);
    let found = 0;
    let existing = 0;
    for (const [key, planned] of candidatesByRead) {
      const [apiVersion, kind] = key.split(' ');
      const byId = new Map((live.items({ apiVersion, kind }) ?? []).map((o) => [idOf(o), o]));
      for (const p of planned) {
        const object = byId.get(idOf(p.object));
        if (!object) continue;
        existing++;
        const owner = ownerOf(object);
        const what = `${p.object.kind} ${idOf(p.object).replace(/^\//, '')}`;
        if (owner.tool === 'argocd' && own.argocd.size > 0 && !own.argocd.has(owner.name)) {
          found++;
          findings.about(p, 'error', 'metadata.name', `${what} already exists and Argo CD Application ${owner.name} delivers it, not one of this app's (${[...own.argocd].join(', ')}): the two would overwrite each other.`, `Rename it, or remove it from ${owner.name} first.`);
        } else if (owner.tool === 'flux' && own.flux.size > 0 && !own.flux.has(owner.name)) {
          found++;
          findings.about(p, 'error', 'metadata.name', `${what} already exists and Flux Kustomization ${owner.name} delivers it, not one of this app's (${[...own.flux].join(', ')}): the two would overwrite each other.`, `Rename it, or remove it from ${owner.name} first.`);
        } else if (owner.tool === 'none') {
          found++;
          findings.about(p, 'warning', 'metadata.name', `${what} already exists and no delivery tool applied it (field managers: ${owner.managers.join(', ') || 'none'}): applying this plan takes over the fields it sets.`, 'If it is the same object (a cluster being adopted), go on; otherwise rename it.');
        }
      }
    }
    return `${candidates(plan).length} planned object(s) looked up, ${existing} already exist, ${found} owned by someone else`;
  },
};

/** What a synth creates (not patches, not namespaces): the objects a name collision would matter for. */
function candidates(plan: PreflightPlan): PlannedObject[] {
  return plan.objects.filter((p) => !p.patch && !SHARED_KINDS.has(p.object.kind) && p.object.metadata.name);
}

function readsOf(objects: readonly PlannedObject[]): Read[] {
  const reads = new Map<string, Read>();
  for (const { object } of objects) reads.set(`${object.apiVersion} ${object.kind}`, { apiVersion: object.apiVersion, kind: object.kind });
  return [...reads.values()];
}

/** The Argo CD Applications and Flux Kustomizations the plan itself creates. */
function deliveryNames(plan: PreflightPlan) {
  const names = (group: string, kind: string) => new Set(plan.objects.filter((p) => p.object.kind === kind && p.object.apiVersion.startsWith(group)).map((p) => p.object.metadata.name ?? ''));
  return { argocd: names('argoproj.io/', 'Application'), flux: names('kustomize.toolkit.fluxcd.io/', 'Kustomization') };
}

type Owner = { tool: 'argocd' | 'flux'; name: string } | { tool: 'applied' } | { tool: 'none'; managers: string[] };

function ownerOf(object: KubernetesObject): Owner {
  const tracking = object.metadata.annotations?.[ARGO_TRACKING];
  if (tracking) return { tool: 'argocd', name: tracking.split(':')[0] };
  const labels = object.metadata.labels ?? {};
  if (labels[FLUX_NAME]) return { tool: 'flux', name: labels[FLUX_NAME] };
  if (labels[ARGO_INSTANCE]) return { tool: 'argocd', name: labels[ARGO_INSTANCE] };
  const managed = (object.metadata as { managedFields?: Array<{ manager?: string; operation?: string }> }).managedFields ?? [];
  if (managed.some((m) => m.operation === 'Apply')) return { tool: 'applied' };
  return { tool: 'none', managers: [...new Set(managed.map((m) => m.manager ?? '?'))] };
}
