/** @type {import('jest').Config} */
module.exports = {
  preset: 'ts-jest',
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: 'tsconfig.test.json' }] },
  testTimeout: 60000,
  // Run the suites in a worker process that is replaced once it holds more than 1 GB after a
  // suite. On 2 cores Jest would otherwise run every suite in its own main process (one worker means
  // in band), where the modules each suite loads add up: the heap grew past 2 GB by the 25th
  // suite, and a CI run ended with the process out of memory.
  workerIdleMemoryLimit: '1GB',
  // One crd-server for the whole run, started only when the run holds a suite that needs it.
  globalSetup: '<rootDir>/test/global-setup.ts',
  globalTeardown: '<rootDir>/test/global-teardown.ts',
  setupFilesAfterEnv: ['<rootDir>/test/setup/pulumi-bookkeeping-stacks.ts'],
};
