/**
 * The default OLM catalogs a control plane runs (olmCatalogPlacement `management`): the
 * HostedCluster annotations that say where their images come from, a disconnected cluster's
 * concern. The control-plane operator reads either registry replacements, applied to the catalog
 * images it resolves from the release, or the four catalog images themselves, each by digest and
 * all four or none (its catalog image checks); with placement `guest` the hosted cluster's own OLM
 * runs the catalogs and reads neither.
 */
import type { HostedCluster } from '../api';
import { v } from './valibot';
import { ANNOTATIONS } from './defaults';
import type { IssueCollector } from './errors';
import type { ClusterPropsOf, OlmCatalogImages } from './hosted-cluster-props';
import type { PathRule } from './props-paths';
import { requireDigest } from './release';
import { quote, strict, stringMap, text } from './schema';
import { byText } from './text-order';

/** The annotation of each catalog image. */
export const OLM_CATALOG_IMAGE_ANNOTATIONS: { readonly [K in keyof OlmCatalogImages]: string } = {
  certifiedOperators: ANNOTATIONS.certifiedOperatorsCatalogImage,
  communityOperators: ANNOTATIONS.communityOperatorsCatalogImage,
  redhatMarketplace: ANNOTATIONS.redhatMarketplaceCatalogImage,
  redhatOperators: ANNOTATIONS.redhatOperatorsCatalogImage,
};

const image = () => text({ max: 2048, fix: 'Give the catalog image by digest, e.g. "mirror.example.com/redhat/redhat-operator-index@sha256:<64 hex>".' });

/** @internal */
export const olmCatalogImagesSchema = strict({
  certifiedOperators: image(),
  communityOperators: image(),
  redhatMarketplace: image(),
  redhatOperators: image(),
});

/** @internal */
export const olmCatalogsPropsSchema = strict({
  registryOverrides: v.optional(stringMap()),
  images: v.optional(olmCatalogImagesSchema),
});

/** Which prop each catalog annotation comes from, for findings (see props-paths.ts). */
export const OLM_CATALOG_PATHS: readonly PathRule[] = [
  [`metadata.annotations["${ANNOTATIONS.olmCatalogsRegistryOverrides}"]`, 'olmCatalogs.registryOverrides', 'whole'],
  ...Object.entries(OLM_CATALOG_IMAGE_ANNOTATIONS).map(([prop, key]): PathRule => [`metadata.annotations["${key}"]`, `olmCatalogs.images.${prop}`]),
];

/** The annotations `olmCatalogs` writes: the overrides as `source=destination,...` (sorted by source, as the operator writes them), the four images. */
export function olmCatalogAnnotations(catalogs: ClusterPropsOf<{ readonly type: string }>['olmCatalogs']): Record<string, string> {
  const annotations: Record<string, string> = {};
  const overrides = Object.entries(catalogs?.registryOverrides ?? {}).sort(([a], [b]) => byText(a, b));
  if (overrides.length > 0) annotations[ANNOTATIONS.olmCatalogsRegistryOverrides] = overrides.map(([source, destination]) => `${source}=${destination}`).join(',');
  for (const [prop, key] of Object.entries(OLM_CATALOG_IMAGE_ANNOTATIONS)) {
    const value = catalogs?.images?.[prop as keyof OlmCatalogImages];
    if (value !== undefined) annotations[key] = value;
  }
  return annotations;
}

/** Why a registry string cannot stand in the `source=destination,...` list, or undefined. */
function registryProblem(value: string): string | undefined {
  if (value === '') return 'is empty';
  const bad = ['=', ','].filter((c) => value.includes(c));
  if (bad.length > 0) return `contains ${bad.map((c) => `"${c}"`).join(' and ')}, which the annotation uses as separators (source=destination,source=destination)`;
  return /\s/.test(value) ? 'contains white space' : undefined;
}

/**
 * The rules on the props: the catalogs are the control plane's only with placement `management`;
 * each override is a pair of registry strings; images make the overrides pointless; images must
 * follow the mirror.
 */
export function checkOlmCatalogProps(props: Pick<ClusterPropsOf<{ readonly type: string }>, 'olmCatalogs' | 'olmCatalogPlacement'>, issues: IssueCollector): void {
  const catalogs = props.olmCatalogs;
  if (!catalogs) return;
  if (props.olmCatalogPlacement === 'guest') {
    issues.error(
      'olmCatalogs',
      'olmCatalogs sets where the control plane pulls the OLM catalogs from, but with olmCatalogPlacement guest the hosted cluster runs them itself and never reads these settings.',
      'Remove olmCatalogs (with placement guest the hosted cluster pulls through its own mirrors: imageContentSources), or use olmCatalogPlacement management.',
    );
  }
  for (const [source, destination] of Object.entries(catalogs.registryOverrides ?? {})) {
    const path = `olmCatalogs.registryOverrides[${JSON.stringify(source)}]`;
    const problem = registryProblem(source);
    if (problem) issues.error(path, `the source registry ${quote(source)} ${problem}.`, 'Give the registry as it appears in the catalog images, e.g. "registry.redhat.io".');
    const destinationProblem = registryProblem(destination);
    if (destinationProblem) issues.error(path, `the destination registry ${quote(destination)} ${destinationProblem}.`, 'Give the mirror registry, e.g. "mirror.example.com:5000".');
  }
  if (!catalogs.images) return;
  if (catalogs.registryOverrides !== undefined) {
    issues.error(
      'olmCatalogs.registryOverrides',
      'the four catalog images are given, so the control plane uses them as they are and never applies the registry overrides.',
      'Remove registryOverrides and give the images from the mirror, or remove images to have the overrides applied to the release\'s catalog images.',
    );
  }
  issues.warn(
    'olmCatalogs.images',
    'the catalog images replace the ImageStream that keeps the catalogs current: the hosted cluster sees new operator versions only when these digests change.',
    'Update the four digests whenever the mirror of the catalogs is refreshed.',
  );
}

/** The catalog images of the final HostedCluster, each by digest (the control-plane operator refuses any other). */
export function validateOlmCatalogImages(hc: HostedCluster, issues: IssueCollector): void {
  for (const key of Object.values(OLM_CATALOG_IMAGE_ANNOTATIONS)) {
    const value = hc.metadata.annotations?.[key];
    if (value !== undefined) requireDigest(value, `metadata.annotations["${key}"]`, 'the control plane takes OLM catalog images only by digest', issues, 'catalog image');
  }
}
