/**
 * Interop with cdk8s-plus, kept structural: the library imports no cdk8s-plus version at runtime;
 * the user passes their own module (cdk8s-plus-33 or cdk8s-plus-28, imported as `kplus`) and
 * gets that version's types back. Each interface names only what is used, so both versions fit.
 */
import type { Construct } from 'constructs';

/** What is used of a cdk8s-plus module to refer to an existing Secret. */
export interface KplusSecretModule<TSecret> {
  /** cdk8s-plus's `Secret` class; only its static `fromSecretName` is called. */
  readonly Secret: { fromSecretName(scope: Construct, id: string, name: string): TSecret };
}

/** What is used of a cdk8s-plus module to select namespaces by name. */
export interface KplusNamespacesModule<TNamespaces> {
  /** cdk8s-plus's `Namespaces` class; only its static `select` is called. */
  readonly Namespaces: { select(scope: Construct, id: string, options: { readonly names?: string[] }): TNamespaces };
}

/** The user's `kplus.ISecret` for a Secret that exists (or will) under `name`. */
export function kplusSecret<TSecret>(kplus: KplusSecretModule<TSecret>, scope: Construct, id: string, name: string): TSecret {
  return kplus.Secret.fromSecretName(scope, id, name);
}

/** The user's `kplus.Namespaces` selecting one namespace by name (for network policies, pod affinity). */
export function kplusNamespace<TNamespaces>(kplus: KplusNamespacesModule<TNamespaces>, scope: Construct, id: string, name: string): TNamespaces {
  return kplus.Namespaces.select(scope, id, { names: [name] });
}
