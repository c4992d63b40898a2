module.exports = {
  ...require('../../jest.preset.cjs'),
  rootDir: __dirname,
  testMatch: ['<rootDir>/test/**/*.int-spec.ts'],
  testTimeout: 60_000,
};
