/** Reading CRDs from the reference folder. */
import * as fs from 'fs';
import * as path from 'path';
import { parse } from 'yaml';

/** The OpenAPI v3 schema of a CRD version, as far as the generators read it. */
export interface CrdSchema {
  type?: string;
  format?: string;
  description?: string;
  properties?: Record<string, CrdSchema>;
  required?: string[];
  items?: CrdSchema;
  additionalProperties?: CrdSchema | boolean;
  enum?: unknown[];
  default?: unknown;
  pattern?: string;
  nullable?: boolean;
  [key: string]: unknown;
}

export interface LoadedCrd {
  readonly group: string;
  readonly kind: string;
  readonly version: string;
  readonly namespaced: boolean;
  readonly schema: CrdSchema;
  readonly scaleReplicasPath?: string;
}

export const CRD_ROOT = path.resolve(__dirname, '..', '..', '..', 'shared', 'reference', 'crds');
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

export function loadCrd(file: string, version: string): LoadedCrd {
  const crd = parse(fs.readFileSync(path.join(CRD_ROOT, file), 'utf8'));
  const found = crd.spec.versions.find((v: { name: string }) => v.name === version);
  if (!found) throw new Error(`${file} has no version ${version}`);
  return {
    group: crd.spec.group,
    kind: crd.spec.names.kind,
    version,
    namespaced: crd.spec.scope === 'Namespaced',
    schema: found.schema.openAPIV3Schema,
    scaleReplicasPath: found.subresources?.scale?.specReplicasPath,
  };
}
