/**
 * An auto-imported ManagedCluster that would outlive its hosted cluster (previous-state check A1).
 * With auto-import on (the hypershift add-on's default), the hub's ManagedCluster of a hosted
 * cluster is the add-on's, not in git, so removing the cluster from the app does not remove it,
 * and chapter 13 deletes it first by hand (`oc delete managedcluster <name>`). The add-on itself
 * deletes a Hosted-mode ManagedCluster once it sees its HostedCluster being deleted or gone
 * (hypershift-addon-operator pkg/agent/agent.go `deleteManagedCluster`, since MCE 2.2), after the
 * cluster's deletion starts rather than before it, so that alone needs no finding. It would
 * outlive the cluster when the same change also removes the multicluster engine that runs the
 * add-on: then nothing deletes it, and the hub keeps a cluster that never reports again.
 *
 * Judged per removed HostedCluster of a management target: not when that management cluster's
 * previous output turned auto-import off, nor when the previous output did not hold the engine (the
 * add-on is run from elsewhere and stays). An explicit import (its ManagedCluster is in git and is
 * pruned first, wave 3 before 2) needs no look of its own: beside an engine of the same app it
 * requires auto-import off (check A2 in import.ts).
 */
import type { KubernetesObject } from '../api';
import type { ValidationIssue } from '../core/errors';
import type { PlannedObject } from '../core/plan-model';
import { describeObject, objectKey, targetKey } from '../core/plan-model';
import type { PreviousObjects, PreviousStateCheck } from '../core/previous-state';
import { addOnConfigDisablesAutoImport } from './import';

/** The previous objects of `kind` on `target`. */
const previousOn = (previous: PreviousObjects, kind: string, target: string): KubernetesObject[] => previous.ofKind(kind).filter((e) => e.target === target).map((e) => e.object);

/** The HostedClusters of the previous output (all on management targets), with their target, that this output no longer has. */
function removedClusters(previous: PreviousObjects, planned: readonly PlannedObject[]): Array<{ target: string; object: KubernetesObject }> {
  const kept = new Set(planned.filter((p) => p.object.kind === 'HostedCluster').map((p) => `${targetKey(p.target)}:${objectKey(p.object)}`));
  return previous.ofKind('HostedCluster').filter((e) => !kept.has(`${e.target}:${objectKey(e.object)}`));
}

export const autoImportCheck: PreviousStateCheck = {
  name: 'auto-import',
  warnsOnly: true,
  kinds: ['HostedCluster', 'AddOnDeploymentConfig', 'MultiClusterEngine'],
  check(previous, planned) {
    const issues: ValidationIssue[] = [];
    for (const { target, object } of removedClusters(previous, planned)) {
      const engineWas = previousOn(previous, 'MultiClusterEngine', target).length > 0;
      const engineStays = planned.some((p) => p.object.kind === 'MultiClusterEngine' && targetKey(p.target) === target);
      if (!engineWas || engineStays) continue;
      if (previousOn(previous, 'AddOnDeploymentConfig', target).some((o) => addOnConfigDisablesAutoImport(o) === true)) continue;
      const name = object.metadata.name;
      issues.push({
        severity: 'warning',
        object: describeObject(object),
        path: '(auto-import)',
        message: `the hypershift add-on imported ${name} by itself (auto-import is on), so its ManagedCluster is not in git; the add-on deletes it when it sees the HostedCluster deleted, but this change also removes the multicluster engine that runs the add-on, so ManagedCluster ${name} would stay on the hub, a cluster that never reports again.`,
        fix: `Delete it first, as chapter 13 does (oc delete managedcluster ${name}), or remove the hosted cluster in one commit and the multicluster engine in a later one.`,
      });
    }
    return issues;
  },
};
