/**
 * The ports and endpoints to open for a management cluster's hosted clusters, per platform, as
 * the documentation lists them (each platform definition's `management.ports`, every rule with its
 * section). No API object can express a firewall, so this is a report: the cdk8s synth writes it
 * as `reports/ports.md` (`ports-<name>.md` for a named management cluster), the Pulumi component
 * gives it as `portsReport`. The load balancer's addresses are this cluster's MetalLB pools.
 */
import type { Target } from '../core/plan-model';
import { describeTarget } from '../core/plan-model';
import { PLATFORM_PRESETS } from './presets';
import type { IPAddressPoolProps, ManagementPlatform } from './props';

/** The report's file in `reports/`: `ports.md`, or `ports-<name>.md` for a named management cluster. */
export function portsReportName(target: Target): string {
  return target.kind === 'management' && target.name !== undefined ? `ports-${target.name}.md` : 'ports.md';
}

/** The report of a management cluster prepared for `platforms`, whose MetalLB has `pools` (none: no MetalLB of its own). */
export function portsReport(target: Target, platforms: readonly ManagementPlatform[], pools: readonly IPAddressPoolProps[] = []): string {
  const addresses = pools.length > 0 ? pools.map((p, i) => `metallb.pools[${i}] ${p.name}: ${p.addresses.join(', ')}`).join('; ') : 'your load balancer\'s (this management cluster has no MetalLB pools)';
  const lines = [
    `# Ports and endpoints to open: ${describeTarget(target)}`,
    '',
    'What the hosted control planes documentation asks to let through between the management cluster, the control',
    "planes and the hosted clusters' nodes, for each platform this management cluster is prepared for. Services run",
    'on their default ports; with the NodePort publishing strategy, on the node port each Service is assigned',
    "(`spec.services` of the HostedCluster). The `when` column names the service's publishing strategy or the",
    "cluster's endpoint access. Restrict each rule to the sources that need it and avoid exposing ports publicly;",
    'in production, a load balancer gives one address. A firewall is not a Kubernetes object: nothing here is applied.',
  ];
  for (const platform of platforms) {
    const { ports } = PLATFORM_PRESETS[platform];
    lines.push('', `## ${platform}`, '', `Source: ${ports.source}.`, '', '| service | port | flow | when | section |', '|---|---|---|---|---|');
    for (const rule of ports.rules) {
      const flow = rule.toLoadBalancer ? `${rule.flow}: ${addresses}` : rule.flow;
      lines.push(`| ${[rule.service, rule.port, flow, rule.when ?? 'always', rule.source].map(cell).join(' | ')} |`);
    }
    if (ports.notNeeded) lines.push('', `Not needed on ${platform}: ${ports.notNeeded.join(', ')}.`);
    for (const note of ports.notes ?? []) lines.push('', note);
  }
  return `${lines.join('\n')}\n`;
}

/** A table cell: a `|` would end it. */
const cell = (text: string) => text.replace(/\|/g, '\\|');
