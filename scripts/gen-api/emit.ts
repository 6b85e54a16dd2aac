/**
 * Writes generated schemas as TypeScript with every subtree that occurs more than once declared
 * once and referenced where it occurs: within one CRD as a constant of its file, across CRDs
 * (Kubernetes' own types: resource requirements, affinity, label selectors...) as a constant of
 * `schema/shared.generated.ts`. The values are the same; the files are much smaller.
 */

/** Subtrees shorter than this (as JSON) stay inline: a name would not be shorter. */
const MIN_SHARED_LENGTH = 120;

export type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** What a value is to the schema: a node, a map of nodes (properties), a CEL rule list or entry (create or transition), or plain data. */
type Role = 'kind' | 'node' | 'map' | 'rules' | 'rule' | 'transitions' | 'transition' | 'data';
/** Keys of a node whose values are nodes, maps of nodes or rule lists. */
const CHILD_ROLES: Readonly<Record<string, Role>> = { properties: 'map', items: 'node', additionalProperties: 'node', rules: 'rules', transitionRules: 'transitions' };
const TYPE_OF: Readonly<Record<Role, string>> = {
  kind: 'KindSchema',
  node: 'SchemaNode',
  map: 'Readonly<Record<string, SchemaNode>>',
  rules: 'readonly CelRuleSpec[]',
  rule: 'CelRuleSpec',
  transitions: 'readonly TransitionRuleSpec[]',
  transition: 'TransitionRuleSpec',
  data: 'unknown',
};
const SCHEMA_TYPES = ['KindSchema', 'SchemaNode', 'CelRuleSpec', 'TransitionRuleSpec'];
/** The role of the items of a list of role `role`. */
const itemRoleOf = (role: Role): Role => (role === 'rules' ? 'rule' : role === 'transitions' ? 'transition' : 'data');

const isObject = (value: Json): value is { [key: string]: Json } => typeof value === 'object' && value !== null && !Array.isArray(value);

function childRole(parent: Role, key: string): Role {
  if (parent === 'map') return 'node';
  if (parent === 'node') return CHILD_ROLES[key] ?? 'data';
  return parent === 'kind' && key === 'schema' ? 'node' : 'data';
}

/** Every object subtree with its role, once per distinct value (the insides of a repeat are not walked again). */
function subtrees(value: Json, visit: (key: string, role: Role, first: boolean) => void): void {
  const seen = new Set<string>();
  const walk = (node: Json, role: Role): void => {
    if (Array.isArray(node)) {
      node.forEach((item) => walk(item, itemRoleOf(role)));
      return;
    }
    if (!isObject(node)) return;
    const key = JSON.stringify(node);
    const first = !seen.has(key);
    visit(key, role, first);
    if (!first) return;
    seen.add(key);
    for (const [k, v] of Object.entries(node)) walk(v, childRole(role, k));
  };
  walk(value, 'kind');
}

const shareable = (key: string, role: Role) => key.length >= MIN_SHARED_LENGTH && role !== 'data' && role !== 'kind';

/** Declares shared subtrees while rendering values: `names` maps a subtree's JSON to its constant. */
class Renderer {
  readonly declarations: string[] = [];
  constructor(
    private readonly names: Map<string, string>,
    private readonly declare: (key: string, role: Role) => string | undefined,
  ) {}

  render(node: Json, indent: string, role: Role): string {
    if (Array.isArray(node)) {
      if (node.length === 0) return '[]';
      const itemRole = itemRoleOf(role);
      return `[\n${node.map((item) => `${indent} ${this.render(item, `${indent} `, itemRole)}`).join(',\n')}\n${indent}]`;
    }
    if (!isObject(node)) return JSON.stringify(node);
    const key = JSON.stringify(node);
    const known = this.names.get(key);
    if (known) return known;
    const id = this.declare(key, role);
    const named = this.names.get(key); // a subtree the shared module declared for this file
    if (named) return named;
    if (!id) return this.body(node, indent, role);
    // Its inner shared subtrees are declared while rendering it, so before it.
    const text = this.body(node, '', role);
    this.declarations.push(`${id.startsWith('s') ? 'export ' : ''}const ${id}: ${TYPE_OF[role]} = ${text};`);
    this.names.set(key, id);
    return id;
  }

  body(node: { [key: string]: Json }, indent: string, role: Role): string {
    const entries = Object.entries(node);
    if (entries.length === 0) return '{}';
    return `{\n${entries.map(([k, v]) => `${indent} ${JSON.stringify(k)}: ${this.render(v, `${indent} `, childRole(role, k))}`).join(',\n')}\n${indent}}`;
  }
}

/** The generated kind schemas, as files: one per kind and the shared module. */
export function renderKindSchemas(
  kinds: ReadonlyArray<{ readonly name: string; readonly value: Json }>,
  typesImport: (fromShared: boolean) => string,
): { readonly files: readonly string[]; readonly shared: string } {
  // Subtrees found in two or more kinds go to the shared module.
  const kindsWith = new Map<string, { role: Role; count: number }>();
  for (const { value } of kinds) {
    subtrees(value, (key, role, first) => {
      if (!first) return;
      const entry = kindsWith.get(key);
      if (!entry) kindsWith.set(key, { role, count: 1 });
      else if (entry.role === role) entry.count++;
    });
  }
  const sharedIds = new Map<string, string>();
  let sharedCount = 0;
  const sharedRenderer = new Renderer(sharedIds, (key, role) => {
    const entry = kindsWith.get(key);
    return entry && entry.count > 1 && entry.role === role && shareable(key, role) ? `s${++sharedCount}` : undefined;
  });

  const files = kinds.map(({ name, value }) => {
    const repeats = new Map<string, number>();
    subtrees(value, (key) => repeats.set(key, (repeats.get(key) ?? 0) + 1));
    const local = new Map<string, string>();
    const usedShared = new Set<string>();
    let next = 0;
    const fileRenderer = new Renderer(local, (key, role) => {
      const entry = kindsWith.get(key);
      if (entry && entry.count > 1 && entry.role === role && shareable(key, role)) {
        const id = sharedRenderer.render(JSON.parse(key) as Json, '', role);
        local.set(key, id);
        usedShared.add(id);
        return undefined;
      }
      return (repeats.get(key) ?? 0) > 1 && shareable(key, role) ? `n${++next}` : undefined;
    });
    const top = fileRenderer.body(value as { [key: string]: Json }, '', 'kind');
    const text = `${fileRenderer.declarations.join('\n')}${fileRenderer.declarations.length > 0 ? '\n\n' : ''}export const ${name}: KindSchema = ${top};\n`;
    const imports = [...usedShared].sort((a, b) => Number(a.slice(1)) - Number(b.slice(1)));
    const types = SCHEMA_TYPES.filter((t) => t === 'KindSchema' || new RegExp(`: (readonly )?(Readonly<Record<string, )?${t}\\b`).test(text));
    return `${typesImport(false).replace('{TYPES}', types.join(', '))}${imports.length > 0 ? `import { ${imports.join(', ')} } from '{SHARED}';\n` : ''}\n${text}`;
  });
  const sharedTypes = SCHEMA_TYPES.filter((t) => new RegExp(`: (readonly )?(Readonly<Record<string, )?${t}\\b`).test(sharedRenderer.declarations.join('\n')));
  const shared = `${sharedTypes.length > 0 ? typesImport(true).replace('{TYPES}', sharedTypes.join(', ')) : ''}\n${sharedRenderer.declarations.join('\n')}\n`;
  return { files, shared };
}
