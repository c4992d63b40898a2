import { type DynamicModule, Module } from '@nestjs/common';
import { TypeOrmModule } from '@nestjs/typeorm';
import { createDataSourceOptions } from '@council/db';
import { BaseServerEnv } from '../config/base-server.env';

/** TypeORM over the shared entities; migrations are run by the migrate CLI, never at app boot. */
@Module({})
export class DatabaseModule {
  static forRoot(): DynamicModule {
    return {
      module: DatabaseModule,
      imports: [
        TypeOrmModule.forRootAsync({
          inject: [BaseServerEnv],
          useFactory: (env: BaseServerEnv) => ({
            ...createDataSourceOptions({ url: env.DATABASE_URL, poolSize: env.DATABASE_POOL_SIZE }),
            // Nest's default is to retry forever; a dead database should surface within seconds.
            retryAttempts: 3,
            retryDelay: 1000,
          }),
        }),
      ],
    };
  }
}
