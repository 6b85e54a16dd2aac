/**
 * Hosted clusters need MCE running with its hypershift component and the hypershift add-on
 * (ManagedClusterAddOn `hypershift-addon` in `local-cluster`, which installs the HyperShift
 * operator) Available. What the plan itself creates is judged by the plan's checks; this one
 * reads what is already there.
 */
import type { KubernetesObject } from '../../api';
import type { PreflightCheck } from '../preflight-check';
import { HYPERSHIFT_ADDON, LOCAL_CLUSTER_NAMESPACE } from '../../management/multicluster-engine';
import { READS, conditionOf, installedByPlan, plannedOf } from './reads';

const ADD_ON = { namespace: LOCAL_CLUSTER_NAMESPACE, name: HYPERSHIFT_ADDON.name };

export const hypershiftOperatorCheck: PreflightCheck = {
  name: 'hypershift-operator',
  reads: (plan) => (plannedOf(plan, 'HostedCluster').length > 0 ? [READS.multiclusterEngines, READS.addOns] : []),
  run(plan, live, findings) {
    const installing = installedByPlan(plan).length > 0;
    const severity = installing ? 'warning' : 'error';
    const later = installing ? ' (this app installs operators, which may not have run yet)' : '';
    const notes: string[] = [];
    const engines = live.items(READS.multiclusterEngines);
    const plannedEngine = plannedOf(plan, 'MultiClusterEngine').length > 0;
    if (!plannedEngine) {
      const engine = engines?.[0];
      if (!engine) {
        findings.general(severity, 'MultiClusterEngine', 'multiclusterEngine', `the management cluster has no MultiClusterEngine${engines === undefined ? ' (MCE is not installed)' : ''}${later}: nothing deploys hosted clusters.`, 'Install MCE (ManagementCluster with multiclusterEngine) and run the preflight again.');
        notes.push('no MultiClusterEngine');
      } else {
        notes.push(`MultiClusterEngine ${engine.metadata.name} ${phase(engine) ?? 'without a phase'}`);
        if (phase(engine) !== 'Available') findings.general('error', `MultiClusterEngine ${engine.metadata.name}`, 'status.phase', `is ${phase(engine) ?? 'not reporting a phase'}, not Available.`, 'Wait for MCE to become Available, or look at its status conditions.');
        const hypershift = components(engine).find((c) => c.name === 'hypershift');
        if (hypershift?.enabled === false) findings.general('error', `MultiClusterEngine ${engine.metadata.name}`, 'spec.overrides.components[hypershift]', 'the hypershift component is disabled: no HyperShift operator runs.', 'Enable it (ManagementCluster multiclusterEngine, or spec.overrides.components).');
      }
    }
    const addOn = (live.items(READS.addOns) ?? []).find((a) => a.metadata.namespace === ADD_ON.namespace && a.metadata.name === ADD_ON.name);
    const where = `ManagedClusterAddOn ${ADD_ON.namespace}/${ADD_ON.name}`;
    if (plannedOf(plan, 'ManagedClusterAddOn').some((p) => p.object.metadata.name === ADD_ON.name)) {
      notes.push(`${where} planned`);
    } else if (!addOn) {
      findings.general(severity, where, 'multiclusterEngine.hypershiftAddOn.managedClusterAddOn', `the hypershift add-on is not installed${later}: it installs the HyperShift operator on the management cluster.`, 'Create it (MCE creates it with the hypershift component on a hub; on other hubs set multiclusterEngine.hypershiftAddOn.managedClusterAddOn: true in the ManagementCluster) and run the preflight again.');
      notes.push(`no ${where}`);
    } else {
      const available = conditionOf(addOn, 'Available');
      notes.push(`${where} Available=${available?.status ?? 'unknown'}`);
      if (available?.status !== 'True') findings.general('error', where, 'status.conditions[Available]', `the hypershift add-on is not Available (${available?.reason ?? 'no condition yet'}${available?.message ? `: ${available.message}` : ''}).`, 'Wait for it, or look at the add-on agent in open-cluster-management-agent-addon.');
    }
    return notes.join('; ');
  },
};

const phase = (o: KubernetesObject) => (o as { status?: { phase?: string } }).status?.phase;
const components = (o: KubernetesObject) => (o as { spec?: { overrides?: { components?: Array<{ name?: string; enabled?: boolean }> } } }).spec?.overrides?.components ?? [];
