export * from './test-database';
export * from './migrated-database';
export * from './test-redis';
export * from './free-port';
export * from './app-process';
export * from './app-lifecycle.suite';
