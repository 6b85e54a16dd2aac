/**
 * Renders a health decision table as an Argo CD health check: a Lua 5.1 chunk (Argo CD runs
 * gopher-lua) that reads the global `obj` and returns `{ status = ..., message = ... }`.
 */
import { HealthMessagePart, HealthPredicate, HealthTable } from './health-table';

/** A Lua string literal (double-quoted, escaped). */
export function luaString(value: string): string {
  let out = '"';
  for (const ch of value) {
    const code = ch.codePointAt(0)!;
    if (ch === '\\') out += '\\\\';
    else if (ch === '"') out += '\\"';
    else if (ch === '\n') out += '\\n';
    else if (ch === '\r') out += '\\r';
    else if (ch === '\t') out += '\\t';
    else if (code < 0x20 || code === 0x7f) out += `\\${code.toString().padStart(3, '0')}`;
    else out += ch;
  }
  return `${out}"`;
}

// Shared prelude: index conditions by type (never by position), track the newest
// observedGeneration, and define the helpers the rules use.
const PRELUDE = `local meta = obj.metadata or {}
local spec = obj.spec or {}
local status = obj.status or {}
local generation = meta.generation
local byType = {}
local count = 0
local observed = nil
local last = nil
for _, c in ipairs(status.conditions or {}) do
  count = count + 1
  last = c
  if c.type ~= nil then byType[c.type] = c end
  local g = c.observedGeneration
  if type(g) == "number" and g > 0 and (observed == nil or g > observed) then observed = g end
end
local function fresh(c)
  local g = c.observedGeneration
  return type(g) ~= "number" or g == 0 or type(generation) ~= "number" or g >= generation
end
local function cond(t, s, reason, freshOnly)
  local c = byType[t]
  if c == nil or c.status ~= s then return false end
  if reason ~= nil and c.reason ~= reason then return false end
  if freshOnly and not fresh(c) then return false end
  return true
end
local function text(t)
  local c = byType[t]
  if c == nil then return "not reported yet" end
  local s = t .. "=" .. tostring(c.status)
  if type(c.message) == "string" and c.message ~= "" then s = c.message
  elseif type(c.reason) == "string" and c.reason ~= "" then s = c.reason end
  if not fresh(c) then s = s .. " (reported for generation " .. tostring(c.observedGeneration) .. ")" end
  return s
end
local function lastIs(t, s)
  return last ~= nil and last.type == t and last.status == s
end
local function lastText()
  if last == nil then return "not reported yet" end
  if type(last.message) == "string" and last.message ~= "" then return last.message end
  if type(last.reason) == "string" and last.reason ~= "" then return last.reason end
  return tostring(last.type) .. "=" .. tostring(last.status)
end
local function paused()
  local p = spec.pausedUntil
  if p == "true" or p == "True" then return true end
  if type(p) == "string" and string.match(p, "^%d%d%d%d%-%d%d%-%d%dT%d%d:%d%d:%d%d") ~= nil then
    return not cond("ReconciliationActive", "True", nil, true)
  end
  return false
end
local function history()
  local v = status.version or {}
  return v.history or {}
end
local function upgradeInFlight()
  local h = history()
  if h[1] == nil or h[1].state ~= "Partial" then return false end
  for i = 2, #h do
    if h[i].state == "Completed" then return true end
  end
  return false
end
local function targetRelease()
  local h = history()[1] or {}
  return h.version or h.image or "a new release"
end
local function get(path)
  local v = obj
  for _, k in ipairs(path) do
    if type(v) ~= "table" then return nil end
    v = v[k]
  end
  return v
end
local function desiredReplicas()
  if spec.autoScaling ~= nil then return nil end
  return spec.replicas
end
`;

function predicate(p: HealthPredicate): string {
  switch (p.op) {
    case 'paused':
      return 'paused()';
    case 'noConditions':
      return 'count == 0';
    case 'condition':
      return `cond(${luaString(p.type)}, ${luaString(p.status)}, ${p.reason === undefined ? 'nil' : luaString(p.reason)}, ${p.fresh ? 'true' : 'false'})`;
    case 'lastCondition':
      return `lastIs(${luaString(p.type)}, ${luaString(p.status)})`;
    case 'generationNotObserved':
      return 'type(generation) == "number" and observed ~= nil and observed < generation';
    case 'upgradeInFlight':
      return 'upgradeInFlight()';
    case 'replicasNotDesired':
      return 'desiredReplicas() ~= nil and (status.replicas or 0) ~= desiredReplicas()';
    case 'noReplicasRequested':
      return 'desiredReplicas() == 0';
    case 'field':
      return `get(${luaPath(p.path)}) == ${typeof p.equals === 'boolean' ? String(p.equals) : luaString(p.equals)}`;
    case 'always':
      return 'true';
  }
}

function luaPath(path: readonly string[]): string {
  return `{ ${path.map(luaString).join(', ')} }`;
}

function messagePart(part: HealthMessagePart): string {
  if (typeof part === 'string') return luaString(part);
  if ('conditionText' in part) return `text(${luaString(part.conditionText)})`;
  if ('field' in part) return `tostring(get(${luaPath(part.field)}) or "unknown")`;
  switch (part.value) {
    case 'pausedUntil':
      return 'tostring(spec.pausedUntil)';
    case 'generation':
      return 'tostring(generation)';
    case 'observedGeneration':
      return 'tostring(observed)';
    case 'replicas':
      return 'tostring(status.replicas or 0)';
    case 'desiredReplicas':
      return 'tostring(desiredReplicas())';
    case 'targetRelease':
      return 'tostring(targetRelease())';
    case 'lastCondition':
      return 'lastText()';
  }
}

/** The Argo CD health check (Lua) for one table. */
export function renderLuaHealthCheck(table: HealthTable): string {
  const lines = [
    `-- Health of ${table.group}/${table.kind}, generated by hcp-constructs from its decision table.`,
    '-- Conditions are looked up by type; the first rule that matches decides.',
    PRELUDE.trimEnd(),
  ];
  for (const rule of table.rules) {
    const message = rule.message.map(messagePart).join(' .. ');
    const result = `{ status = ${luaString(rule.status)}, message = ${message} }`;
    if (rule.when.op === 'always') {
      lines.push(`return ${result}`);
      return `${lines.join('\n')}\n`;
    }
    lines.push(`if ${predicate(rule.when)} then return ${result} end`);
  }
  throw new Error(`health table ${table.group}/${table.kind} must end with an 'always' rule`);
}
