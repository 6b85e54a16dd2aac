/**
 * HostedCluster annotations written from typed props (issue 19, checks C5-C8): the destroy grace
 * period and the OLM catalogs of a disconnected control plane. Every rule with its exact message,
 * props path and fix; the rendered annotations; the paths later checks translate through.
 */
import { ANNOTATIONS, ValidationIssue } from '../../lib/core';
import { HostedClusterProps, checkHostedCluster } from '../../lib/platforms';
import { noneCluster, SUPPORTED_VERSIONS } from '../../examples/clusters';

const options = { supportedVersions: SUPPORTED_VERSIONS };
const cluster = (more: Partial<HostedClusterProps>): HostedClusterProps => ({ ...noneCluster, ...more }) as HostedClusterProps;
const digest = (n: number) => `sha256:${String(n).repeat(64)}`;
const IMAGES = {
  certifiedOperators: `mirror.example.com:5000/redhat/certified-operator-index@${digest(1)}`,
  communityOperators: `mirror.example.com:5000/redhat/community-operator-index@${digest(2)}`,
  redhatMarketplace: `mirror.example.com:5000/redhat/redhat-marketplace-index@${digest(3)}`,
  redhatOperators: `mirror.example.com:5000/redhat/redhat-operator-index@${digest(4)}`,
};

function findings(props: HostedClusterProps, ...prefixes: string[]): Omit<ValidationIssue, 'object'>[] {
  return checkHostedCluster(props, options)
    .issues.filter((i) => prefixes.some((p) => i.path.startsWith(p)))
    .map(({ object: _object, ...rest }) => rest);
}
const annotationsOf = (props: HostedClusterProps) => checkHostedCluster(props, options).plan?.hostedCluster.metadata.annotations;

describe('destroyGracePeriod (C5)', () => {
  test('is the annotation hypershift.openshift.io/destroy-grace-period', () => {
    expect(annotationsOf(cluster({ destroyGracePeriod: '10m' }))).toEqual({ 'hypershift.openshift.io/destroy-grace-period': '10m' });
    expect(findings(cluster({ destroyGracePeriod: '1h30m' }), 'destroyGracePeriod')).toEqual([]);
  });

  test('is a Go duration: the operator stops reconciling a HostedCluster whose grace period it cannot parse', () => {
    expect(findings(cluster({ destroyGracePeriod: '10 minutes' }), 'destroyGracePeriod')).toEqual([
      {
        severity: 'error',
        path: 'destroyGracePeriod',
        renderedPath: 'metadata.annotations["hypershift.openshift.io/destroy-grace-period"]',
        message: '"10 minutes" is not a duration: the operator stops reconciling a HostedCluster whose grace period it cannot read.',
        fix: 'Write a Go duration such as 10m, 1h or 1h30m.',
      },
    ]);
  });

  test('the raw annotation is refused: the typed prop is the one place for it', () => {
    expect(findings(cluster({ annotations: { 'hypershift.openshift.io/destroy-grace-period': '5m' } }), 'annotations')).toEqual([
      {
        severity: 'error',
        path: 'annotations["hypershift.openshift.io/destroy-grace-period"]',
        message: 'the annotation hypershift.openshift.io/destroy-grace-period is written from destroyGracePeriod, which checks its value.',
        fix: 'Remove it from annotations and set destroyGracePeriod.',
      },
    ]);
  });
});

describe('olmCatalogs (C6-C8)', () => {
  test('registry overrides are one annotation, source=destination pairs sorted by source (as the operator writes them)', () => {
    const props = cluster({ olmCatalogs: { registryOverrides: { 'registry.redhat.io': 'mirror.example.com:5000', 'quay.io': 'mirror.example.com:5000/quay' } } });
    expect(annotationsOf(props)).toEqual({ [ANNOTATIONS.olmCatalogsRegistryOverrides]: 'quay.io=mirror.example.com:5000/quay,registry.redhat.io=mirror.example.com:5000' });
    expect(findings(props, 'olmCatalogs')).toEqual([]);
  });

  test('C6: each source and destination is a registry string without the separators "=" and ",", or white space', () => {
    const props = cluster({ olmCatalogs: { registryOverrides: { 'registry.redhat.io,quay.io': 'mirror.example.com', 'quay.io': '' } } });
    expect(findings(props, 'olmCatalogs')).toEqual([
      {
        severity: 'error',
        path: 'olmCatalogs.registryOverrides["registry.redhat.io,quay.io"]',
        message: 'the source registry "registry.redhat.io,quay.io" contains ",", which the annotation uses as separators (source=destination,source=destination).',
        fix: 'Give the registry as it appears in the catalog images, e.g. "registry.redhat.io".',
      },
      {
        severity: 'error',
        path: 'olmCatalogs.registryOverrides["quay.io"]',
        message: 'the destination registry "" is empty.',
        fix: 'Give the mirror registry, e.g. "mirror.example.com:5000".',
      },
    ]);
  });

  test('C7: the four catalog images are four annotations, with a warning that they must follow the mirror', () => {
    const props = cluster({ olmCatalogs: { images: IMAGES } });
    expect(annotationsOf(props)).toEqual({
      'hypershift.openshift.io/certified-operators-catalog-image': IMAGES.certifiedOperators,
      'hypershift.openshift.io/community-operators-catalog-image': IMAGES.communityOperators,
      'hypershift.openshift.io/redhat-marketplace-catalog-image': IMAGES.redhatMarketplace,
      'hypershift.openshift.io/redhat-operators-catalog-image': IMAGES.redhatOperators,
    });
    expect(findings(props, 'olmCatalogs')).toEqual([
      {
        severity: 'warning',
        path: 'olmCatalogs.images',
        message: 'the catalog images replace the ImageStream that keeps the catalogs current: the hosted cluster sees new operator versions only when these digests change.',
        fix: 'Update the four digests whenever the mirror of the catalogs is refreshed.',
      },
    ]);
  });

  test('C7: each image by digest (the control-plane operator refuses tags), found at its prop', () => {
    const props = cluster({ olmCatalogs: { images: { ...IMAGES, redhatOperators: 'mirror.example.com:5000/redhat/redhat-operator-index:v4.15' } } });
    expect(findings(props, 'olmCatalogs').filter((f) => f.severity === 'error')).toEqual([
      {
        severity: 'error',
        path: 'olmCatalogs.images.redhatOperators',
        renderedPath: 'metadata.annotations["hypershift.openshift.io/redhat-operators-catalog-image"]',
        message: 'catalog image "mirror.example.com:5000/redhat/redhat-operator-index:v4.15" is pinned by tag, but the control plane takes OLM catalog images only by digest.',
        fix: 'Pin the image by digest (registry/repository@sha256:<64 hex digits>); `skopeo inspect` or `oc image info` on the tag gives it.',
      },
    ]);
  });

  test('C7: all four or none: the type requires all four, and props from YAML get a finding per missing image', () => {
    const { redhatMarketplace: _missing, ...three } = IMAGES;
    const props = { ...noneCluster, olmCatalogs: { images: three } } as unknown as HostedClusterProps;
    expect(findings(props, 'olmCatalogs')).toEqual([
      { severity: 'error', path: 'olmCatalogs.images.redhatMarketplace', message: 'is required but not given.', fix: 'Set redhatMarketplace.' },
    ]);
  });

  test('C7: with the images, the registry overrides are never applied: an error', () => {
    const props = cluster({ olmCatalogs: { images: IMAGES, registryOverrides: { 'registry.redhat.io': 'mirror.example.com:5000' } } });
    expect(findings(props, 'olmCatalogs').filter((f) => f.severity === 'error')).toEqual([
      {
        severity: 'error',
        path: 'olmCatalogs.registryOverrides',
        message: 'the four catalog images are given, so the control plane uses them as they are and never applies the registry overrides.',
        fix: 'Remove registryOverrides and give the images from the mirror, or remove images to have the overrides applied to the release\'s catalog images.',
      },
    ]);
  });

  test('C8: only with olmCatalogPlacement management: the guest placement never reads them', () => {
    const props = cluster({ olmCatalogPlacement: 'guest', olmCatalogs: { registryOverrides: { 'registry.redhat.io': 'mirror.example.com:5000' } } });
    expect(findings(props, 'olmCatalogs')).toEqual([
      {
        severity: 'error',
        path: 'olmCatalogs',
        message: 'olmCatalogs sets where the control plane pulls the OLM catalogs from, but with olmCatalogPlacement guest the hosted cluster runs them itself and never reads these settings.',
        fix: 'Remove olmCatalogs (with placement guest the hosted cluster pulls through its own mirrors: imageContentSources), or use olmCatalogPlacement management.',
      },
    ]);
  });

  test('C8: the five raw annotations are refused, each naming its prop', () => {
    const annotations = {
      'hypershift.openshift.io/olm-catalogs-is-registry-overrides': 'registry.redhat.io=mirror.example.com',
      'hypershift.openshift.io/redhat-operators-catalog-image': IMAGES.redhatOperators,
    };
    expect(findings(cluster({ annotations }), 'annotations').map((f) => [f.path, f.message, f.fix])).toEqual([
      [
        'annotations["hypershift.openshift.io/olm-catalogs-is-registry-overrides"]',
        'the annotation hypershift.openshift.io/olm-catalogs-is-registry-overrides is written from olmCatalogs.registryOverrides, which checks its value.',
        'Remove it from annotations and set olmCatalogs.registryOverrides.',
      ],
      [
        'annotations["hypershift.openshift.io/redhat-operators-catalog-image"]',
        'the annotation hypershift.openshift.io/redhat-operators-catalog-image is written from olmCatalogs.images.redhatOperators, which checks its value.',
        'Remove it from annotations and set olmCatalogs.images.redhatOperators (all four images).',
      ],
    ]);
  });

  test('the planned HostedCluster records the props path of each catalog annotation', () => {
    const item = checkHostedCluster(cluster({ olmCatalogs: { images: IMAGES } }), options).plan!.objects.find((i) => i.object.kind === 'HostedCluster')!;
    expect(item.paths?.(`metadata.annotations["${ANNOTATIONS.communityOperatorsCatalogImage}"]`).path).toBe('olmCatalogs.images.communityOperators');
    const overrides = checkHostedCluster(cluster({ olmCatalogs: { registryOverrides: { 'quay.io': 'mirror.example.com' } } }), options).plan!.objects.find((i) => i.object.kind === 'HostedCluster')!;
    expect(overrides.paths?.(`metadata.annotations["${ANNOTATIONS.olmCatalogsRegistryOverrides}"]`).path).toBe('olmCatalogs.registryOverrides');
  });
});
