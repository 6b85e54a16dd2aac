/**
 * The MetalLB pools the plan creates against the pools already on the management cluster and
 * the addresses in use there: MetalLB refuses a pool that overlaps another, and an address a
 * Service already holds would be handed out twice.
 */
import type { KubernetesObject } from '../../api';
import { formatIp, parseIp } from '../../core/cidr';
import { AddressRange, parseAddressRange } from '../../management/metallb';
import type { PreflightCheck } from '../preflight-check';
import { READS, idOf, plannedOf } from './reads';

/** The annotation MetalLB sets on a Service with the pool its address came from. */
const ALLOCATED_FROM = 'metallb.universe.tf/ip-allocated-from-pool';

export const addressPoolsCheck: PreflightCheck = {
  name: 'address-pools',
  reads: (plan) => (plannedOf(plan, 'IPAddressPool').length > 0 ? [READS.addressPools, READS.services] : []),
  run(plan, live, findings) {
    const planned = plannedOf(plan, 'IPAddressPool');
    const plannedIds = new Set(planned.map((p) => idOf(p.object)));
    const others = (live.items(READS.addressPools) ?? []).filter((pool) => !plannedIds.has(idOf(pool)));
    const otherRanges = others.flatMap((pool) => rangesOf(pool).map(({ range, text }) => ({ pool, range, text })));
    const inUse = (live.items(READS.services) ?? []).flatMap((service) =>
      ingressIps(service).map((ip) => ({ service, ip, pool: service.metadata.annotations?.[ALLOCATED_FROM] })),
    );
    let problems = 0;
    for (const p of planned) {
      rangesOf(p.object).forEach(({ range, text }, i) => {
        for (const other of otherRanges.filter((o) => o.range.family === range.family && o.range.first <= range.last && range.first <= o.range.last)) {
          problems++;
          findings.about(p, 'error', `spec.addresses[${i}]`, `"${text}" overlaps "${other.text}" of IPAddressPool ${idOf(other.pool)}, which is on the management cluster and not in this plan: MetalLB would refuse the pool.`, 'Pick addresses outside the pools already there (oc get ipaddresspools -A).');
        }
        for (const used of inUse.filter((u) => u.ip.family === range.family && range.first <= u.ip.address && u.ip.address <= range.last && u.pool !== p.object.metadata.name)) {
          problems++;
          findings.about(p, 'warning', `spec.addresses[${i}]`, `${formatIp(used.ip.family, used.ip.address)} of "${text}" is already the address of Service ${idOf(used.service)}${used.pool ? ` (from pool ${used.pool})` : ''}.`, 'Leave addresses in use out of the pool.');
        }
      });
    }
    return `${others.length} IPAddressPool(s) not in this plan, ${inUse.length} LoadBalancer address(es) in use; ${planned.length} planned pool(s) checked, ${problems} conflict(s)`;
  },
};

function rangesOf(pool: KubernetesObject): Array<{ range: AddressRange; text: string }> {
  const addresses = (pool as { spec?: { addresses?: unknown[] } }).spec?.addresses ?? [];
  return addresses.flatMap((text) => {
    const range = typeof text === 'string' ? parseAddressRange(text) : 'not text';
    return typeof range === 'string' ? [] : [{ range, text: String(text) }];
  });
}

function ingressIps(service: KubernetesObject) {
  const ingress = (service as { status?: { loadBalancer?: { ingress?: Array<{ ip?: string }> } } }).status?.loadBalancer?.ingress ?? [];
  return ingress.flatMap((i) => {
    const ip = i.ip ? parseIp(i.ip) : undefined;
    return ip ? [ip] : [];
  });
}
