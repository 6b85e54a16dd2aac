/**
 * CEL rules (`x-kubernetes-validations`) evaluated with @bufbuild/cel, plus the Kubernetes CEL
 * library functions the CRDs use (regex `find`, URLs, IPs and CIDRs; `matches` on RE2). Each rule
 * is compiled once. A rule that uses anything this module cannot evaluate is *skipped* and
 * counted, never passed silently. Transition rules (those that use `oldSelf`) are evaluated with
 * the previous value given (see transitions.ts).
 */
import { CelScalar, celEnv, celFunc, celMethod, isCelError, listType, mapType, parse, plan } from '@bufbuild/cel';
import type { CelEnv, CelResult } from '@bufbuild/cel';
import { strings } from '@bufbuild/cel/ext';
import { compileRe2 } from './regex';
import { parseCidr, parseIp } from './net';
import { isRequestURI } from './format';
import { dns1035Label, dnsLabel, dnsSubdomain, labelValue, qualifiedName } from './names';

const { STRING, BOOL, INT, DYN } = CelScalar;
const OPAQUE = mapType(STRING, DYN);

/** Functions and macros the evaluator has: CEL's standard library, strings ext, and the Kubernetes ones below. */
const SUPPORTED = new Set([
  // macros and standard functions
  'has', 'all', 'exists', 'exists_one', 'filter', 'map', 'size', 'matches', 'contains', 'startsWith', 'endsWith',
  'int', 'uint', 'double', 'string', 'bool', 'bytes', 'dyn', 'type', 'duration', 'timestamp',
  'getSeconds', 'getMinutes', 'getHours', 'getMilliseconds',
  // strings extension
  'split', 'lowerAscii', 'upperAscii', 'trim', 'replace', 'indexOf', 'lastIndexOf', 'substring', 'join', 'charAt',
  // Kubernetes library
  'find', 'isURL', 'url', 'getScheme', 'getHost', 'getHostname', 'getPort', 'getEscapedPath', 'getQuery',
  'isIP', 'ip', 'family', 'isCIDR', 'cidr', 'prefixLength',
  // the format library's validate(), as rewritten by desugarFormats
  'k8sFormatInvalid',
]);

/** The named formats of the Kubernetes CEL format library the rewrite covers, with apimachinery's validators. */
const NAMED_FORMATS: Readonly<Record<string, (value: string) => string[]>> = {
  dns1123Subdomain: dnsSubdomain,
  dns1123Label: dnsLabel,
  dns1035Label,
  qualifiedName,
  labelValue,
};

/**
 * Rewrites the format library's `format.<name>().validate(x).hasValue()` (true when `x` is not
 * of the format) into `k8sFormatInvalid("<name>", x)`, for the formats of NAMED_FORMATS and a
 * field path `x`; anything else is left, so the rule stays skipped.
 */
export function desugarFormats(rule: string): string {
  return rule.replace(/\bformat\.(\w+)\(\)\.validate\(([A-Za-z_][\w.]*)\)\.hasValue\(\)/g, (whole, name: string, value: string) =>
    name in NAMED_FORMATS ? `k8sFormatInvalid("${name}", ${value})` : whole,
  );
}

/** A JS value a rule cannot be evaluated on (a function the regex fallback cannot run). */
class Unsupported extends Error {}

type Opaque = ReadonlyMap<unknown, unknown>;
// Values of Kubernetes' url/ip/cidr types, as tagged CEL maps.
const opaque = (tag: string, fields: Record<string, unknown>): never => new Map<string, unknown>([['$', tag], ...Object.entries(fields)]) as never;
const field = (self: Opaque, tag: string, key: string) => {
  if (self.get('$') !== tag) throw new Error(`no such overload: ${key}() on a non-${tag} value`);
  return self.get(key);
};

function urlParts(value: string) {
  if (!isRequestURI(value)) throw new Error(`URL parse error during conversion from string: ${value}`);
  let scheme = '';
  let host = '';
  let hostname = '';
  let port = '';
  let path = value;
  let query = '';
  const m = /^([A-Za-z][A-Za-z0-9+.-]*):(?:\/\/([^/?#]*))?([^?#]*)(?:\?([^#]*))?/.exec(value);
  if (m) {
    scheme = m[1].toLowerCase();
    host = (m[2] ?? '').replace(/^[^@]*@/, '');
    const hp = /^(\[[^\]]*\]|[^:]*)(?::(\d*))?$/.exec(host);
    hostname = (hp?.[1] ?? host).replace(/^\[|\]$/g, '');
    port = hp?.[2] ?? '';
    path = m[3];
    query = m[4] ?? '';
  } else {
    const q = value.indexOf('?');
    if (q >= 0) {
      path = value.slice(0, q);
      query = value.slice(q + 1);
    }
  }
  const params = new Map<string, string[]>();
  for (const pair of query.split(/[&]/)) {
    if (!pair) continue;
    const [k, v = ''] = pair.split('=');
    const key = decodeURIComponent(k.replace(/\+/g, ' '));
    params.set(key, [...(params.get(key) ?? []), decodeURIComponent(v.replace(/\+/g, ' '))]);
  }
  return opaque('url', { scheme, host, hostname, port, path, query: params });
}

const K8S_FUNCS = [
  celMethod('find', STRING, [STRING], STRING, function (this: string, pattern: string) {
    const matcher = compileRe2(pattern);
    if (!matcher.find) throw new Unsupported(`find() with RE2-only pattern ${pattern}`);
    return matcher.find(this);
  }),
  celFunc('isURL', [STRING], BOOL, (s: string) => isRequestURI(s)),
  celFunc('k8sFormatInvalid', [STRING, STRING], BOOL, (name: string, value: string) => NAMED_FORMATS[name](value).length > 0),
  celFunc('url', [STRING], OPAQUE, (s: string) => urlParts(s)),
  celMethod('getScheme', OPAQUE, [], STRING, function (this: Opaque) { return field(this, 'url', 'scheme') as string; }),
  celMethod('getHost', OPAQUE, [], STRING, function (this: Opaque) { return field(this, 'url', 'host') as string; }),
  celMethod('getHostname', OPAQUE, [], STRING, function (this: Opaque) { return field(this, 'url', 'hostname') as string; }),
  celMethod('getPort', OPAQUE, [], STRING, function (this: Opaque) { return field(this, 'url', 'port') as string; }),
  celMethod('getEscapedPath', OPAQUE, [], STRING, function (this: Opaque) { return field(this, 'url', 'path') as string; }),
  celMethod('getQuery', OPAQUE, [], mapType(STRING, listType(STRING)), function (this: Opaque) {
    return field(this, 'url', 'query') as Map<string, string[]>;
  }),
  celFunc('isIP', [STRING], BOOL, (s: string) => parseIp(s) !== undefined),
  celFunc('ip', [STRING], OPAQUE, (s: string) => {
    const ip = parseIp(s);
    if (!ip) throw new Error(`IP Address ${JSON.stringify(s)} parse error during conversion from string`);
    return opaque('ip', { family: BigInt(ip.family), text: ip.text });
  }),
  celMethod('family', OPAQUE, [], INT, function (this: Opaque) { return field(this, 'ip', 'family') as bigint; }),
  celFunc('isCIDR', [STRING], BOOL, (s: string) => parseCidr(s) !== undefined),
  celFunc('cidr', [STRING], OPAQUE, (s: string) => {
    const c = parseCidr(s);
    if (!c) throw new Error(`network address ${JSON.stringify(s)} parse error during conversion from string`);
    return opaque('cidr', { prefixLength: BigInt(c.prefixLength), ip: opaque('ip', { family: BigInt(c.ip.family), text: c.ip.text }) });
  }),
  celMethod('ip', OPAQUE, [], OPAQUE, function (this: Opaque) { return field(this, 'cidr', 'ip') as never; }),
  celMethod('prefixLength', OPAQUE, [], INT, function (this: Opaque) { return field(this, 'cidr', 'prefixLength') as bigint; }),
];

let env: CelEnv | undefined;
function celEnvironment(): CelEnv {
  env ??= celEnv({ funcs: [...strings, ...K8S_FUNCS], re2: { compile: (pattern: string) => compileRe2(pattern) } });
  return env;
}

/**
 * Rewrites optional field chains ending in `orValue`, `a.?b.c.orValue(x)`, into
 * `(has(a.b) && has(a.b.c) ? a.b.c : x)`, which means the same for object fields (the parser
 * has no optional syntax). Returns undefined when a `.?` is left that this does not cover.
 */
export function desugarOptionals(rule: string): string | undefined {
  const LIT = `"(?:[^"\\\\]|\\\\.)*"|'(?:[^'\\\\]|\\\\.)*'|-?\\d+|true|false`;
  const re = new RegExp(`([A-Za-z_]\\w*(?:\\.[A-Za-z_]\\w*)*)\\.\\?([A-Za-z_]\\w*(?:\\.[A-Za-z_]\\w*)*)\\.orValue\\((${LIT})\\)`, 'g');
  const out = rule.replace(re, (_m, base: string, chain: string, fallback: string) => {
    const names = chain.split('.');
    const checks = names.map((_n, i) => `has(${base}.${names.slice(0, i + 1).join('.')})`);
    return `(${checks.join(' && ')} ? ${base}.${chain} : ${fallback})`;
  });
  return out.includes('.?') || /\borValue\b/.test(out) ? undefined : out;
}

/** Function and macro names called in a rule (outside string literals). */
export function calledFunctions(rule: string): string[] {
  const code = rule.replace(/"(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'/g, '""');
  return [...new Set([...code.matchAll(/([A-Za-z_]\w*)\s*\(/g)].map((m) => m[1]))];
}

export type RuleOutcome = { readonly kind: 'pass' } | { readonly kind: 'fail'; readonly message: string } | { readonly kind: 'skipped'; readonly reason: string };

export interface CompiledRule {
  /** Why the rule cannot be evaluated here; undefined when it can. */
  readonly skipped?: string;
  /** True when the rule uses `oldSelf`: it needs the previous value. */
  readonly transition: boolean;
  /** Evaluates the rule on `self`, with `oldSelf` the previous value for a transition rule. */
  evaluate(self: unknown, oldSelf?: unknown): RuleOutcome;
}

const compiled = new Map<string, CompiledRule>();

/** Compiles a rule once (cached by its text). */
export function compileRule(rule: string): CompiledRule {
  let c = compiled.get(rule);
  if (!c) {
    c = compile(rule);
    compiled.set(rule, c);
  }
  return c;
}

function skippedRule(reason: string, transition: boolean): CompiledRule {
  return { skipped: reason, transition, evaluate: () => ({ kind: 'skipped', reason }) };
}

function compile(original: string): CompiledRule {
  const transition = /\boldSelf\b/.test(original);
  const skipped = (reason: string) => skippedRule(reason, transition);
  const rule = desugarFormats(original);
  const unknown = calledFunctions(rule).filter((f) => !SUPPORTED.has(f) && f !== 'orValue');
  if (unknown.length > 0) return skipped(`uses ${unknown.map((f) => `${f}()`).join(', ')}, not available in this evaluator`);
  const source = desugarOptionals(rule);
  if (source === undefined) return skipped('optional syntax (.?) outside an orValue() chain');
  let program: (ctx: { self: unknown; oldSelf?: unknown }) => CelResult;
  try {
    program = plan(celEnvironment(), parse(source)) as unknown as (ctx: { self: unknown; oldSelf?: unknown }) => CelResult;
  } catch (error) {
    return skipped(`does not compile: ${(error as Error).message.split('\n')[0]}`);
  }
  return {
    transition,
    evaluate(self: unknown, oldSelf?: unknown): RuleOutcome {
      if (transition && oldSelf === undefined) return { kind: 'skipped', reason: 'transition rule (oldSelf): runs only on update, against the previous object' };
      let result: CelResult;
      try {
        result = program((transition ? { self, oldSelf } : { self }) as never);
      } catch (error) {
        if (error instanceof Unsupported) return { kind: 'skipped', reason: error.message };
        return { kind: 'fail', message: `evaluation error: ${(error as Error).message}` };
      }
      if (isCelError(result)) {
        const cause = (result as { cause?: unknown }).cause;
        if (cause instanceof Unsupported) return { kind: 'skipped', reason: cause.message };
        const text = String((result as { message?: string }).message ?? result);
        if (/unbound function|no matching overload|found no matching/i.test(text)) return { kind: 'skipped', reason: text };
        return { kind: 'fail', message: `evaluation error: ${text}` };
      }
      return result === true ? { kind: 'pass' } : { kind: 'fail', message: '' };
    },
  };
}
