/** The update channel and the forced upgrade of a HostedCluster: exact findings for each rule. */
import type { ValidationIssue } from '../../lib/core';
import { updateChannelProblem } from '../../lib/core/update-channel';
import { parseVersion } from '../../lib/core/release';
import { HostedClusterProps, checkHostedCluster } from '../../lib/platforms';
import { noneCluster, SUPPORTED_VERSIONS } from '../../examples/clusters';

const RELEASE_4_16 = 'quay.io/openshift-release-dev/ocp-release:4.16.3-x86_64';
const cluster: HostedClusterProps = { ...noneCluster, release: { image: RELEASE_4_16 } };

/** Every finding about the update settings (channel, forced upgrade) of `props`. */
function updateFindings(props: unknown): Omit<ValidationIssue, 'object'>[] {
  return checkHostedCluster(props, { supportedVersions: SUPPORTED_VERSIONS })
    .issues.filter((i) => /channel|forceUpgradeTo|force-upgrade-to/.test(i.path))
    .map(({ object: _object, ...rest }) => rest);
}

const v4163 = parseVersion('4.16.3');
const v4173 = parseVersion('4.17.3');

describe('channel', () => {
  test.each([
    ['stable-4.16', v4163],
    ['fast-4.16', v4163],
    ['candidate-4.16', v4163],
    ['eus-4.16', v4163],
    // The next minor's channel holds the running minor's releases: it offers the minor update.
    ['stable-4.17', v4163],
    ['candidate-4.17', v4163],
    // EUS channels hold the two minors before them (4.16 -> 4.18 through 4.17).
    ['eus-4.18', v4163],
    ['eus-4.18', v4173],
    // Unknown release version: only the form is checked.
    ['fast-4.12', undefined],
  ])('%s fits release %j', (channel, release) => {
    expect(updateChannelProblem(channel, release)).toBeUndefined();
  });

  test('a channel of an older minor: error with the channel to use', () => {
    expect(updateFindings({ ...cluster, channel: 'stable-4.14' })).toEqual([
      {
        severity: 'error',
        path: 'channel',
        message: 'stable-4.14 is the channel of OpenShift 4.14, older than the release (4.16.3): it offers no update from 4.16.',
        fix: 'Use stable-4.16, or stable-4.17 to be offered the updates to 4.17.',
      },
    ]);
  });

  test('a name alone: error', () => {
    expect(updateChannelProblem('fast', v4163)).toEqual({
      message: '"fast" names no minor release: a channel is <name>-<major>.<minor>, e.g. fast-4.16.',
      fix: "Use fast-4.16, the channel of the release's minor.",
    });
    expect(updateChannelProblem('fast', undefined)).toEqual({
      message: '"fast" names no minor release: a channel is <name>-<major>.<minor>, e.g. fast-4.16.',
      fix: 'Write it as <name>-<major>.<minor>, e.g. fast-4.16.',
    });
  });

  test('a patch release in the name: error', () => {
    expect(updateChannelProblem('stable-4.16.3', v4163)).toEqual({
      message: '"stable-4.16.3" is not <name>-<major>.<minor>: a channel names a minor release (stable-4.16), not a patch release.',
      fix: "Use stable-4.16, the channel of the release's minor.",
    });
  });

  test('an unknown name: error, with the nearest name', () => {
    expect(updateChannelProblem('stabel-4.16', v4163)).toEqual({
      message: '"stabel-4.16" is not an update channel: the channels are stable-, fast-, candidate- and eus-<major>.<minor>.',
      fix: "Use stable-4.16, the channel of the release's minor.",
    });
    expect(updateChannelProblem('beta-4.15', undefined)).toEqual({
      message: '"beta-4.15" is not an update channel: the channels are stable-, fast-, candidate- and eus-<major>.<minor>.',
      fix: 'Use stable-4.15.',
    });
  });

  test('an EUS channel of an odd minor does not exist', () => {
    expect(updateChannelProblem('eus-4.17', v4173)).toEqual({
      message: 'eus-4.17 does not exist: Extended Update Support channels are published for even minor releases only.',
      fix: 'Use eus-4.16 or eus-4.18, or stable-4.17.',
    });
  });

  test('a channel too far ahead: error', () => {
    expect(updateChannelProblem('fast-4.18', v4163)).toEqual({
      message: 'fast-4.18 is 2 minor releases ahead of the release (4.16.3): a fast channel offers updates from its own minor and the one before it.',
      fix: 'Use fast-4.16, or fast-4.17 to be offered the updates to 4.17.',
    });
    expect(updateChannelProblem('eus-4.20', v4173)).toEqual({
      message: 'eus-4.20 is 3 minor releases ahead of the release (4.17.3): a eus channel offers updates from its own minor and the 2 before it.',
      fix: 'Use eus-4.18, the EUS channel that offers updates from 4.17.',
    });
  });

  test('through specOverrides: the same rule, at the override', () => {
    expect(updateFindings({ ...cluster, specOverrides: { channel: 'fast' } })).toEqual([
      {
        severity: 'error',
        path: 'specOverrides.channel',
        message: '"fast" names no minor release: a channel is <name>-<major>.<minor>, e.g. fast-4.16.',
        fix: "Use fast-4.16, the channel of the release's minor.",
      },
    ]);
  });

  test('not a string: a schema finding', () => {
    expect(updateFindings({ ...cluster, channel: 4.16 })).toEqual([
      { severity: 'error', path: 'channel', message: '4.16 (a number) is not a string.', fix: 'Give a channel such as stable-4.16.' },
    ]);
  });

  test('the typed prop refuses a name alone at compile time', () => {
    // @ts-expect-error 'fast' is not an UpdateChannel
    const props: HostedClusterProps = { ...cluster, channel: 'fast' };
    expect(props.channel).toBe('fast');
  });
});

describe('forceUpgradeTo', () => {
  const annotation = 'hypershift.openshift.io/force-upgrade-to';

  test('becomes the force-upgrade-to annotation, with a warning that the checks are skipped', () => {
    const result = checkHostedCluster({ ...cluster, forceUpgradeTo: RELEASE_4_16 }, { supportedVersions: SUPPORTED_VERSIONS });
    expect(result.plan?.hostedCluster.metadata.annotations?.[annotation]).toBe(RELEASE_4_16);
    expect(updateFindings({ ...cluster, forceUpgradeTo: RELEASE_4_16 })).toEqual([
      {
        severity: 'warning',
        path: 'forceUpgradeTo',
        renderedPath: `metadata.annotations["${annotation}"]`,
        message: `the upgrade to "${RELEASE_4_16}" is forced: the operator skips the upgradeability checks (the hosted cluster's Upgradeable condition) for it.`,
        fix: 'Force an upgrade only when support or the release notes say so, and remove it once the upgrade is done.',
      },
    ]);
  });

  test('another image than the release: error (the operator would ignore it)', () => {
    const other = 'quay.io/openshift-release-dev/ocp-release:4.17.1-x86_64';
    expect(updateFindings({ ...cluster, forceUpgradeTo: other })).toEqual([
      {
        severity: 'error',
        path: 'forceUpgradeTo',
        renderedPath: `metadata.annotations["${annotation}"]`,
        message: `the forced upgrade names "${other}", but the release image is "${RELEASE_4_16}": the operator forces only an upgrade to the image it names, so this does nothing.`,
        fix: 'Give the release image of the upgrade to force (the same as release.image), or remove it once that upgrade is done.',
      },
    ]);
  });

  test('a malformed image: error as for release.image', () => {
    expect(updateFindings({ ...cluster, forceUpgradeTo: 'quay.io/ocp-release' })).toEqual([
      {
        severity: 'error',
        path: 'forceUpgradeTo',
        renderedPath: `metadata.annotations["${annotation}"]`,
        message: 'release image "quay.io/ocp-release" has neither a tag (":4.16.4-x86_64") nor a digest ("@sha256:...").',
        fix: 'Use registry/repository:tag or registry/repository@sha256:<digest>.',
      },
    ]);
  });

  test('the raw annotation is checked the same way', () => {
    expect(updateFindings({ ...cluster, annotations: { [annotation]: 'quay.io/x:4.17.1-x86_64' } }).map((f) => `${f.severity} ${f.path}`)).toEqual([
      `error annotations["${annotation}"]`,
    ]);
  });
});
