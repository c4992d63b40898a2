module.exports = {
  ...require('../../jest.preset.cjs'),
  rootDir: __dirname,
  testMatch: ['<rootDir>/src/**/*.spec.ts'],
};
