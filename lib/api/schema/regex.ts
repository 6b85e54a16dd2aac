/**
 * RE2 patterns (OpenAPI `pattern`, CEL `matches` and `find`) as the API server runs them (Go's
 * regexp, unanchored search). Each pattern is compiled once. A pattern is rewritten into an
 * equivalent JavaScript RegExp when every construct in it has the same meaning in both engines
 * (fast); anything else runs on @bufbuild/re2, an RE2 engine in JavaScript (exact, slower).
 */
import type { RE2JS } from '@bufbuild/re2';

export interface Matcher {
  test(text: string): boolean;
  /** The first match, or '' (CEL's `find`); absent when only the RE2 engine can run the pattern. */
  readonly find?: (text: string) => string;
}

const cache = new Map<string, Matcher>();

/** Compiles an RE2 pattern (cached); throws when the pattern is not valid RE2. */
export function compileRe2(pattern: string): Matcher {
  let matcher = cache.get(pattern);
  if (!matcher) {
    matcher = toJs(pattern) ?? fromRe2(pattern);
    cache.set(pattern, matcher);
  }
  return matcher;
}

function fromRe2(pattern: string): Matcher {
  // Loaded on first use: most patterns run as native RegExps.
  const re2 = (require('@bufbuild/re2') as { RE2JS: typeof RE2JS }).RE2JS; // eslint-disable-line @typescript-eslint/no-require-imports
  const re = re2.compile(pattern);
  return { test: (text) => re.test(text) };
}

const SYNTAX = new Set('^$\\.*+?()[]{}|/'.split(''));

/**
 * Rewrites RE2 into a JS `u` RegExp, or returns undefined when unsure. Long because it is one
 * scanner over the pattern: each branch is one RE2 construct, and the state (inside a class or not) is shared.
 */
function toJs(pattern: string): Matcher | undefined {
  let flags = 'u';
  let src = pattern;
  const lead = /^\(\?([is]+)\)/.exec(src);
  if (lead) {
    flags += lead[1];
    src = src.slice(lead[0].length);
  }
  let out = '';
  let inClass = false;
  for (let i = 0; i < src.length; i++) {
    const c = src[i];
    if (c === '\\') {
      const n = src[i + 1];
      if (n === undefined) return undefined;
      i++;
      if (/[dDwWbB]/.test(n)) out += inClass && /[bB]/.test(n) ? undefinedMarker() : `\\${n}`;
      else if (n === 's') out += inClass ? '\\t\\n\\f\\r ' : '[\\t\\n\\f\\r ]';
      else if (n === 'S' && !inClass) out += '[^\\t\\n\\f\\r ]';
      else if (n === 'z' && !inClass) out += '$';
      else if (n === 'A' && !inClass) out += '^';
      else if (/[ntrfv]/.test(n)) out += `\\${n}`;
      else if (/[^A-Za-z0-9]/.test(n)) out += SYNTAX.has(n) || (inClass && n === '-') ? `\\${n}` : `\\u{${n.codePointAt(0)!.toString(16)}}`;
      else return undefined; // \p, \Q, \x, octal, ... : leave to RE2
      continue;
    }
    if (inClass) {
      if (c === '[' && src[i + 1] === ':') return undefined; // POSIX classes
      if (c === ']') inClass = false;
      out += c;
      continue;
    }
    if (c === '[') {
      inClass = true;
      out += c;
      if (src[i + 1] === '^') out += src[++i];
      if (src[i + 1] === ']') {
        out += '\\]';
        i++;
      }
      continue;
    }
    if (c === '(' && src[i + 1] === '?') {
      if (src[i + 2] !== ':') return undefined; // flags groups, named groups
      out += '(?:';
      i += 2;
      continue;
    }
    if (c === '.') out += flags.includes('s') ? '[^]' : '[^\\n]';
    else if (c === '$' && flags.includes('m')) return undefined;
    else if (c === '{') {
      const q = /^\{\d+(,\d*)?\}/.exec(src.slice(i));
      if (q) {
        out += q[0];
        i += q[0].length - 1;
      } else out += '\\{';
    }
    else if (c === '}' || c === ']') out += `\\${c}`;
    else out += c;
  }
  if (out.includes('\u0000')) return undefined;
  let re: RegExp;
  try {
    re = new RegExp(out, flags.replace('s', ''));
  } catch {
    return undefined;
  }
  return {
    test: (text) => re.test(text),
    find: (text) => re.exec(text)?.[0] ?? '',
  };
}

function undefinedMarker(): string {
  return '\u0000';
}
