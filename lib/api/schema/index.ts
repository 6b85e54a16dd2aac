export { checkObjectSchema, checkObjectSchemaDetailed, checkedKinds, celRuleCoverage, findKindSchema } from './check';
export type { SchemaCheckResult } from './check';
export type { SchemaFinding, SkippedRule } from './validate';
export type { CelRuleSpec, KindSchema, SchemaNode, SchemaType } from './types';
