export type { SchemaFinding, SkippedRule } from './validate';
export type { CelRuleSpec, KindSchema, SchemaNode, SchemaType, TransitionRuleSpec } from './types';
