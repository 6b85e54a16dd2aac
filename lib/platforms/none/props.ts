/** The props' `platform` of a None cluster: nodes joined by hand, no platform settings. */
export interface NonePlatformProps {
  readonly type: 'None';
}
