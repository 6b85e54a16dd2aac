/**
 * AWS regions and availability zones: what a region's name looks like and which zones a cluster
 * may list. The platform (props) and the network (Pulumi) both check zones with this.
 */
import type { IssueCollector } from '../../core/errors';
import { quote } from '../../core/schema';

/** A region's name: `us-east-1`, `ap-southeast-2`, `us-gov-west-1`. */
export const AWS_REGION_PATTERN = /^[a-z]{2}(-[a-z]+)+-\d$/;

/** True for a name that can be a region's. */
export function isAwsRegion(name: string): boolean {
  return AWS_REGION_PATTERN.test(name);
}

/** An availability zone's name is its region's and a suffix: `us-east-1a`, `us-east-1-bos-1a`. */
export function isAwsZoneOf(zone: string, region: string): boolean {
  return zone.length > region.length && zone.startsWith(region) && /^[a-z0-9-]+$/.test(zone.slice(region.length));
}

/** Where the zones are in the caller's input, for findings: the list, and one zone's name. */
export interface AwsZonePaths {
  readonly list: string;
  readonly zone: (index: number) => string;
}

/**
 * The zones of a cluster: at least one, each listed once, each in `region` (checked only when the
 * region's name is well-formed; its own finding is the caller's).
 */
export function checkAwsZones(region: string, zones: readonly string[], issues: IssueCollector, paths: AwsZonePaths): void {
  if (zones.length === 0) issues.error(paths.list, 'no zones are given.', `List at least one availability zone, e.g. ${isAwsRegion(region) ? region : 'us-east-1'}a.`);
  zones.forEach((zone, index) => {
    if (zones.indexOf(zone) !== index) issues.error(paths.zone(index), `zone ${quote(zone)} is listed twice.`, 'List each zone once.');
    if (isAwsRegion(region) && !isAwsZoneOf(zone, region)) {
      issues.error(paths.zone(index), `zone ${quote(zone)} is not in region ${region}.`, `Use zones of ${region}, e.g. ${region}a, or set the region the zones are in.`);
    }
  });
}
