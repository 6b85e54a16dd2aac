/**
 * Every Secret and ConfigMap the planned objects name and the plan does not create (a secret
 * source `existingSecret`, a pull secret made by hand) exists on the management cluster with the
 * keys its controller reads; and every store an ExternalSecret reads from exists and is ready.
 * A missing one is found hours later, in a condition, otherwise.
 */
import type { KubernetesObject } from '../../api';
import { plannedKeys, providedAs, referencesOf } from '../../core/references';
import type { PreflightCheck, PreflightPlan } from '../preflight-check';
import { READS, conditionOf, idOf, plannedOf } from './reads';

export const referencesCheck: PreflightCheck = {
  name: 'referenced-secrets',
  reads(plan) {
    const kinds = new Set(outside(plan).map((r) => r.found.reference.kind));
    return [...(kinds.has('Secret') ? [READS.secrets] : []), ...(kinds.has('ConfigMap') ? [READS.configMaps] : [])];
  },
  run(plan, live, findings) {
    const references = outside(plan);
    const liveObjects = new Map<string, KubernetesObject>();
    for (const read of [READS.secrets, READS.configMaps]) for (const o of live.items(read) ?? []) liveObjects.set(`${o.kind}/${idOf(o)}`, o);
    let missing = 0;
    for (const { planned, found, namespace } of references) {
      const what = `${found.reference.kind} ${namespace}/${found.name}`;
      const object = liveObjects.get(`${found.reference.kind}/${namespace}/${found.name}`);
      if (!object) {
        missing++;
        findings.about(planned, 'error', found.path, `names ${what}, which this plan does not create and the management cluster does not have; the ${planned.object.kind} waits for it.`, `Create ${what} with the key${found.keys.length === 1 ? '' : 's'} ${quoted(found.keys) || 'it names'} before applying, or give the prop as a secret source the library creates.`);
        continue;
      }
      const keys = plannedKeys(object) ?? [];
      const absent = found.keys.filter((k) => !keys.includes(k));
      if (absent.length > 0) {
        missing++;
        findings.about(planned, 'error', found.path, `${what} on the management cluster has no key ${quoted(absent, ' or ')}${keys.length ? ` (it has ${quoted(keys)})` : ' (it is empty)'}, which is read here.`, `Add ${quoted(absent)} to ${what}, or name a ${found.reference.kind} that has ${absent.length === 1 ? 'it' : 'them'}.`);
      }
    }
    return `${references.length} Secret/ConfigMap reference(s) the plan does not create, ${missing} missing or without a key`;
  },
};

/** Key names as messages show them: `"key", "tls.crt"`. */
const quoted = (keys: readonly string[], separator = ', ') => keys.map((k) => JSON.stringify(k)).join(separator);

/** The references of planned objects to Secrets and ConfigMaps the plan does not create itself. */
function outside(plan: PreflightPlan) {
  const provided = new Set(plan.objects.map((p) => `${providedAs(p.object)}@${p.object.metadata.namespace ?? ''}`));
  return plan.objects.flatMap((planned) => {
    const namespace = planned.object.metadata.namespace ?? '';
    return referencesOf(planned.object)
      .filter((found) => !provided.has(`${found.reference.kind}/${found.name}@${namespace}`))
      .map((found) => ({ planned, found, namespace }));
  });
}

export const secretStoresCheck: PreflightCheck = {
  name: 'secret-stores',
  reads: (plan) => (plannedOf(plan, 'ExternalSecret').length > 0 ? [READS.secretStores, READS.clusterSecretStores] : []),
  run(plan, live, findings) {
    const stores = new Map<string, KubernetesObject>();
    for (const read of [READS.secretStores, READS.clusterSecretStores]) {
      for (const o of [...(live.items(read) ?? []), ...plannedOf(plan, read.kind).map((p) => p.object)]) stores.set(`${o.kind}/${o.kind === 'ClusterSecretStore' ? '' : (o.metadata.namespace ?? '')}/${o.metadata.name}`, o);
    }
    const externalSecrets = plannedOf(plan, 'ExternalSecret');
    let bad = 0;
    for (const planned of externalSecrets) {
      const ref = (planned.object as { spec?: { secretStoreRef?: { name?: string; kind?: string } } }).spec?.secretStoreRef;
      if (!ref?.name) continue;
      const kind = ref.kind ?? 'SecretStore';
      const store = stores.get(`${kind}/${kind === 'ClusterSecretStore' ? '' : (planned.object.metadata.namespace ?? '')}/${ref.name}`);
      const what = `${kind} ${kind === 'ClusterSecretStore' ? '' : `${planned.object.metadata.namespace}/`}${ref.name}`;
      if (!store) {
        bad++;
        findings.about(planned, 'error', 'spec.secretStoreRef.name', `reads from ${what}, which the management cluster does not have: external-secrets would never write the Secret.`, `Create ${what} (or name an existing store) before applying.`);
        continue;
      }
      const ready = conditionOf(store, 'Ready');
      if (ready && ready.status !== 'True') {
        bad++;
        findings.about(planned, 'warning', 'spec.secretStoreRef.name', `${what} is not Ready (${ready.reason ?? 'no reason'}${ready.message ? `: ${ready.message}` : ''}).`, `Fix ${what}'s provider settings or credentials.`);
      }
    }
    return `${stores.size} secret store(s) on the cluster or in the plan; ${externalSecrets.length} ExternalSecret(s) checked, ${bad} without a usable store`;
  },
};
