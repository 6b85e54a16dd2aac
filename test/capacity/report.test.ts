/** Renderers of the capacity report: deterministic JSON, a well-formed SVG, a one-paragraph summary. */
import { capacityReportJson, capacityReportSvg, capacitySummary, planCapacityOrThrow } from '../../lib/capacity';

const server1 = { name: 'server-1', count: 3, vCPU: 64, memoryGiB: 128, maxPods: 500 };
const doc = () => planCapacityOrThrow({ workers: server1 });
const mixed = () =>
  planCapacityOrThrow({
    workers: [server1, { name: 'small <&> "rack"', count: 2, vCPU: 32, memoryGiB: 64 }],
    hostedClusters: Array.from({ length: 30 }, (_, i) => ({ name: `hc-${i}`, load: i % 3 === 0 ? ('high' as const) : ('low' as const) })),
  });

interface Element {
  readonly name: string;
  readonly attributes: Readonly<Record<string, string>>;
  readonly children: Element[];
  text: string;
}

/**
 * A small XML well-formedness check (no dependency): one root element, tags nested and closed,
 * attributes quoted, unique and free of `<`, text free of `<` and of `&` that starts no entity.
 * Returns the element tree, or throws saying where the document is broken.
 */
function parseXml(xml: string): Element {
  const entity = /^&(amp|lt|gt|quot|apos|#\d+|#x[0-9a-fA-F]+);/;
  const checkText = (text: string, at: number) => {
    for (let i = text.indexOf('&'); i >= 0; i = text.indexOf('&', i + 1)) {
      if (!entity.test(text.slice(i))) throw new Error(`bare & at ${at + i}`);
    }
  };
  const stack: Element[] = [];
  let root: Element | undefined;
  let i = 0;
  while (i < xml.length) {
    const lt = xml.indexOf('<', i);
    const text = lt < 0 ? xml.slice(i) : xml.slice(i, lt);
    checkText(text, i);
    if (stack.length > 0) stack[stack.length - 1].text += text;
    else if (text.trim() !== '') throw new Error(`text outside the root at ${i}`);
    if (lt < 0) break;
    const gt = xml.indexOf('>', lt);
    if (gt < 0) throw new Error(`unclosed tag at ${lt}`);
    const tag = xml.slice(lt + 1, gt);
    i = gt + 1;
    if (tag.startsWith('?') || tag.startsWith('!--')) continue;
    if (tag.startsWith('/')) {
      const open = stack.pop();
      if (!open || open.name !== tag.slice(1).trim()) throw new Error(`</${tag.slice(1)}> closes <${open?.name}> at ${lt}`);
      continue;
    }
    const selfClosing = tag.endsWith('/');
    const match = /^([A-Za-z_][\w.-]*)((?:\s+[A-Za-z_:][\w:.-]*="[^"<]*")*)\s*\/?$/.exec(tag);
    if (!match) throw new Error(`malformed tag <${tag}> at ${lt}`);
    const attributes: Record<string, string> = {};
    for (const [, key, value] of match[2].matchAll(/([A-Za-z_:][\w:.-]*)="([^"]*)"/g)) {
      if (key in attributes) throw new Error(`duplicate attribute ${key} at ${lt}`);
      checkText(value, lt);
      attributes[key] = value;
    }
    const element: Element = { name: match[1], attributes, children: [], text: '' };
    if (stack.length > 0) stack[stack.length - 1].children.push(element);
    else if (root) throw new Error(`second root element at ${lt}`);
    else root = element;
    if (!selfClosing) stack.push(element);
  }
  if (stack.length > 0) throw new Error(`<${stack[stack.length - 1].name}> is never closed`);
  if (!root) throw new Error('no root element');
  return root;
}

const all = (e: Element): Element[] => [e, ...e.children.flatMap(all)];
const textOf = (e: Element): string => e.text + e.children.map(textOf).join('');

test('the well-formedness check itself refuses broken XML', () => {
  for (const bad of ['<a><b></a></b>', '<a x="1" x="2"/>', '<a>&</a>', '<a>', '<a/><b/>', '<a x=1/>', 'text<a/>', '<a x="<"/>']) expect(() => parseXml(bad)).toThrow();
  expect(parseXml('<?xml version="1.0"?><a k="&amp;"><b/>x &lt; y</a>').children).toHaveLength(1);
});

describe('capacityReportJson', () => {
  test('the same input gives the same bytes; keys are sorted at every level; numbers rounded to 4 decimals', () => {
    const json = capacityReportJson(mixed());
    expect(capacityReportJson(mixed())).toBe(json);
    // Key order of the input does not matter.
    const reordered = planCapacityOrThrow({
      hostedClusters: Array.from({ length: 30 }, (_, i) => ({ load: i % 3 === 0 ? ('high' as const) : ('low' as const), name: `hc-${i}` })),
      workers: [{ maxPods: 500, memoryGiB: 128, vCPU: 64, count: 3, name: 'server-1' }, { memoryGiB: 64, vCPU: 32, count: 2, name: 'small <&> "rack"' }],
    });
    expect(capacityReportJson(reordered)).toBe(json);
    expect(json.endsWith('}\n')).toBe(true);
    const sortedEverywhere = (value: unknown): boolean =>
      Array.isArray(value)
        ? value.every(sortedEverywhere)
        : value && typeof value === 'object'
          ? Object.keys(value).join() === Object.keys(value).sort().join() && Object.values(value).every(sortedEverywhere)
          : typeof value !== 'number' || Math.round(value * 1e4) / 1e4 === value;
    expect(sortedEverywhere(JSON.parse(json))).toBe(true);
  });

  test('the documentation\'s example as JSON', () => {
    const parsed = JSON.parse(capacityReportJson(doc()));
    expect(parsed).toMatchObject({ capacity: 16, headroom: 16, fits: true, limitingFactor: 'cpuUsage', hostedClusters: [] });
    expect(parsed.workers[0].limits).toEqual({ cpuRequest: 12.8, cpuUsage: 5.3782, memoryRequest: 7.1111, memoryUsage: 9.4118, pods: 6.6667 });
    expect(Object.keys(parsed)).toEqual([
      'baseline',
      'capacity',
      'capacityByLoad',
      'demandPerControlPlane',
      'fits',
      'headroom',
      'headroomQps',
      'hostedClusters',
      'limitingFactor',
      'workers',
    ]);
  });
});

describe('capacityReportSvg', () => {
  test.each([
    ['the documentation\'s example', doc],
    ['a mixed fleet over two groups', mixed],
    ['a fleet that does not fit', () => planCapacityOrThrow({ workers: { count: 1, vCPU: 16, memoryGiB: 64 }, hostedClusters: [{ name: 'a' }, { name: 'b', load: 'high' }] })],
  ])('%s: well-formed SVG with a title, each worker group and each resource, the limit highlighted', (_name, make) => {
    const report = make();
    const svg = capacityReportSvg(report);
    const root = parseXml(svg);
    expect(root.name).toBe('svg');
    expect(root.attributes.xmlns).toBe('http://www.w3.org/2000/svg');
    const elements = all(root);
    expect(elements.find((e) => e.name === 'title')?.text).toMatch(/^Management cluster capacity: \d+ hosted control planes?/);
    const texts = elements.filter((e) => e.name === 'text').map(textOf);
    const unescape = (s: string) => s.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&apos;/g, "'").replace(/&amp;/g, '&');
    for (const w of report.workers) {
      expect(texts.map(unescape)).toContain(w.name);
      expect(texts.filter((t) => t.includes(`limiting: `)).length).toBeGreaterThanOrEqual(1);
    }
    for (const label of ['vCPU', 'memory', 'pods']) expect(texts.filter((t) => t === label)).toHaveLength(report.workers.length);
    // One heavy outline per group: its limiting resource.
    expect(elements.filter((e) => e.name === 'rect' && e.attributes['stroke-width'] === '2.5')).toHaveLength(report.workers.length);
    expect(texts.some((t) => t.startsWith('Legend'))).toBe(true);
    // Deterministic: no ids, no dates.
    expect(capacityReportSvg(make())).toBe(svg);
    expect(svg).not.toMatch(/\bid="|\d{4}-\d{2}-\d{2}/);
  });

  test('names are escaped', () => {
    const svg = capacityReportSvg(mixed());
    expect(svg).toContain('small &lt;&amp;&gt; &quot;rack&quot;');
    expect(svg).not.toContain('small <&>');
  });

  test('a fleet that does not fit shows use beyond the total in red', () => {
    const svg = capacityReportSvg(planCapacityOrThrow({ workers: { count: 1, vCPU: 16, memoryGiB: 64 }, hostedClusters: [{ name: 'a' }, { name: 'b', load: 'high' }] }));
    expect(svg).toContain('fill="#dc2626"/>');
    expect(svg).toMatch(/\(\d+%\)/);
  });
});

describe('capacitySummary', () => {
  test('the documentation\'s example in one paragraph', () => {
    expect(capacitySummary(doc())).toBe(
      'Capacity: 3 control-plane workers (3 × 64 vCPU, 128 GiB, maxPods 500) hold 16 hosted control planes at medium load (1,000 QPS each), ' +
        'limited by vCPU usage; none is planned. With one load for all: 20 request-based, 20 at low, 16 at medium, 9 at high load.',
    );
  });

  test('a planned fleet with headroom, and one that does not fit', () => {
    expect(capacitySummary(planCapacityOrThrow({ workers: server1, hostedClusters: [{ name: 'a', load: 'high' }, { name: 'b', load: 0 }] }))).toContain(
      'hold 16 hosted control planes, limited by vCPU usage: the 2 planned (1,000 QPS each on average) and a headroom of 14 more at 1,000 QPS.',
    );
    const over = capacitySummary(planCapacityOrThrow({ workers: server1, hostedClusters: Array.from({ length: 18 }, (_, i) => ({ name: `c${i}` })) }));
    expect(over).toContain('hold only 16 of the 18 planned hosted control planes (1,000 QPS each on average), limited by vCPU usage: 2 too many.');
    expect(over).not.toContain('\n');
  });
});
