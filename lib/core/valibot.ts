/**
 * valibot, as the rest of the library imports it. Its declarations name two DOM types (`Blob`,
 * `File`, for schemas this library never uses); projects compiled without the DOM library or a
 * recent @types/node (the `cdk8s init` template) would fail on them, so they are declared here,
 * empty. Empty interfaces merge with the real ones wherever those exist.
 */
import * as v from 'valibot';

declare global {
  interface Blob {} // eslint-disable-line @typescript-eslint/no-empty-object-type
  interface File extends Blob {} // eslint-disable-line @typescript-eslint/no-empty-object-type
}

export { v };
