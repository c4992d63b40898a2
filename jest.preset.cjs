// Shared Jest setup for server code and libs: swc keeps decorator metadata, which Nest DI needs.
const path = require('node:path');
const libs = path.join(__dirname, 'libs');

module.exports = {
  testEnvironment: 'node',
  transform: {
    '^.+\\.(t|j)s$': [
      '@swc/jest',
      {
        jsc: {
          parser: { syntax: 'typescript', decorators: true },
          transform: { legacyDecorator: true, decoratorMetadata: true },
          target: 'es2022',
        },
        module: { type: 'commonjs' },
      },
    ],
  },
  // Tests run against library sources, so a stale dist never hides a change.
  moduleNameMapper: {
    '^@council/(contracts|db|llm|server-kit|testing)$': `${libs}/$1/src/index.ts`,
    '^@council/server-kit/tracing$': `${libs}/server-kit/src/tracing/index.ts`,
  },
};
