/**
 * The rollout report (`reports/rollout.json` and `reports/rollout.svg` beside the fleet's): the
 * waves in order with their clusters and each cluster's state (done, in progress, pending, held
 * back), the surge machines of each wave, and the risks acknowledged. Same plan, same bytes.
 */
import { COLORS, canonical, escapeXml, wrap } from '../../capacity/report';
import { formatVersion } from '../../core/release';
import type { ReleaseProps } from '../../core/release-props';
import type { RolloutPlan, RolloutState } from './rollout-plan';
import { releaseVersion } from './rollout-plan';
import type { WaveStep } from './rollout-record';
import { WAVE_STEP_LABELS, waveStepName } from './rollout-record';

/** One cluster in the report. */
export interface RolloutReportCluster {
  readonly cluster: string;
  readonly state: RolloutState;
  readonly from: string;
  readonly to: string;
}

/** One wave in the report: the state of its clusters. */
export interface RolloutReportWave {
  readonly name: string;
  /** done (every cluster), in-progress (the wave started last) or pending. */
  readonly state: Exclude<RolloutState, 'held-back'>;
  readonly clusters: readonly RolloutReportCluster[];
  /** Surge machines of its NodePool upgrades, by management cluster. */
  readonly surge: Readonly<Record<string, number>>;
  /** @default none */
  readonly soak?: string;
  /** The wave in progress, when each wave takes two steps (Flux): the step it is at. @default none */
  readonly step?: Exclude<WaveStep, 'wave'>;
}

/** The rollout report. */
export interface RolloutReport {
  readonly target: ReleaseProps;
  /** Waves started, of all. */
  readonly reached: number;
  readonly paused: boolean;
  readonly waves: readonly RolloutReportWave[];
  readonly heldBack: readonly RolloutReportCluster[];
  readonly risksAcknowledged: RolloutPlan['acknowledged'];
}

/** The report of a planned rollout. */
export function rolloutReport(plan: RolloutPlan): RolloutReport {
  const cluster = (key: string): RolloutReportCluster => {
    const c = plan.clusters.get(key)!;
    return { cluster: key, state: c.state, from: c.from, to: c.to };
  };
  return {
    target: plan.target,
    reached: plan.reached,
    paused: plan.paused,
    waves: plan.waves.map((w, i) => ({
      name: w.name,
      state: i < plan.reached - 1 ? 'done' : i === plan.reached - 1 ? 'in-progress' : 'pending',
      clusters: w.clusters.map(cluster),
      surge: w.surge,
      ...(w.soak ? { soak: w.soak } : {}),
      ...(i === plan.reached - 1 && plan.step !== 'wave' ? { step: plan.step } : {}),
    })),
    heldBack: plan.holdback.map(cluster),
    risksAcknowledged: plan.acknowledged,
  };
}

/** The report as JSON: keys sorted at every level, final newline. */
export function rolloutReportJson(report: RolloutReport): string {
  return `${JSON.stringify(canonical(report), null, 2)}\n`;
}

const STATE_STYLE: Readonly<Record<RolloutState, { readonly fill: string; readonly text: string; readonly label: string }>> = {
  done: { fill: '#16a34a', text: '#ffffff', label: 'done' },
  'in-progress': { fill: COLORS.used, text: '#ffffff', label: 'in progress' },
  pending: { fill: COLORS.capacity, text: COLORS.text, label: 'pending' },
  'held-back': { fill: COLORS.limiting, text: COLORS.text, label: 'held back' },
};

const WIDTH = 940;
const LABEL_WIDTH = 190;
const CHIP_HEIGHT = 24;
const CHIP_GAP = 8;
/** Average glyph width of 12 px DejaVu Sans, for sizing a chip to its text. */
const GLYPH = 7.2;

/** Chips laid out in rows from `x0` to the picture's right edge; returns their SVG and the height used. */
function chips(clusters: readonly RolloutReportCluster[], x0: number, y0: number): { svg: string[]; height: number } {
  const svg: string[] = [];
  let x = x0;
  let y = y0;
  for (const c of clusters) {
    const text = `${c.cluster}  ${c.from === c.to ? c.to : `${c.from} → ${c.to}`}`;
    const w = Math.ceil(text.length * GLYPH) + 16;
    if (x + w > WIDTH - 20 && x > x0) {
      x = x0;
      y += CHIP_HEIGHT + CHIP_GAP;
    }
    const style = STATE_STYLE[c.state];
    svg.push(
      `<rect x="${x}" y="${y}" width="${w}" height="${CHIP_HEIGHT}" rx="4" fill="${style.fill}"/>`,
      `<text x="${x + 8}" y="${y + 16}" font-size="12" fill="${style.text}">${escapeXml(text)}</text>`,
    );
    x += w + CHIP_GAP;
  }
  return { svg, height: clusters.length === 0 ? CHIP_HEIGHT : y - y0 + CHIP_HEIGHT };
}

/**
 * The report as an SVG picture: one row per wave in order (its name, state, soak and surge on the
 * left, a chip per cluster coloured by its state), the held-back clusters last, the acknowledged
 * risks under them. No ids, no timestamps.
 */
export function rolloutReportSvg(report: RolloutReport): string {
  const version = releaseVersion(report.target);
  const total = report.waves.reduce((n, w) => n + w.clusters.length, 0);
  const title = `Rollout to ${version ? formatVersion(version) : report.target.image}: wave ${report.reached} of ${report.waves.length} started${report.paused ? ' (paused)' : ''}`;
  const subtitle = wrap(`${total} hosted cluster${total === 1 ? '' : 's'} in ${report.waves.length} wave${report.waves.length === 1 ? '' : 's'}, ${report.heldBack.length} held back. Control planes move before their NodePools in every wave.`, 120);
  const body: string[] = [];
  let y = 70 + subtitle.length * 18;
  const rows: Array<{ title: string; detail: string; clusters: readonly RolloutReportCluster[] }> = [
    ...report.waves.map((w, i) => ({
      title: `${i + 1}. ${w.name}`,
      detail: [w.step ? `${STATE_STYLE[w.state].label}: ${WAVE_STEP_LABELS[w.step]}` : STATE_STYLE[w.state].label, w.soak ? `soak ${w.soak}` : '', ...Object.entries(w.surge).map(([mc, n]) => `+${n} surge on ${mc}`)].filter(Boolean).join(', '),
      clusters: w.clusters,
    })),
    ...(report.heldBack.length > 0 ? [{ title: 'held back', detail: 'stay on their release', clusters: report.heldBack }] : []),
  ];
  for (const row of rows) {
    const laid = chips(row.clusters, LABEL_WIDTH, y);
    const detail = wrap(row.detail, 26);
    const height = Math.max(laid.height, 18 + detail.length * 14);
    body.push(
      `<g>`,
      `<line x1="20" y1="${y - 8}" x2="${WIDTH - 20}" y2="${y - 8}" stroke="${COLORS.capacity}"/>`,
      `<text x="20" y="${y + 16}" font-size="14" font-weight="bold" fill="${COLORS.text}">${escapeXml(row.title)}</text>`,
      ...detail.map((line, i) => `<text x="20" y="${y + 32 + i * 14}" font-size="11" fill="${COLORS.muted}">${escapeXml(line)}</text>`),
      ...laid.svg,
      `</g>`,
    );
    y += height + 22;
  }
  y += 8;
  const risks = report.risksAcknowledged.length === 0 ? ['Risks acknowledged: none.'] : report.risksAcknowledged.flatMap((r) => wrap(`Risk acknowledged: ${r.name} (${r.hops.join(', ')})${r.message ? `: ${r.message}` : ''}`, 120));
  body.push(...risks.map((line, i) => `<text x="20" y="${y + i * 18}" font-size="13" fill="${COLORS.text}">${escapeXml(line)}</text>`));
  y += risks.length * 18 + 10;
  const legend = (['done', 'in-progress', 'pending', 'held-back'] as const).flatMap((state, i) => [
    `<rect x="${20 + i * 150}" y="${y + 3}" width="14" height="14" rx="3" fill="${STATE_STYLE[state].fill}"/>`,
    `<text x="${40 + i * 150}" y="${y + 14}">${STATE_STYLE[state].label}</text>`,
  ]);
  const height = y + 36;
  return `${[
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${height}" viewBox="0 0 ${WIDTH} ${height}" role="img" font-family="DejaVu Sans, Verdana, Arial, sans-serif">`,
    `<title>${escapeXml(title)}</title>`,
    `<desc>${escapeXml(report.waves.map((w) => `${w.name}: ${w.clusters.length} cluster(s), ${STATE_STYLE[w.state].label}.`).join(' '))}</desc>`,
    `<rect x="0" y="0" width="${WIDTH}" height="${height}" fill="#ffffff"/>`,
    `<text x="20" y="34" font-size="20" font-weight="bold" fill="${COLORS.text}">${escapeXml(title)}</text>`,
    ...subtitle.map((line, i) => `<text x="20" y="${58 + i * 18}" font-size="13" fill="${COLORS.muted}">${escapeXml(line)}</text>`),
    ...body,
    `<g font-size="12" fill="${COLORS.text}">`,
    ...legend,
    `</g>`,
    `</svg>`,
  ].join('\n')}\n`;
}

/** Lines for the synth summary: where the rollout is, and what `rollout next` does. */
export function rolloutSummary(report: RolloutReport): string[] {
  const current = report.waves[report.reached - 1];
  const next = report.waves[report.reached];
  const then =
    current?.step === 'control-planes'
      ? `; \`hcp-constructs rollout next\` moves ${waveStepName(current.name, 'node-pools')}`
      : next
        ? `; \`hcp-constructs rollout next\` starts ${next.name} (${next.clusters.length} cluster(s))`
        : '; complete';
  return [`Rollout: wave ${report.reached} of ${report.waves.length} started${current ? ` (${current.step ? `${waveStepName(current.name, current.step)},` : `${current.name}:`} ${current.clusters.length} cluster(s))` : ''}${report.paused ? ', paused' : ''}${then}`];
}
