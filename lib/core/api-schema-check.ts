/** The API server's own rules (CRD or built-in schema, CEL included) on planned objects, as findings. */
import type { KubernetesObject, SchemaFinding } from '../api';
import { checkObjectSchema } from '../api';
import type { IssueCollector } from './errors';
import { describeObject } from './plan-model';

/**
 * Checks planned objects against the API server's schemas and records the findings: at once
 * (`checkApiSchemas`), or later, in another thread, through `recordSchemaFindings`.
 */
export type SchemaCheck = (objects: readonly KubernetesObject[], issues: IssueCollector) => void;

/**
 * Records an error for every field an API server would refuse, under the object it belongs to
 * (`where` follows its name in messages: ` in <cluster>` for objects applied inside a hosted cluster).
 */
export function checkApiSchemas(objects: readonly KubernetesObject[], issues: IssueCollector, where = ''): void {
  recordSchemaFindings(objects, objects.map(checkObjectSchema), issues, where);
}

/** Records the findings of each object (`findings[i]` are those of `objects[i]`) as errors under that object. */
export function recordSchemaFindings(objects: readonly KubernetesObject[], findings: readonly (readonly SchemaFinding[])[], issues: IssueCollector, where = ''): void {
  objects.forEach((object, index) => {
    if (findings[index].length === 0) return;
    const target = issues.forObject(`${describeObject(object)}${where}`);
    for (const finding of findings[index]) target.error(finding.path, `${finding.message} (the API server would refuse it).`, finding.fix);
  });
}
