/**
 * Writes a generated schema as TypeScript, with every subtree that occurs more than once in the
 * same CRD (Kubernetes' own types: resource requirements, affinity, probes...) declared once as a
 * constant and referenced where it occurs. The value is the same; the file is much smaller.
 */

/** Subtrees shorter than this (as JSON) stay inline: a name would not be shorter. */
const MIN_SHARED_LENGTH = 120;

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** What a value is to the schema: a node, a map of nodes (properties), a CEL rule list or entry, or plain data. */
type Role = 'kind' | 'node' | 'map' | 'rules' | 'rule' | 'data';
/** Keys of a node whose values are nodes, maps of nodes or rule lists. */
const CHILD_ROLES: Readonly<Record<string, Role>> = { properties: 'map', items: 'node', additionalProperties: 'node', rules: 'rules' };
const TYPE_OF: Readonly<Record<Role, string>> = {
  kind: 'KindSchema',
  node: 'SchemaNode',
  map: 'Readonly<Record<string, SchemaNode>>',
  rules: 'readonly CelRuleSpec[]',
  rule: 'CelRuleSpec',
  data: 'unknown',
};

const isObject = (value: Json): value is { [key: string]: Json } => typeof value === 'object' && value !== null && !Array.isArray(value);

/**
 * `const` declarations of the shared subtrees, then `export const <name>: KindSchema = <value>;`,
 * and the schema types the text names (to import).
 */
export function renderWithSharedNodes(name: string, value: Json): { readonly text: string; readonly types: readonly string[] } {
  const counts = new Map<string, number>();
  const count = (node: Json): void => {
    if (isObject(node)) {
      const key = JSON.stringify(node);
      counts.set(key, (counts.get(key) ?? 0) + 1);
      // A repeated subtree is counted once per occurrence; its insides are counted with it.
      if (counts.get(key)! > 1) return;
      Object.values(node).forEach(count);
    } else if (Array.isArray(node)) node.forEach(count);
  };
  count(value);

  const shared = new Map<string, string>();
  const declarations: string[] = [];
  /** `role` is what the value is to the schema, so a shared constant gets the right type. */
  const render = (node: Json, indent: string, role: Role): string => {
    if (Array.isArray(node)) {
      if (node.length === 0) return '[]';
      const itemRole: Role = role === 'rules' ? 'rule' : 'data';
      return `[\n${node.map((item) => `${indent} ${render(item, `${indent} `, itemRole)}`).join(',\n')}\n${indent}]`;
    }
    if (!isObject(node)) return JSON.stringify(node);
    const key = JSON.stringify(node);
    const known = shared.get(key);
    if (known) return known;
    if ((counts.get(key) ?? 0) < 2 || key.length < MIN_SHARED_LENGTH || role === 'data') return body(node, indent, role);
    // Its inner shared subtrees are declared while rendering it, so before it.
    const text = body(node, '', role);
    const id = `n${shared.size + 1}`;
    declarations.push(`const ${id}: ${TYPE_OF[role]} = ${text};`);
    shared.set(key, id);
    return id;
  };
  const body = (node: { [key: string]: Json }, indent: string, role: Role): string => {
    const entries = Object.entries(node);
    if (entries.length === 0) return '{}';
    const roleOf = (k: string): Role => (role === 'map' ? 'node' : role === 'node' ? (CHILD_ROLES[k] ?? 'data') : role === 'kind' && k === 'schema' ? 'node' : 'data');
    return `{\n${entries.map(([k, v]) => `${indent} ${JSON.stringify(k)}: ${render(v, `${indent} `, roleOf(k))}`).join(',\n')}\n${indent}}`;
  };
  // The export itself is written in full; its parts may be shared.
  const top = isObject(value) ? body(value, '', 'kind') : render(value, '', 'data');
  const text = `${declarations.join('\n')}${declarations.length > 0 ? '\n\n' : ''}export const ${name}: KindSchema = ${top};\n`;
  const types = ['KindSchema', 'SchemaNode', 'CelRuleSpec'].filter((t) => new RegExp(`: (readonly )?(Readonly<Record<string, )?${t}\\b`).test(text));
  return { text, types };
}
