/**
 * TypeScript interfaces for the `spec` of a custom resource, from its CRD schema.
 *
 * Only structure is taken from the CRD: field names, types, enums, required-ness and
 * OpenAPI defaults. No description text is carried over.
 */
import type { CrdSchema as Schema } from './crd';

class Emitter {
  private readonly blocks: string[] = [];
  private readonly used = new Set<string>();

  /** Emits an interface for `schema` named `name`; returns the name actually used. */
  emitObject(name: string, schema: Schema): string {
    let unique = name;
    for (let i = 2; this.used.has(unique); i++) unique = `${name}${i}`;
    this.used.add(unique);
    const lines: string[] = [`export interface ${unique} {`];
    const required = new Set(schema.required ?? []);
    for (const key of Object.keys(schema.properties ?? {}).sort()) {
      const prop = schema.properties![key];
      const type = this.typeOf(`${unique}${pascal(key)}`, prop);
      if (prop.default !== undefined) lines.push(`  /** @default ${JSON.stringify(prop.default)} */`);
      const safeKey = /^[A-Za-z_$][\w$]*$/.test(key) ? key : JSON.stringify(key);
      lines.push(`  readonly ${safeKey}${required.has(key) ? '' : '?'}: ${type};`);
    }
    lines.push('}');
    this.blocks.push(lines.join('\n'));
    return unique;
  }

  typeOf(name: string, schema: Schema): string {
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
        return `ReadonlyArray<${schema.items ? this.typeOf(name, schema.items) : 'unknown'}>`;
      case 'object':
      case undefined:
        if (schema.properties && Object.keys(schema.properties).length > 0) {
          return this.emitObject(name, schema);
        }
        if (schema.additionalProperties && typeof schema.additionalProperties === 'object') {
          return `Readonly<Record<string, ${this.typeOf(`${name}Value`, schema.additionalProperties)}>>`;
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
export function renderTypes(kind: string, specSchema: Schema, header: string): string {
  const emitter = new Emitter();
  emitter.emitObject(`${kind}Spec`, specSchema);
  return emitter.render(header);
}
