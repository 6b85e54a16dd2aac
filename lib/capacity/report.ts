/**
 * Renderers of a capacity report: JSON (sorted keys, rounded numbers), an SVG picture, and a
 * one-paragraph summary. All deterministic: the same report gives the same bytes.
 */
import { FACTOR_LABELS, RESOURCES, Resource, reservedPerControlPlane, resourceOf } from './baseline';
import type { CapacityReport, WorkerGroupReport } from './planner';
import { byText } from '../core/text-order';

/** Numbers in the JSON are rounded to this many decimals (the inputs' precision is never finer in practice). */
const JSON_DECIMALS = 4;

/** The report as JSON: keys sorted at every level, numbers rounded to 4 decimals, two-space indent, final newline. */
export function capacityReportJson(report: CapacityReport): string {
  return `${JSON.stringify(canonical(report), null, 2)}\n`;
}

/** A copy with keys sorted and numbers rounded, as the report's JSON writes it. @internal */
export function canonical(value: unknown): unknown {
  if (typeof value === 'number') return Number.isFinite(value) ? round(value, JSON_DECIMALS) : String(value);
  if (Array.isArray(value)) return value.map(canonical);
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => byText(a, b));
    return Object.fromEntries(entries.map(([k, v]) => [k, canonical(v)]));
  }
  return value;
}

function round(value: number, decimals: number): number {
  const factor = 10 ** decimals;
  const rounded = Math.round(value * factor) / factor;
  return Object.is(rounded, -0) ? 0 : rounded;
}

/** `1234.56` → `1,234.6`; at most one decimal, no locale dependence. @internal */
export function num(value: number, decimals = 1): string {
  const [whole, fraction] = round(value, decimals).toFixed(decimals).split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  const trimmed = fraction?.replace(/0+$/, '');
  return trimmed ? `${grouped}.${trimmed}` : grouped;
}

const plural = (n: number, one: string, many = `${one}s`) => `${num(n)} ${n === 1 ? one : many}`;

function groupText(w: WorkerGroupReport): string {
  return `${w.count} × ${num(w.vCPU)} vCPU, ${num(w.memoryGiB)} GiB, maxPods ${num(w.maxPods)}`;
}

/** "16 hosted control planes at medium load (1,000 QPS each)", with the planned fleet and headroom. */
function holdText(report: CapacityReport): string {
  const n = report.hostedClusters.length;
  const medium = `${num(report.headroomQps)} QPS`;
  const limit = `limited by ${FACTOR_LABELS[report.limitingFactor]}`;
  if (n === 0) return `hold ${plural(report.capacity, 'hosted control plane')} at medium load (${medium} each), ${limit}; none is planned`;
  const average = `${num(report.hostedClusters.reduce((sum, c) => sum + c.qps, 0) / n)} QPS each on average`;
  if (!report.fits) return `hold only ${report.capacity} of the ${n} planned hosted control planes (${average}), ${limit}: ${-report.headroom} too many`;
  return `hold ${plural(report.capacity, 'hosted control plane')}, ${limit}: the ${n} planned (${average}) and a headroom of ${report.headroom} more at ${medium}`;
}

/**
 * One paragraph for the synth summary: what the workers hold, against what is planned, the limit,
 * and the capacity at each load class.
 */
export function capacitySummary(report: CapacityReport): string {
  const workers = report.workers.reduce((sum, w) => sum + w.count, 0);
  const shapes = report.workers.map(groupText).join('; ');
  const byLoad = report.capacityByLoad;
  const single = report.hostedClusters.filter((c) => c.availability === 'SingleReplica').length;
  return (
    `Capacity: ${plural(workers, 'control-plane worker')} (${shapes}) ${holdText(report)}. ` +
    (single > 0 ? `${single} of the planned ${single === 1 ? 'is' : 'are'} SingleReplica, counted as highly available (an overestimate). ` : '') +
    `With one load for all: ${byLoad.requests} request-based, ${byLoad.low} at low, ${byLoad.medium} at medium, ${byLoad.high} at high load.`
  );
}

const RESOURCE_LABELS: Readonly<Record<Resource, string>> = { vCPU: 'vCPU', memory: 'memory', pods: 'pods' };
const RESOURCE_UNITS: Readonly<Record<Resource, string>> = { vCPU: 'vCPU', memory: 'GiB', pods: 'pods' };

/** The pictures' colours. @internal */
export const COLORS = {
  text: '#111827',
  muted: '#4b5563',
  capacity: '#e5e7eb',
  capacityStroke: '#9ca3af',
  used: '#3b82f6',
  limiting: '#f59e0b',
  limitingStroke: '#b45309',
  over: '#dc2626',
  marker: '#111827',
} as const;

/** Splits text into lines of at most `max` characters at spaces (a longer word gets a line of its own). @internal */
export function wrap(text: string, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    if (line !== '' && line.length + 1 + word.length > max) {
      lines.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  return [...lines, line];
}

/** Text for SVG. @internal */
export function escapeXml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&apos;' })[c] as string);
}

/**
 * The report as an SVG picture: per worker group, one bar per resource (vCPU, memory, pods) with the
 * group's total as the track, what the planned fleet uses as the fill, and a dashed mark where the
 * fill would be with the group at its limit. The limiting resource is drawn in
 * amber with a heavy outline and labelled; use beyond the total is red. A title, a subtitle with the
 * load and headroom, and a legend. No ids, no timestamps: the same report gives the same bytes.
 * Long because it is the picture's template, drawn top to bottom.
 */
export function capacityReportSvg(report: CapacityReport): string {
  const width = 940;
  const barX = 130;
  const barWidth = 460;
  const barHeight = 22;
  const rowGap = 30;
  const groupHeight = 40 + RESOURCES.length * rowGap + 14;
  const subtitleLines = wrap(`The workers ${holdText(report)}.`, 120);
  const top = 70 + subtitleLines.length * 18;
  const legendY = top + report.workers.length * groupHeight + 10;
  const height = legendY + 74;
  const n = report.hostedClusters.length;
  const reserved = reservedPerControlPlane(report.demandPerControlPlane);
  const exact = report.workers.reduce((sum, w) => sum + w.capacity, 0);

  const title = `Management cluster capacity: ${plural(report.capacity, 'hosted control plane')}${n > 0 ? `, ${n} planned` : ''}`;
  const out: string[] = [];
  out.push(
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" font-family="DejaVu Sans, Verdana, Arial, sans-serif">`,
    `<title>${escapeXml(title)}</title>`,
    `<desc>${escapeXml(`${subtitleLines.join(' ')} ${report.workers.map((w) => `${w.name}: ${groupText(w)}, limited by ${FACTOR_LABELS[w.limitingFactor]}.`).join(' ')}`)}</desc>`,
    `<rect x="0" y="0" width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="20" y="34" font-size="20" font-weight="bold" fill="${COLORS.text}">${escapeXml(title)}</text>`,
    ...subtitleLines.map((line, i) => `<text x="20" y="${60 + i * 18}" font-size="13" fill="${report.fits ? COLORS.muted : COLORS.over}">${escapeXml(line)}</text>`),
  );

  report.workers.forEach((w, index) => {
    const y0 = top + index * groupHeight;
    const limitingResource = resourceOf(w.limitingFactor);
    out.push(
      `<g>`,
      `<text x="20" y="${y0 + 16}" font-size="15" font-weight="bold" fill="${COLORS.text}">${escapeXml(w.name)}</text>`,
      `<text x="20" y="${y0 + 34}" font-size="12" fill="${COLORS.muted}">${escapeXml(
        `${groupText(w)}; holds ${num(w.capacity)} (${num(w.perWorker, 2)} per worker), limited by ${FACTOR_LABELS[w.limitingFactor]}`,
      )}</text>`,
    );
    RESOURCES.forEach((resource, row) => {
      const y = y0 + 44 + row * rowGap;
      const total = w.total[resource];
      const used = w.used[resource];
      // With the group at its limit: as many average control planes as it holds (not rounded).
      const full = w.capacity * reserved[resource];
      const ratio = total > 0 ? used / total : 0;
      const limiting = resource === limitingResource;
      const over = ratio > 1 + 1e-9;
      const fill = over ? COLORS.over : limiting ? COLORS.limiting : COLORS.used;
      const fillWidth = Math.min(1, ratio) * barWidth;
      const markX = barX + Math.min(1, total > 0 ? full / total : 0) * barWidth;
      const unit = RESOURCE_UNITS[resource];
      const value = `${num(used)} / ${num(total)} ${unit} (${num(ratio * 100, 0)}%)`;
      out.push(
        `<text x="20" y="${y + 16}" font-size="13" fill="${COLORS.text}"${limiting ? ' font-weight="bold"' : ''}>${RESOURCE_LABELS[resource]}</text>`,
        `<rect x="${barX}" y="${y}" width="${barWidth}" height="${barHeight}" fill="${COLORS.capacity}"/>`,
        fillWidth > 0 ? `<rect x="${barX}" y="${y}" width="${num(fillWidth, 2)}" height="${barHeight}" fill="${fill}"/>` : '',
        `<rect x="${barX}" y="${y}" width="${barWidth}" height="${barHeight}" fill="none" stroke="${limiting ? COLORS.limitingStroke : COLORS.capacityStroke}" stroke-width="${limiting ? 2.5 : 1}"/>`,
        `<line x1="${num(markX, 2)}" y1="${y - 3}" x2="${num(markX, 2)}" y2="${y + barHeight + 3}" stroke="${COLORS.marker}" stroke-width="1.5" stroke-dasharray="3,2"/>`,
        `<text x="${barX + barWidth + 10}" y="${y + 16}" font-size="12" fill="${over ? COLORS.over : COLORS.text}">${escapeXml(value)}${
          limiting ? ` <tspan font-weight="bold" fill="${COLORS.limitingStroke}">${escapeXml(`limiting: ${FACTOR_LABELS[w.limitingFactor]}`)}</tspan>` : ''
        }</text>`,
      );
    });
    out.push(`</g>`);
  });

  const legend: [string, string][] = [
    [COLORS.used, 'used by the planned fleet'],
    [COLORS.limiting, 'limiting resource'],
    [COLORS.over, 'over capacity'],
  ];
  out.push(`<g font-size="12" fill="${COLORS.text}">`, `<text x="20" y="${legendY + 14}" font-weight="bold">Legend</text>`);
  legend.forEach(([color, label], i) => {
    const x = 90 + i * 180;
    out.push(`<rect x="${x}" y="${legendY + 3}" width="14" height="14" fill="${color}"/>`, `<text x="${x + 20}" y="${legendY + 14}">${escapeXml(label)}</text>`);
  });
  out.push(
    `<rect x="90" y="${legendY + 27}" width="14" height="14" fill="${COLORS.capacity}" stroke="${COLORS.capacityStroke}"/>`,
    `<text x="110" y="${legendY + 38}">the workers' total</text>`,
    `<line x1="277" y1="${legendY + 25}" x2="277" y2="${legendY + 43}" stroke="${COLORS.marker}" stroke-width="1.5" stroke-dasharray="3,2"/>`,
    `<text x="290" y="${legendY + 38}">${escapeXml(`use at the limit: ${num(exact)} control planes of the average demand (${num(report.demandPerControlPlane.qps)} QPS)`)}</text>`,
    `<text x="90" y="${legendY + 62}" fill="${COLORS.muted}">vCPU and memory count the larger of requests and usage; the fleet is spread over the groups in proportion to what they hold.</text>`,
    `</g>`,
    `</svg>`,
  );
  return `${out.filter((line) => line !== '').join('\n')}\n`;
}
