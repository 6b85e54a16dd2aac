/**
 * TypeScript interfaces for the `spec` of a custom resource, from its CRD schema.
 *
 * Only structure is taken from the CRD: field names, types, enums, required-ness and
 * OpenAPI defaults. No description text is carried over: each interface and field gets a doc line
 * of our own instead (what it is, its path in the object, the kind and its apiVersion, and where
 * upstream documents the fields), so that the API reference and the API reports document them.
 */
import type { CrdSchema as Schema } from './crd';

/** The kind the interfaces are generated for, as their doc lines name it. */
export interface KindDoc {
  readonly apiVersion: string;
  readonly kind: string;
  /** Where upstream documents the kind's fields (targets.ts `docs`). */
  readonly docs: string;
}

class Emitter {
  private readonly blocks: string[] = [];
  private readonly used = new Set<string>();

  constructor(private readonly doc: KindDoc) {}

  /** Emits an interface for `schema` at `path` (`spec.a.b[]`) named `name`; returns the name actually used. */
  emitObject(name: string, schema: Schema, path: string): string {
    let unique = name;
    for (let i = 2; this.used.has(unique); i++) unique = `${name}${i}`;
    this.used.add(unique);
    const { apiVersion, kind, docs } = this.doc;
    const what =
      path === 'spec'
        ? `The \`spec\` of a ${kind} (\`${apiVersion}\`), generated from its CRD by scripts/gen-api.`
        : `\`${path}\` of a ${kind} (\`${apiVersion}\`), generated from its CRD.`;
    const lines: string[] = ['/**', ` * ${what}`, ` * Upstream documents the fields: ${docs}`, ' */', `export interface ${unique} {`];
    const required = new Set(schema.required ?? []);
    for (const key of Object.keys(schema.properties ?? {}).sort()) {
      const prop = schema.properties![key];
      const field = /^[A-Za-z_$][\w$-]*$/.test(key) ? `${path}.${key}` : `${path}[${JSON.stringify(key)}]`;
      const type = this.typeOf(`${unique}${pascal(key)}`, prop, field);
      // The field's path is what to look up in upstream's reference; its default is the CRD's.
      const defaultTag = prop.default !== undefined ? ` @default ${JSON.stringify(prop.default)}` : '';
      lines.push(`  /** \`${field}\` of the ${kind}.${defaultTag} */`);
      const safeKey = /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
      lines.push(`  readonly ${safeKey}${required.has(key) ? '' : '?'}: ${type};`);
    }
    lines.push('}');
    this.blocks.push(lines.join('\n'));
    return unique;
  }

  typeOf(name: string, schema: Schema, path: string): string {
    if (schema['x-kubernetes-int-or-string']) return 'number | string';
    if (schema.enum) {
      return schema.enum.map((v) => JSON.stringify(v)).join(' | ');
    }
    switch (schema.type) {
      case 'string':
        return 'string';
      case 'integer':
      case 'number':
        return 'number';
      case 'boolean':
        return 'boolean';
      case 'array':
        return `ReadonlyArray<${schema.items ? this.typeOf(name, schema.items, `${path}[]`) : 'unknown'}>`;
      case 'object':
      case undefined:
        if (schema.properties && Object.keys(schema.properties).length > 0) {
          return this.emitObject(name, schema, path);
        }
        if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
          return `Readonly<Record<string, ${this.typeOf(`${name}Value`, schema.additionalProperties, `${path}.<key>`)}>>`;
        }
        return schema.type === 'object' && !schema['x-kubernetes-preserve-unknown-fields']
          ? 'Readonly<Record<string, never>>'
          : 'Readonly<Record<string, unknown>>';
      default:
        return 'unknown';
    }
  }

  render(header: string): string {
    // Interfaces are emitted inner-first; reverse so the root type comes first.
    return `${header}\n${[...this.blocks].reverse().join('\n\n')}\n`;
  }
}

function pascal(key: string): string {
  return key
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((part) => part[0].toUpperCase() + part.slice(1))
    .join('');
}

/** The source of `<kind>.generated.ts`: interfaces for the `spec` of a kind. */
export function renderTypes(doc: KindDoc, specSchema: Schema, header: string): string {
  const emitter = new Emitter(doc);
  emitter.emitObject(`${doc.kind}Spec`, specSchema, 'spec');
  return emitter.render(header);
}
