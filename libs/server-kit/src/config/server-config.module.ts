import { type DynamicModule, Global, Module } from '@nestjs/common';
import { BaseServerEnv } from './base-server.env';

/**
 * Makes an already-validated config injectable both by its own class (app code)
 * and as BaseServerEnv (shared modules such as database, redis and health).
 */
@Global()
@Module({})
export class ServerConfigModule {
  static forRoot<T extends BaseServerEnv>(config: T): DynamicModule {
    const ownClass = config.constructor as new () => T;
    const providers = [{ provide: BaseServerEnv, useValue: config }];
    if (ownClass !== BaseServerEnv) providers.push({ provide: ownClass, useValue: config });
    return { module: ServerConfigModule, providers, exports: providers.map((p) => p.provide) };
  }
}
