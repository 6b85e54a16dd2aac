/** Jest globalTeardown: stops the run's crd-server (see test/conformance/crd-server-suite.ts). */
export { tearDownCrdServerForRun as default } from './conformance/crd-server-suite';
