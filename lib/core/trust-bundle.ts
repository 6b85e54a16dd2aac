/**
 * A CA bundle given as PEM text (a ConfigMap the library writes) or as a ConfigMap that exists:
 * the props schema and the rendering, shared by a hosted cluster's `additionalTrustBundle` and an
 * edge site's `trustBundle` (each with its own ConfigMap name, key and advice).
 */
import type { ConfigMap } from '../api';
import { pemBundleProblem } from './access';
import type { IssueCollector } from './errors';
import { MAX_SUBDOMAIN_LENGTH, dnsSubdomainProblem } from './names';
import { quote, strict, text, textOr } from './schema';

/** PEM text, or `{ existingConfigMap }`. @internal */
export const trustBundleSchema = () =>
  textOr(
    strict({
      /** Name of a ConfigMap with the bundle's key, in the namespace of the objects that read it. */
      existingConfigMap: text({ max: MAX_SUBDOMAIN_LENGTH }),
    }),
    'PEM text nor { existingConfigMap }',
    'the PEM text of the CA certificates, or { existingConfigMap: "<name>" }',
  );

/** Where a trust bundle goes and how its findings advise. @internal */
export interface TrustBundleContract {
  /** The ConfigMap written from PEM text. */
  readonly name: string;
  readonly namespace: string;
  /** The ConfigMap key the reader takes the bundle from. */
  readonly key: string;
  /** The props path of the source. */
  readonly path: string;
  /** The fix of a bad ConfigMap name, and of bad PEM text. */
  readonly fixes: { readonly existingConfigMap: string; readonly pem: string };
}

/** The bundle's ConfigMap name, with the ConfigMap when written from PEM text; findings on the name or the PEM. @internal */
export function renderTrustBundle(source: string | { readonly existingConfigMap: string }, contract: TrustBundleContract, issues: IssueCollector): { readonly name: string; readonly object?: ConfigMap } {
  if (typeof source !== 'string') {
    const problem = dnsSubdomainProblem(source.existingConfigMap);
    if (problem) issues.error(`${contract.path}.existingConfigMap`, `ConfigMap name ${quote(source.existingConfigMap)} ${problem}.`, contract.fixes.existingConfigMap);
    return { name: source.existingConfigMap };
  }
  const problem = pemBundleProblem(source);
  if (problem) issues.error(contract.path, problem, contract.fixes.pem);
  const { name, namespace, key } = contract;
  return { name, object: { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name, namespace }, data: { [key]: source } } };
}
