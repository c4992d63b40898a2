// The apps' config classes are imported from their TypeScript sources (swc, with decorator metadata,
// through the shared preset), so the checks always see the current code, never a stale dist.
module.exports = {
  ...require('../../jest.preset.cjs'),
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts', '<rootDir>/test/**/*.spec.ts'],
  // Like every app's main.ts: reflect-metadata before any decorated class, so config classes record
  // the property types that class-transformer converts environment strings with.
  setupFiles: ['reflect-metadata'],
};
