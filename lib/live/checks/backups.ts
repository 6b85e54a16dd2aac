/**
 * Backups and restores of hosted clusters need OADP's DataProtectionApplication in their
 * namespace with the hypershift plugin (OADP 1.5+ `defaultPlugins`; before, a custom plugin):
 * without it Velero copies a control plane that keeps writing, and restores it paused.
 */
import type { KubernetesObject } from '../../api';
import type { PreflightCheck } from '../preflight-check';
import { READS, conditionOf, installedByPlan, plannedOf } from './reads';

const VELERO_KINDS = ['Backup', 'Schedule', 'Restore'];

export const backupsCheck: PreflightCheck = {
  name: 'backup-plugin',
  reads: (plan) => (veleroObjects(plan).length > 0 ? [READS.dataProtection] : []),
  run(plan, live, findings) {
    const liveApps = live.items(READS.dataProtection);
    const plannedApps = plannedOf(plan, 'DataProtectionApplication').map((p) => p.object);
    const apps = [...plannedApps, ...(liveApps ?? []).filter((a) => !plannedApps.some((p) => p.metadata.namespace === a.metadata.namespace && p.metadata.name === a.metadata.name))];
    const objects = veleroObjects(plan);
    const later = installedByPlan(plan).length > 0;
    let bad = 0;
    for (const planned of objects) {
      const namespace = planned.object.metadata.namespace ?? '';
      const here = apps.filter((a) => a.metadata.namespace === namespace);
      if (here.length === 0) {
        bad++;
        findings.about(planned, later ? 'warning' : 'error', 'metadata.namespace', `no DataProtectionApplication in ${namespace}${liveApps === undefined ? ' (OADP is not installed)' : ''}: Velero does not run there, so the ${planned.object.kind} never starts.`, 'Install OADP with a DataProtectionApplication in that namespace (ManagementCluster dataProtection), then run the preflight again.');
        continue;
      }
      const withPlugin = here.filter(hasHypershiftPlugin);
      if (withPlugin.length === 0) {
        bad++;
        findings.about(planned, 'error', 'metadata.namespace', `DataProtectionApplication ${here.map((a) => `${namespace}/${a.metadata.name}`).join(', ')} has no hypershift plugin: Velero would copy the hosted control plane while it keeps writing, and restore it paused.`, "Add 'hypershift' to spec.configuration.velero.defaultPlugins (ManagementCluster dataProtection.plugins).");
        continue;
      }
      const reconciled = withPlugin.filter((a) => !plannedApps.includes(a)).map((a) => ({ a, c: conditionOf(a, 'Reconciled') })).find(({ c }) => c && c.status !== 'True');
      if (reconciled) findings.about(planned, 'warning', 'metadata.namespace', `DataProtectionApplication ${namespace}/${reconciled.a.metadata.name} is not Reconciled (${reconciled.c?.reason ?? ''}${reconciled.c?.message ? `: ${reconciled.c.message}` : ''}).`, 'Fix the DataProtectionApplication (its credentials and locations) first.');
    }
    return `${apps.length} DataProtectionApplication(s) (${plannedApps.length} planned); ${objects.length} Velero object(s) checked, ${bad} without a usable hypershift plugin`;
  },
};

function veleroObjects(plan: Parameters<PreflightCheck['reads']>[0]) {
  return plan.objects.filter((p) => p.object.apiVersion.startsWith('velero.io/') && VELERO_KINDS.includes(p.object.kind));
}

function hasHypershiftPlugin(app: KubernetesObject): boolean {
  const velero = (app as { spec?: { configuration?: { velero?: { defaultPlugins?: unknown[]; customPlugins?: Array<{ name?: string; image?: string }> } } } }).spec?.configuration?.velero;
  return (velero?.defaultPlugins ?? []).includes('hypershift') || (velero?.customPlugins ?? []).some((p) => `${p.name ?? ''} ${p.image ?? ''}`.includes('hypershift'));
}
