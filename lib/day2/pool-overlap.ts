/**
 * MetalLB pools of different clusters in one app must not overlap: the management cluster's
 * MetalLB and a hosted cluster's own MetalLB would both answer ARP for the same address on the
 * same network, and traffic would go to either. Each cluster's own pools are checked by
 * planMetalLB; this plan-level check compares pools across targets.
 */
import type { IPAddressPool } from '../api';
import type { ValidationIssue } from '../core/errors';
import { PlanCheck, PlannedObject, targetKey } from '../core/plan-model';
import { AddressRange, parseAddressRange } from '../management/metallb';

const isPool = (p: PlannedObject) => p.object.kind === 'IPAddressPool';

function ranges(p: PlannedObject): { text: string; range: AddressRange }[] {
  return ((p.object as IPAddressPool).spec.addresses ?? []).flatMap((text) => {
    const range = parseAddressRange(text);
    return typeof range === 'string' ? [] : [{ text, range }];
  });
}

export const poolsDisjoint: PlanCheck = (objects, plan) => {
  const issues: ValidationIssue[] = [];
  const pools = objects.filter(isPool);
  // Runs on every later part of the app (a hosted cluster has no pools): read the whole plan only when there is something to compare.
  if (pools.length === 0) return issues;
  const fresh = new Set(objects);
  const others = plan.objects.filter((p) => isPool(p) && !fresh.has(p));
  for (const pool of pools) {
    for (const other of others) {
      if (targetKey(other.target) === targetKey(pool.target)) continue;
      for (const a of ranges(pool)) {
        for (const b of ranges(other)) {
          if (a.range.family === b.range.family && a.range.first <= b.range.last && b.range.first <= a.range.last) {
            issues.push({
              severity: 'error',
              object: pool.contributor,
              path: `IPAddressPool ${pool.object.metadata.name}: spec.addresses`,
              message: `"${a.text}" overlaps "${b.text}" of pool ${other.object.metadata.name} of ${other.contributor} (on ${targetKey(other.target)}); both MetalLBs would hand out and announce the same addresses.`,
              fix: 'Give each cluster its own addresses.',
            });
          }
        }
      }
    }
  }
  return issues;
};
