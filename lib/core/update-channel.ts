/**
 * OpenShift update channels (`HostedCluster.spec.channel`): which names exist and which minor
 * releases each one offers updates from. With a channel set, the HyperShift operator fills
 * `status.version.availableUpdates` and `conditionalUpdates` from the update service for that
 * channel (documentation chapter 6, "channel matching the minor of the release").
 */
import type { OcpVersion } from './release';
import { formatVersion, minorOrdinal, nextMinor } from './release';
import { describeValue, nearest, quote, schemaMessage } from './schema';
import { v } from './valibot';

/** The channel names OpenShift publishes, from the most to the least tested releases. */
export const UPDATE_CHANNEL_NAMES = ['stable', 'fast', 'candidate', 'eus'] as const;

/** The channel part of an update channel's name, without its version (`stable` in `stable-4.16`). */
export type UpdateChannelName = (typeof UPDATE_CHANNEL_NAMES)[number];

/** A channel as OpenShift names it: `<name>-<major>.<minor>`, e.g. `stable-4.16` or `eus-4.18`. */
export type UpdateChannel = `${UpdateChannelName}-${number}.${number}`;

/**
 * How many minor releases before its own a channel offers updates from: a `4.y` channel holds the
 * `4.(y-1)` releases too, so a cluster on 4.16 set to `stable-4.17` is offered 4.17; an EUS
 * channel holds the two minors before it (an EUS-to-EUS update, 4.16 to 4.18, passes 4.17).
 */
const PREVIOUS_MINORS_OFFERED: Readonly<Record<UpdateChannelName, number>> = { stable: 1, fast: 1, candidate: 1, eus: 2 };

/** The CRD's limit on `spec.channel`. */
const MAX_CHANNEL_LENGTH = 100;

/**
 * A channel prop: a string within the CRD's limit, typed as {@link UpdateChannel}. Its form and
 * minor are checked against the release on the HostedCluster ({@link updateChannelProblem}), where
 * the release is known. @internal
 */
export function updateChannelSchema() {
  return v.custom<UpdateChannel>(
    (value) => typeof value === 'string' && value.length <= MAX_CHANNEL_LENGTH,
    (issue: v.BaseIssue<unknown>) =>
      typeof issue.input === 'string'
        ? schemaMessage(`${describeValue(issue.input)} is longer than the ${MAX_CHANNEL_LENGTH} characters allowed.`, 'Give a channel such as stable-4.16.')
        : schemaMessage(`${describeValue(issue.input)} is not a string.`, 'Give a channel such as stable-4.16.'),
  );
}

const CHANNEL = /^([a-z]+)-(\d+)\.(\d+)$/;

/** What is wrong with a channel for a release at `release` (when known), and how to fix it; undefined when it fits. */
export function updateChannelProblem(channel: string, release: OcpVersion | undefined): { readonly message: string; readonly fix: string } | undefined {
  const minor = release ? formatVersion(release, false) : undefined;
  const match = CHANNEL.exec(channel);
  const name = match?.[1] ?? channel.replace(/[-.\d]+$/, '');
  const known = (UPDATE_CHANNEL_NAMES as readonly string[]).includes(name) ? (name as UpdateChannelName) : undefined;
  const suggested = known ?? nearest(name, UPDATE_CHANNEL_NAMES) ?? 'stable';
  if (!known) {
    return {
      message: `${quote(channel)} is not an update channel: the channels are stable-, fast-, candidate- and eus-<major>.<minor>.`,
      fix: `Use ${suggested}-${minor ?? match?.slice(2).join('.') ?? '4.16'}${minor ? ', the channel of the release\'s minor' : ''}.`,
    };
  }
  if (!match) {
    const example = `${known}-${minor ?? '4.16'}`;
    return {
      message:
        name === channel
          ? `${quote(channel)} names no minor release: a channel is <name>-<major>.<minor>, e.g. ${example}.`
          : `${quote(channel)} is not <name>-<major>.<minor>: a channel names a minor release (${example}), not a patch release.`,
      fix: minor ? `Use ${known}-${minor}, the channel of the release's minor.` : `Write it as <name>-<major>.<minor>, e.g. ${known}-4.16.`,
    };
  }
  const channelMinor = { major: Number(match[2]), minor: Number(match[3]) };
  if (known === 'eus' && channelMinor.minor % 2 === 1) {
    const [below, above] = [`eus-${channelMinor.major}.${channelMinor.minor - 1}`, `eus-${channelMinor.major}.${channelMinor.minor + 1}`];
    return {
      message: `${channel} does not exist: Extended Update Support channels are published for even minor releases only.`,
      fix: `Use ${below} or ${above}, or stable-${channelMinor.major}.${channelMinor.minor}.`,
    };
  }
  if (!release || !minor) return undefined;
  const ahead = minorOrdinal(channelMinor) - minorOrdinal(release);
  const offered = PREVIOUS_MINORS_OFFERED[known];
  if (ahead >= 0 && ahead <= offered) return undefined;
  const next = nextMinor(release);
  const fix =
    known === 'eus'
      ? `Use eus-${release.minor % 2 === 0 ? minor : next}, the EUS channel that offers updates from ${minor}.`
      : `Use ${known}-${minor}, or ${known}-${next} to be offered the updates to ${next}.`;
  if (ahead < 0) {
    return {
      message: `${channel} is the channel of OpenShift ${match[2]}.${match[3]}, older than the release (${formatVersion(release)}): it offers no update from ${minor}.`,
      fix,
    };
  }
  return {
    message:
      `${channel} is ${ahead} minor releases ahead of the release (${formatVersion(release)}): a ${known} channel offers updates from its own minor ` +
      `and the ${offered === 1 ? 'one' : `${offered}`} before it.`,
    fix,
  };
}
