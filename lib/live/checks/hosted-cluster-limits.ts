/**
 * The hosted clusters the management cluster would hold after this plan: those it has already
 * (managed here or not) and the planned ones, against the hypershift add-on's limits (from the
 * AddOnDeploymentConfig the plan patches, else the live one, else the add-on's defaults) and,
 * when the app gives one, the capacity model of its workers.
 */
import type { KubernetesObject } from '../../api';
import { capacityOfPlan } from '../../capacity';
import type { PlannedObject } from '../../core';
import { ADD_ON_LIMIT_DEFAULTS, HYPERSHIFT_ADDON_CONFIG } from '../../management/multicluster-engine';
import type { PreflightCheck, PreflightPlan } from '../preflight-check';
import { READS, idOf, plannedOf } from './reads';

type Limits = { hcMaxNumber: number; hcThresholdNumber: number; source: string };

export const hostedClusterLimitsCheck: PreflightCheck = {
  name: 'hosted-cluster-limits',
  reads: (plan) => (plannedOf(plan, 'HostedCluster').length > 0 ? [READS.hostedClusters, READS.addOnConfigs] : []),
  run(plan, live, findings) {
    const planned = plannedOf(plan, 'HostedCluster');
    const plannedIds = new Set(planned.map((p) => idOf(p.object)));
    const foreign = (live.items(READS.hostedClusters) ?? []).filter((hc) => !plannedIds.has(idOf(hc)));
    const total = planned.length + foreign.length;
    const limits = limitsOf(plan, live.items(READS.addOnConfigs) ?? []);
    const count = `${total} hosted clusters would be on this management cluster (${planned.length} planned here, ${foreign.length} already there and not in this plan)`;
    const where = `AddOnDeploymentConfig ${HYPERSHIFT_ADDON_CONFIG}`;
    if (total > limits.hcMaxNumber) {
      findings.general('error', where, 'multiclusterEngine.hypershiftAddOn.hcMaxNumber', `${count}, above the hypershift add-on's hcMaxNumber of ${limits.hcMaxNumber} (${limits.source}): the add-on refuses hosted clusters past it.`, 'Place some clusters on another management cluster (a Fleet does), remove unused ones, or raise hcMaxNumber if the capacity allows.');
    } else if (total > limits.hcThresholdNumber) {
      findings.general('warning', where, 'multiclusterEngine.hypershiftAddOn.hcThresholdNumber', `${count}, above the add-on's hcThresholdNumber of ${limits.hcThresholdNumber} (${limits.source}), within ${limits.hcMaxNumber - total} of its hcMaxNumber ${limits.hcMaxNumber}.`, 'Plan another management cluster before the limit is reached.');
    }
    let capacity = '';
    if (plan.capacity) {
      const everything = [...planned, ...foreign.map((object) => ({ object }) as unknown as PlannedObject)];
      const result = capacityOfPlan({ objects: everything }, plan.capacity.workers, plan.capacity.loads, { baseline: plan.capacity.baseline, onOverflow: 'warn' });
      if (result.report) {
        capacity = `; the capacity model holds ${result.report.capacity}`;
        if (!result.report.fits) {
          findings.general('error', 'ManagementCluster capacity', 'capacity.workers', `${count}, more than the capacity model of its workers holds (${result.report.capacity} control planes, limited by ${result.report.limitingFactor}).`, 'Add workers (and update capacity.workers), or place clusters on another management cluster.');
        }
      }
    }
    return `${foreign.length} HostedCluster(s) on the cluster not in this plan, ${planned.length} planned: ${total} of hcMaxNumber ${limits.hcMaxNumber} (${limits.source})${capacity}`;
  },
};

function limitsOf(plan: PreflightPlan, live: readonly KubernetesObject[]): Limits {
  const isConfig = (o: KubernetesObject) => o.metadata.name === HYPERSHIFT_ADDON_CONFIG;
  const plannedConfig = plannedOf(plan, 'AddOnDeploymentConfig').map((p) => p.object).find(isConfig);
  const config = plannedConfig ?? live.find(isConfig);
  const variables = new Map(((config as { spec?: { customizedVariables?: Array<{ name?: string; value?: string }> } } | undefined)?.spec?.customizedVariables ?? []).map((v) => [v.name, Number(v.value)]));
  const of = (name: 'hcMaxNumber' | 'hcThresholdNumber') => {
    const value = variables.get(name);
    return value !== undefined && Number.isFinite(value) ? value : ADD_ON_LIMIT_DEFAULTS[name];
  };
  const source = plannedConfig ? 'as this plan sets it' : config ? `from the live ${HYPERSHIFT_ADDON_CONFIG}` : "the add-on's default";
  return { hcMaxNumber: of('hcMaxNumber'), hcThresholdNumber: of('hcThresholdNumber'), source };
}
