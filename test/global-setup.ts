/** Jest globalSetup: one crd-server for the whole run (see test/conformance/crd-server-suite.ts). */
export { setUpCrdServerForRun as default } from './conformance/crd-server-suite';
