/**
 * The fleet report: per management cluster what it holds, its capacity and headroom, what limits
 * it, and its address blocks: JSON (sorted keys) and an SVG picture (one bar per management
 * cluster), written beside the output; and the summary lines, which also say what this run changed.
 * The files hold only what the input decides, so a synth again into the same folder (or
 * `synth --check`) finds them unchanged; the changes of a run are in its summary.
 */
import { DEFAULT_LOAD, FACTOR_LABELS, LimitingFactor, Load } from '../capacity/baseline';
import type { PlanCapacityOptions } from '../capacity/input';
import { planCapacity } from '../capacity/planner';
import { COLORS, canonical, escapeXml, num, wrap } from '../capacity/report';
import { byText } from '../core/text-order';
import type { AvailabilityPolicy } from '../core/hosted-cluster-props';

/** What caps a management cluster: one of the capacity model's limits, or the add-on's `hcMaxNumber`. */
export type FleetLimit = LimitingFactor | 'hcMaxNumber';

/** One management cluster in the report. */
export interface FleetManagementClusterReport {
  /** Its name in the fleet. */
  readonly name: string;
  /** @default none */
  readonly zone?: string;
  /** Its hosted clusters (`namespace/name`), sorted. */
  readonly hostedClusters: readonly string[];
  /** Hosted clusters it holds with these: its clusters plus {@link headroom}. */
  readonly capacity: number;
  /** How many more medium-load clusters fit (and stay under hcMaxNumber); negative: how many too many. */
  readonly headroom: number;
  /** Its clusters over its capacity (0 to 1 when it fits). */
  readonly usedShare: number;
  /** What caps it. */
  readonly limitingFactor: FleetLimit;
  /** The add-on's limit on its hosted clusters. */
  readonly hcMaxNumber: number;
  /** Its clusters fit (headroom 0 or more). */
  readonly fits: boolean;
  /** Address blocks of its clusters, by cluster. */
  readonly allocations: readonly { readonly cluster: string; readonly pool: string; readonly range: string }[];
}

/** The placement changes of a run, against the previous record. */
export interface FleetChanges {
  /** Clusters the previous record did not hold, and where they went (every cluster, without a previous record). */
  readonly added: readonly { readonly cluster: string; readonly to: string }[];
  /** Clusters of the previous record that are gone, and where they were. */
  readonly removed: readonly { readonly cluster: string; readonly from: string }[];
  /** Clusters that stayed where they were. */
  readonly kept: number;
}

/** The fleet report. */
export interface FleetReport {
  /** One entry per management cluster, in the fleet's order. */
  readonly managementClusters: readonly FleetManagementClusterReport[];
}

/** What the report is built from, per management cluster. @internal */
export interface FleetReportInput {
  /** Its name in the fleet. */
  readonly name: string;
  /** Its zone. @default none */
  readonly zone?: string;
  /** Its capacity options (workers and baseline; the loads are the clusters'). */
  readonly capacity: PlanCapacityOptions;
  /** The add-on's `hcMaxNumber`. */
  readonly hcMaxNumber: number;
  /** Its hosted clusters, each with the load placement counted. */
  readonly clusters: readonly { readonly key: string; readonly load?: Load; readonly availability?: AvailabilityPolicy }[];
  /** Its clusters' address blocks. */
  readonly allocations: FleetManagementClusterReport['allocations'];
}

/** Builds the report with the capacity planner (its headroom and limiting factor), capped by hcMaxNumber. @internal */
export function fleetReport(inputs: readonly FleetReportInput[]): FleetReport {
  const managementClusters = inputs.map((mc): FleetManagementClusterReport => {
    const n = mc.clusters.length;
    const { report } = planCapacity({
      workers: mc.capacity.workers,
      ...(mc.capacity.baseline ? { baseline: mc.capacity.baseline } : {}),
      hostedClusters: mc.clusters.map((c) => ({ name: c.key, load: c.load ?? DEFAULT_LOAD, ...(c.availability ? { availability: c.availability } : {}) })),
    });
    const modelHeadroom = report?.headroom ?? -n;
    const byCount = mc.hcMaxNumber - n;
    const headroom = Math.min(modelHeadroom, byCount);
    const capacity = n + headroom;
    return {
      name: mc.name,
      ...(mc.zone !== undefined ? { zone: mc.zone } : {}),
      hostedClusters: mc.clusters.map((c) => c.key).sort(),
      capacity,
      headroom,
      usedShare: n === 0 ? 0 : capacity > 0 ? n / capacity : n,
      limitingFactor: byCount < modelHeadroom || !report ? 'hcMaxNumber' : report.limitingFactor,
      hcMaxNumber: mc.hcMaxNumber,
      fits: headroom >= 0,
      allocations: [...mc.allocations].sort((a, b) => byText(a.cluster, b.cluster)),
    };
  });
  return { managementClusters };
}

/** The report as JSON: keys sorted at every level, numbers rounded to 4 decimals, final newline. */
export function fleetReportJson(report: FleetReport): string {
  return `${JSON.stringify(canonical(report), null, 2)}\n`;
}

const limitLabel = (f: FleetLimit) => (f === 'hcMaxNumber' ? 'hcMaxNumber' : FACTOR_LABELS[f]);

/**
 * The report as an SVG picture: one bar per management cluster, the track its capacity, the fill
 * its hosted clusters (red beyond the capacity), a dashed mark at the capacity, and its headroom
 * and limit as text. No ids, no timestamps: the same report gives the same bytes.
 */
export function fleetReportSvg(report: FleetReport): string {
  const width = 940;
  const barX = 180;
  const barWidth = 420;
  const rowHeight = 46;
  const total = report.managementClusters.reduce((sum, mc) => sum + mc.hostedClusters.length, 0);
  const title = `Fleet: ${total} hosted cluster${total === 1 ? '' : 's'} on ${report.managementClusters.length} management cluster${report.managementClusters.length === 1 ? '' : 's'}`;
  const room = report.managementClusters.reduce((sum, mc) => sum + Math.max(0, mc.headroom), 0);
  const subtitle = wrap(`Room for ${room} more at medium load; each bar is one management cluster, its track the clusters it can hold.`, 120);
  const top = 64 + subtitle.length * 18;
  const scale = Math.max(1, ...report.managementClusters.map((mc) => Math.max(mc.capacity, mc.hostedClusters.length)));
  const legendY = top + report.managementClusters.length * rowHeight + 10;
  const height = legendY + 40;
  const out: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" font-family="DejaVu Sans, Verdana, Arial, sans-serif">`,
    `<title>${escapeXml(title)}</title>`,
    `<desc>${escapeXml(report.managementClusters.map((mc) => `${mc.name}: ${mc.hostedClusters.length} of ${mc.capacity}, headroom ${mc.headroom}, limited by ${limitLabel(mc.limitingFactor)}.`).join(' '))}</desc>`,
    `<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="20" y="34" font-size="20" font-weight="bold" fill="${COLORS.text}">${escapeXml(title)}</text>`,
    ...subtitle.map((line, i) => `<text x="20" y="${58 + i * 18}" font-size="13" fill="${COLORS.muted}">${escapeXml(line)}</text>`),
  ];
  report.managementClusters.forEach((mc, i) => {
    const y = top + i * rowHeight;
    const n = mc.hostedClusters.length;
    const capacityX = barX + (Math.max(0, mc.capacity) / scale) * barWidth;
    const fill = mc.fits ? COLORS.used : COLORS.over;
    const label = `${n} of ${mc.capacity} (${num(mc.usedShare * 100, 0)}%), headroom ${mc.headroom}, limited by ${limitLabel(mc.limitingFactor)}`;
    out.push(
      `<g>`,
      `<text x="20" y="${y + 16}" font-size="14" font-weight="bold" fill="${COLORS.text}">${escapeXml(mc.name)}</text>`,
      `<text x="20" y="${y + 32}" font-size="11" fill="${COLORS.muted}">${escapeXml(mc.zone === undefined ? 'any zone' : `zone ${mc.zone}`)}</text>`,
      `<rect x="${barX}" y="${y}" width="${num(capacityX - barX, 2)}" height="22" fill="${COLORS.capacity}" stroke="${COLORS.capacityStroke}"/>`,
      n > 0 ? `<rect x="${barX}" y="${y}" width="${num((n / scale) * barWidth, 2)}" height="22" fill="${fill}"/>` : '',
      `<line x1="${num(capacityX, 2)}" y1="${y - 3}" x2="${num(capacityX, 2)}" y2="${y + 25}" stroke="${COLORS.marker}" stroke-width="1.5" stroke-dasharray="3,2"/>`,
      `<text x="${barX + barWidth + 10}" y="${y + 16}" font-size="12" fill="${mc.fits ? COLORS.text : COLORS.over}">${escapeXml(label)}</text>`,
      `</g>`,
    );
  });
  out.push(
    `<g font-size="12" fill="${COLORS.text}">`,
    `<rect x="20" y="${legendY + 3}" width="14" height="14" fill="${COLORS.used}"/>`,
    `<text x="40" y="${legendY + 14}">hosted clusters placed</text>`,
    `<rect x="220" y="${legendY + 3}" width="14" height="14" fill="${COLORS.capacity}" stroke="${COLORS.capacityStroke}"/>`,
    `<text x="240" y="${legendY + 14}">headroom (medium load)</text>`,
    `<line x1="430" y1="${legendY + 1}" x2="430" y2="${legendY + 19}" stroke="${COLORS.marker}" stroke-width="1.5" stroke-dasharray="3,2"/>`,
    `<text x="440" y="${legendY + 14}">capacity</text>`,
    `<rect x="530" y="${legendY + 3}" width="14" height="14" fill="${COLORS.over}"/>`,
    `<text x="550" y="${legendY + 14}">over capacity</text>`,
    `</g>`,
    `</svg>`,
  );
  return `${out.filter((line) => line !== '').join('\n')}\n`;
}

/** What {@link fleetSummary} reads of a fleet plan. */
export interface FleetSummaryInput {
  /** The placed hosted clusters. */
  readonly hostedClusters: readonly { readonly cluster: string; readonly managementCluster: string; readonly reason: string; readonly added: boolean }[];
  /** The placement changes of the run. */
  readonly changes: FleetChanges;
}

/**
 * Lines for the synth summary: one per newly placed cluster with its reason
 * (`Placement: clusters/kv-3 → east (KubeVirt; 41 of 120 left; west: 12 left)`), then the changes
 * (`Placement: 1 new, 0 moved, 1 removed (clusters/a from west)`).
 */
export function fleetSummary(plan: FleetSummaryInput): string[] {
  const placed = plan.hostedClusters.filter((c) => c.added).sort((a, b) => byText(a.cluster, b.cluster));
  // A first synth of a large fleet places every cluster: the summary names the first few, the report all.
  const lines = placed.slice(0, SUMMARY_PLACEMENTS).map((c) => `Placement: ${c.cluster} → ${c.managementCluster} (${c.reason})`);
  if (placed.length > SUMMARY_PLACEMENTS) lines.push(`Placement: ... and ${placed.length - SUMMARY_PLACEMENTS} more (reports/fleet.json lists every placement)`);
  const { added, removed } = plan.changes;
  const gone = removed.map((r) => `${r.cluster} from ${r.from}`).join(', ');
  // Always 0 moved: a placed cluster never moves (placement.ts); the count says so to the reader.
  return [...lines, `Placement: ${added.length} new, 0 moved, ${removed.length} removed${gone ? ` (${gone})` : ''}`];
}

/** New placements the summary names one by one. */
const SUMMARY_PLACEMENTS = 20;
