/// <reference lib="es2020.intl" preserve="true" />
/**
 * valibot, as the rest of the library imports it. Its declarations name two DOM types (`Blob`,
 * `File`, for schemas this library never uses) and `Intl.LocalesArgument` (ES2020); projects
 * compiled without the DOM library or with an older `lib` (the `cdk8s init` template targets
 * ES2017) would fail on them. So the ES2020 Intl library is referenced above, and the two DOM
 * types are declared here, empty: empty interfaces merge with the real ones wherever those exist.
 */
import * as v from 'valibot';

declare global {
  interface Blob {} // eslint-disable-line @typescript-eslint/no-empty-object-type
  interface File extends Blob {} // eslint-disable-line @typescript-eslint/no-empty-object-type
}

export { v };
