/** @type {import('jest').Config} */
module.exports = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] },
  testTimeout: 60000,
  // Two workers even on 2 cores (Jest's default there is one): the engine suites spend most of
  // their time waiting on the Pulumi CLI and kube-apiserver, so a second worker runs other suites
  // meanwhile. A clean-clone `.ci/run` on an idle 2-core machine: jest 618 s with two workers,
  // against 1,002 s with one (18 min 20 s in all against 12 min 4 s), the same day.
  maxWorkers: 2,
  // Replace a worker process once it holds more than 1 GB after a suite: the modules each suite
  // loads add up (in one process the heap grew past 2 GB by the 25th suite, and a CI run ended
  // with the process out of memory).
  workerIdleMemoryLimit: '1GB',
  // One crd-server for the whole run, started only when the run holds a suite that needs it.
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  setupFilesAfterEnv: ['<rootDir>/test/setup/pulumi-bookkeeping-stacks.ts'],
};
