/**
 * Building blocks for the props schemas (valibot), and the conversion of schema failures into
 * findings with a props path, a message that names the value given, and a fix.
 *
 * Every message function here returns `message + FIX_SEPARATOR + fix`, because valibot issues carry
 * one message string; {@link schemaFindings} splits them again.
 */
import { v } from './valibot';
import type { ValidationIssue } from './errors';

const FIX_SEPARATOR = '\u001f';
/** Values are echoed in messages up to this many characters, then cut with the full length stated. */
export const ECHO_LIMIT = 100;

const say = (message: string, fix: string) => `${message}${FIX_SEPARATOR}${fix}`;

/** A string for a message: quoted, cut after {@link ECHO_LIMIT} characters with its length stated. */
export function quote(value: unknown): string {
  const text = String(value);
  if (text.length <= ECHO_LIMIT) return JSON.stringify(text);
  return `${JSON.stringify(text.slice(0, ECHO_LIMIT)).slice(0, -1)}…" (${text.length.toLocaleString('en-US')} characters)`;
}

/** What was given, with its type: `"3" (a string)`, `3.5`, `null`, `an array of 2 items`. */
export function describeValue(value: unknown): string {
  if (value === undefined) return 'nothing';
  if (value === null) return 'null';
  if (typeof value === 'string') return value.length > ECHO_LIMIT ? quote(value) : `${quote(value)} (a string)`;
  if (typeof value === 'number' || typeof value === 'boolean' || typeof value === 'bigint') return `${String(value)} (a ${typeof value})`;
  if (Array.isArray(value)) return `an array of ${value.length} item${value.length === 1 ? '' : 's'}`;
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** Edit distance between two strings (Levenshtein), case-insensitive. */
export function editDistance(a: string, b: string): number {
  const [x, y] = [a.toLowerCase(), b.toLowerCase()];
  let previous = Array.from({ length: y.length + 1 }, (_, j) => j);
  for (let i = 1; i <= x.length; i++) {
    const current = [i];
    for (let j = 1; j <= y.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (x[i - 1] === y[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[y.length];
}

/** The candidate closest to `given`, when it is close enough to be a likely typo. */
export function nearest(given: string, candidates: readonly string[]): string | undefined {
  if (given.length > 2 * ECHO_LIMIT) return undefined;
  let best: string | undefined;
  let bestDistance = Infinity;
  for (const candidate of candidates) {
    const distance = editDistance(given, candidate);
    if (distance < bestDistance) [best, bestDistance] = [candidate, distance];
  }
  return bestDistance <= Math.max(2, Math.floor(given.length / 3)) ? best : undefined;
}

type AnyIssue = v.BaseIssue<unknown>;

/** The value type of an object with these schema entries. @internal */
export type EntriesOutput<E extends v.ObjectEntries> = v.InferOutput<v.ObjectSchema<E, undefined>>;

/**
 * An object with exactly these keys. Every unknown key is refused, each with the nearest known key
 * (valibot's strictObject stops at the first), and a wrong value at a known key does not hide
 * them; the output holds the known keys only. @internal
 */
export function strict<const E extends v.ObjectEntries>(entries: E, what = 'an object') {
  const known = Object.keys(entries);
  const keyList = known.length <= 8 ? known.join(', ') : `${known.slice(0, 6).join(', ')}... (see the type's documentation)`;
  const notAnObject = (input: unknown) => say(`${describeValue(input)} is not ${what}.`, `Give ${what} with the keys ${keyList}.`);
  const object = v.object(entries, (issue: AnyIssue) =>
    issue.input === undefined && issue.expected?.startsWith('"') ? say('is required but not given.', `Set ${issue.expected.slice(1, -1)}.`) : notAnObject(issue.input),
  );
  // valibot's object schema, run first, with a check of the input's keys after it (the object's
  // output no longer holds them); an array is not taken for an object.
  return v._standardSchema({
    ...object,
    '~run'(dataset: v.UnknownDataset, config: v.Config<AnyIssue>) {
      const input = dataset.value;
      if (Array.isArray(input)) {
        v._addIssue(this, 'type', dataset, config, { message: notAnObject(input) });
        return dataset as never;
      }
      const result = object['~run'](dataset, config);
      if (!isPlainObject(input)) return result;
      for (const key of Object.keys(input)) {
        if (Object.hasOwn(entries, key)) continue;
        const guess = nearest(key, known);
        // A misspelled required key is one problem: its "required" finding goes into this one.
        const missing = result.issues?.findIndex((issue) => issue.input === undefined && issue.path?.length === 1 && issue.path[0].origin === 'key' && issue.path[0].key === guess) ?? -1;
        if (missing >= 0) result.issues!.splice(missing, 1);
        const path = [{ type: 'object', origin: 'key', input, key, value: input[key] }] as never;
        v._addIssue(this, 'key', result, config, { input: key, expected: 'never', message: unknownKey(key, known, missing >= 0), path });
      }
      if (result.issues?.length === 0) delete result.issues;
      return result;
    },
  }) as typeof object;
}

/**
 * An object a tool wrote (`hcp create infra ... --output-file`) with these keys; keys it does not
 * know are allowed, since newer versions of the tool add fields. @internal
 */
export function cliObject<const E extends v.ObjectEntries>(entries: E, what: string) {
  return v.looseObject(entries, (issue: AnyIssue) =>
    issue.input === undefined && issue.expected?.startsWith('"')
      ? say('is required but not given.', `Set ${issue.expected.slice(1, -1)}; the CLI always writes it.`)
      : say(`${describeValue(issue.input)} is not ${what}.`, `Give ${what} as the CLI writes it.`),
  );
}

/** The finding for a key the object does not have, with the nearest known key when it looks like a typo (`required`: which is missing). */
function unknownKey(key: string, known: readonly string[], required: boolean): string {
  const guess = nearest(key, known);
  if (guess && required) return say(`unknown key ${quote(key)}; did you mean ${quote(guess)}? It is required and not given.`, `Rename it to ${quote(guess)}.`);
  return say(
    `unknown key ${quote(key)}${guess ? `; did you mean ${quote(guess)}?` : '.'}`,
    guess ? `Rename it to ${quote(guess)}, or remove it.` : `Remove it; the keys here are ${known.join(', ')}.`,
  );
}

/** Any string, optionally at most `max` characters (`source` says where that limit comes from). @internal */
export function text(options: { max?: number; fix?: string } = {}) {
  const fix = options.fix ?? 'Give a string.';
  const base = v.string((issue: AnyIssue) => say(`${describeValue(issue.input)} is not a string.`, fix));
  if (options.max === undefined) return v.pipe(base);
  const max = options.max;
  return v.pipe(
    base,
    v.maxLength(max, (issue: AnyIssue) => say(`${describeValue(issue.input)} is longer than the ${max} characters allowed.`, `Shorten it to ${max} characters or fewer.`)),
  );
}

/** A whole number within [min, max]; `limit` names the source of the maximum for the message. @internal */
export function count(min: number, max: number, limit?: string) {
  const notWhole = (issue: AnyIssue) => say(`${describeValue(issue.input)} is not a whole number.`, `Give a whole number from ${min} to ${max}.`);
  return v.pipe(
    v.number(notWhole),
    v.integer(notWhole),
    v.minValue(min, (issue: AnyIssue) => say(`${String(issue.input)} is less than ${min}.`, `Give ${min} or more.`)),
    v.maxValue(max, (issue: AnyIssue) => say(`${String(issue.input)} is more than ${max}${limit ? `, ${limit}` : ''}.`, `Give ${max} or less.`)),
  );
}

/** @internal */
export function bool() {
  return v.boolean((issue: AnyIssue) => say(`${describeValue(issue.input)} is not true or false.`, 'Give true or false (without quotes).'));
}

/** One of a fixed set of strings; a near miss suggests the intended value. @internal */
export function oneOf<const T extends readonly [string, ...string[]]>(options: T) {
  return v.picklist(options, (issue: AnyIssue) => {
    const guess = typeof issue.input === 'string' ? nearest(issue.input, options) : undefined;
    return say(
      `${describeValue(issue.input)} is not one of ${options.join(', ')}${guess ? `; did you mean ${quote(guess)}?` : '.'}`,
      guess ? `Use ${quote(guess)}.` : `Use one of ${options.join(', ')}.`,
    );
  });
}

/** @internal */
export function literal<const T extends string>(value: T) {
  return v.literal(value, (issue: AnyIssue) => say(`${describeValue(issue.input)} is not ${quote(value)}.`, `Use ${quote(value)}.`));
}

/** A list; read-only in the inferred type so callers may pass `readonly` arrays. `fix` may show an example. @internal */
export function list<const S extends v.GenericSchema>(item: S, options: { max?: number; limit?: string; fix?: string } = {}) {
  const array = v.array(item, (issue: AnyIssue) => say(`${describeValue(issue.input)} is not a list.`, options.fix ?? 'Give a list ([...]).'));
  const max = options.max ?? Number.MAX_SAFE_INTEGER;
  return v.pipe(
    array,
    v.maxLength(max, (issue: AnyIssue) => say(`${(issue.input as unknown[]).length} items given; at most ${max} are allowed${options.limit ? ` (${options.limit})` : ''}.`, `Keep at most ${max}.`)),
    v.readonly(),
  );
}

/**
 * The schema, typed by the props interface it checks (test/types/props-match-schemas.ts keeps the
 * two equal), so that declarations derived from it name the interface instead of spelling the
 * schema's output out. @internal
 */
export function checking<T>(schema: v.GenericSchema<unknown, T>): v.GenericSchema<unknown, T> {
  return schema;
}

/** A map of strings to strings (labels, annotations, tags). @internal */
export function stringMap() {
  const notAMap = (issue: AnyIssue) => say(`${describeValue(issue.input)} is not a map of strings.`, 'Give an object such as { key: "value" }.');
  // v.record alone takes an array for an object; a list of "key=value" strings is a common slip.
  return v.pipe(
    v.custom<Record<string, unknown>>(isPlainObject, notAMap),
    v.record(
      v.string(),
      v.string((issue: AnyIssue) => say(`${describeValue(issue.input)} is not a string.`, 'Give every value as a string (quote numbers and booleans).')),
      notAMap,
    ),
  );
}

/** Whether `value` is an object with keys (not null, not an array): untrusted props are checked with it before they are read. */
export function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/**
 * An object checked only for being an object, typed as `T`: for API blocks passed through to the
 * spec (configuration, specOverrides...), which are checked on the final object.
 * @internal
 */
export function passthrough<T>(what = 'an object') {
  return v.custom<T>(isPlainObject, (issue: AnyIssue) => say(`${describeValue(issue.input)} is not ${what}.`, `Give ${what} ({ ... }).`));
}

/** A list of objects passed through to the spec, typed as `T`. @internal */
export function passthroughList<T extends readonly unknown[]>() {
  return v.custom<T>(
    (value) => Array.isArray(value) && value.every(isPlainObject),
    (issue: AnyIssue) => say(`${describeValue(issue.input)} is not a list of objects.`, 'Give a list of objects ([{ ... }]).'),
  );
}

/**
 * Exactly one of several keyed alternatives (`{ existingSecret }`, `{ externalSecret }`, `{ inline }`).
 * A plain union would report every alternative's failures; this picks the alternative by its key.
 * @internal
 */
export function oneKeyOf<const E extends Record<string, v.GenericSchema>>(alternatives: E, what: string) {
  const keys = Object.keys(alternatives);
  const schemas = Object.fromEntries(keys.map((key) => [key, strict({ [key]: alternatives[key] })]));
  type Output = { [K in keyof E]: { readonly [P in K]: v.InferOutput<E[K]> } }[keyof E];
  return v.pipe(
    v.unknown(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const input = dataset.value;
      const given = isPlainObject(input) ? keys.filter((key) => key in input) : [];
      if (!isPlainObject(input) || given.length !== 1) {
        addIssue({
          message: say(
            !isPlainObject(input)
              ? `${describeValue(input)} is not ${what}.`
              : given.length === 0
                ? `none of ${keys.join(', ')} is given; ${what} takes exactly one.`
                : `${given.join(' and ')} are all given; ${what} takes exactly one.`,
            `Give exactly one of ${keys.map((k) => `{ ${k}: ... }`).join(', ')}.`,
          ),
        });
        return NEVER;
      }
      return parsedBy(schemas[given[0]], input, addIssue) as Output | undefined ?? NEVER;
    }),
  );
}

/**
 * One of several object schemas, picked by the value of one key (`type`): a union would report
 * every alternative's failures, this reports those of the alternative the input names, or one
 * finding (with the nearest type) when it names none. @internal
 */
export function variantOf<const K extends string, const E extends Record<string, v.GenericSchema>>(key: K, alternatives: E, what: string) {
  const names = Object.keys(alternatives);
  return v.pipe(
    v.unknown(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const input = dataset.value;
      const given = isPlainObject(input) ? input[key] : undefined;
      // Own keys only: a type such as "toString" must not find Object.prototype's.
      if (typeof given === 'string' && Object.hasOwn(alternatives, given)) {
        return (parsedBy(alternatives[given], input, addIssue) as v.InferOutput<E[keyof E]> | undefined) ?? NEVER;
      }
      const guess = typeof given === 'string' ? nearest(given, names) : undefined;
      addIssue({
        message: say(
          isPlainObject(input) ? `${key} ${describeValue(given)} is not one of ${names.join(', ')}${guess ? `; did you mean ${quote(guess)}?` : '.'}` : `${describeValue(input)} is not ${what}.`,
          guess ? `Use ${key}: ${quote(guess)}.` : `Give ${what} with ${key}: one of ${names.join(', ')}.`,
        ),
        ...(isPlainObject(input) ? { path: [{ type: 'object', origin: 'value', input, key, value: given }] as never } : {}),
      });
      return NEVER;
    }),
  );
}

/**
 * The output of `schema` for `input`, or undefined after handing its issues (with their paths) to
 * `addIssue`: for schemas that pick the schema an input is checked by. @internal
 */
export function parsedBy<S extends v.GenericSchema>(schema: S, input: unknown, addIssue: (info: { message: string; input: unknown; path: never }) => void): v.InferOutput<S> | undefined {
  const result = v.safeParse(schema, input);
  if (result.success) return result.output;
  for (const issue of result.issues) addIssue({ message: issue.message, input: issue.input, path: issue.path as never });
  return undefined;
}

/**
 * A string, or an object with more to say (`"10.0.0.0/16"` or `{ cidr: "10.0.0.0/16" }`), checked by
 * the schema its type picks, so each form gets its own findings; `what` names both forms and
 * `example` shows them, for anything else. @internal
 */
export function textOr<const S extends v.GenericSchema>(object: S, what: string, example: string) {
  const asText = text();
  return v.pipe(
    v.unknown(),
    v.rawTransform(({ dataset, addIssue, NEVER }) => {
      const input = dataset.value;
      const schema = typeof input === 'string' ? asText : isPlainObject(input) ? object : undefined;
      if (schema) return (parsedBy(schema, input, addIssue) as string | v.InferOutput<S> | undefined) ?? NEVER;
      addIssue({ message: say(`${describeValue(input)} is neither ${what}.`, `Give ${example}.`) });
      return NEVER;
    }),
  );
}

/** `nodePools[0].platform.aws`, `labels["a/b"]`. */
export function formatPath(path: readonly { readonly key?: unknown }[] | undefined): string {
  let out = '';
  for (const item of path ?? []) {
    const key = item.key;
    if (typeof key === 'number') out += `[${key}]`;
    else if (typeof key === 'string' && /^[A-Za-z_$][\w$]*$/.test(key)) out += out === '' ? key : `.${key}`;
    else out += `[${JSON.stringify(String(key))}]`;
  }
  return out;
}

/** Findings for every schema issue, each with its props path, message and fix. @internal */
export function schemaFindings(issues: readonly AnyIssue[], object: string): ValidationIssue[] {
  return issues.map((issue) => {
    const [message, fix] = issue.message.includes(FIX_SEPARATOR)
      ? issue.message.split(FIX_SEPARATOR)
      : [`${describeValue(issue.input)} is not valid here.`, 'See the field\'s documentation for the expected value.'];
    return { severity: 'error', object, path: formatPath(issue.path) || '(props)', message, fix };
  });
}

/** A message for a custom check, in the same format as the built-in ones. */
export const schemaMessage = say;
