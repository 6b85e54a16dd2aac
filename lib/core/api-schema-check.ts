/** The API server's own rules (CRD or built-in schema, CEL included) on planned objects, as findings. */
import type { KubernetesObject } from '../api';
import { checkObjectSchema } from '../api';
import type { IssueCollector } from './errors';

/** Records an error for every field an API server would refuse, under the object it belongs to. */
export function checkApiSchemas(objects: readonly KubernetesObject[], issues: IssueCollector): void {
  for (const object of objects) {
    const findings = checkObjectSchema(object);
    if (findings.length === 0) continue;
    const target = issues.forObject(`${object.kind} ${object.metadata.namespace ? `${object.metadata.namespace}/` : ''}${object.metadata.name}`);
    for (const finding of findings) target.error(finding.path, `${finding.message} (the API server would refuse it).`, finding.fix);
  }
}
