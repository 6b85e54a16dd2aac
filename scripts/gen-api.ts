/**
 * Generates TypeScript interfaces for the `spec` of custom resources from their CRDs.
 *
 * Only structure is taken from the CRD: field names, types, enums, required-ness and
 * OpenAPI defaults. No description text is carried over. The CRDs are read from
 * ../shared/reference/crds (never committed); the generated files are committed.
 *
 *   npm run gen:api            # regenerate lib/api/**.generated.ts
 */
import * as fs from 'fs';
import * as path from 'path';
import { parse } from 'yaml';

interface Target {
  /** CRD file, relative to the CRD reference folder. */
  readonly crd: string;
  readonly version: string;
  /** Output file, relative to the repository root. */
  readonly out: string;
  /** Where users can read the upstream API reference. */
  readonly docs: string;
}

const CRD_ROOT = path.resolve(__dirname, '..', '..', 'shared', 'reference', 'crds');
const REPO_ROOT = path.resolve(__dirname, '..');

const TARGETS: Target[] = [
  {
    crd: 'hypershift/hostedclusters.hypershift.openshift.io-Default.crd.yaml',
    version: 'v1beta1',
    out: 'lib/api/hypershift/hosted-cluster.generated.ts',
    docs: 'https://hypershift-docs.netlify.app/reference/api/',
  },
  {
    crd: 'hypershift/nodepools.hypershift.openshift.io-Default.crd.yaml',
    version: 'v1beta1',
    out: 'lib/api/hypershift/node-pool.generated.ts',
    docs: 'https://hypershift-docs.netlify.app/reference/api/',
  },
  {
    crd: 'external-secrets/external-secrets.io_externalsecrets.yaml',
    version: 'v1',
    out: 'lib/api/external-secrets/external-secret.generated.ts',
    docs: 'https://external-secrets.io/latest/api/spec/',
  },
];

interface Schema {
  type?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  additionalProperties?: Schema | boolean;
  enum?: unknown[];
  default?: unknown;
  'x-kubernetes-int-or-string'?: boolean;
  'x-kubernetes-preserve-unknown-fields'?: boolean;
  allOf?: Schema[];
  anyOf?: Schema[];
}

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

function generate(target: Target): void {
  const file = path.join(CRD_ROOT, target.crd);
  const crd = parse(fs.readFileSync(file, 'utf8'));
  const kind: string = crd.spec.names.kind;
  const version = crd.spec.versions.find((v: { name: string }) => v.name === target.version);
  if (!version) throw new Error(`${target.crd} has no version ${target.version}`);
  const specSchema: Schema = version.schema.openAPIV3Schema.properties.spec;
  const emitter = new Emitter();
  emitter.emitObject(`${kind}Spec`, specSchema);
  const header = [
    '// Generated by scripts/gen-api.ts from the upstream CRD; do not edit by hand.',
    `// ${crd.spec.group}/${target.version} ${kind}. API reference: ${target.docs}`,
    '/* eslint-disable */',
  ].join('\n');
  const out = path.join(REPO_ROOT, target.out);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  fs.writeFileSync(out, emitter.render(header));
  console.log(`wrote ${target.out}`);
}

if (!fs.existsSync(CRD_ROOT)) {
  console.error(`CRD reference folder not found at ${CRD_ROOT}`);
  process.exit(1);
}
TARGETS.forEach(generate);
