import { Inject, Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { type HealthResponse } from '@council/contracts';
import { DataSource } from 'typeorm';
import { REDIS_CLIENT } from '../redis/redis.module';
import { type RedisClient } from '../redis/redis-client.util';

const CHECK_TIMEOUT_MS = 1500;

function withTimeout<T>(work: Promise<T>): Promise<T> {
  return Promise.race([
    work,
    new Promise<never>((_, reject) =>
      setTimeout(() => reject(new Error('timed out')), CHECK_TIMEOUT_MS).unref(),
    ),
  ]);
}

async function probe(work: () => Promise<unknown>): Promise<'up' | 'down'> {
  try {
    await withTimeout(work());
    return 'up';
  } catch {
    return 'down';
  }
}

@Injectable()
export class HealthService {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    @Inject(REDIS_CLIENT) private readonly redis: RedisClient,
  ) {}

  async check(): Promise<HealthResponse> {
    const [database, redis] = await Promise.all([
      probe(() => this.dataSource.query('SELECT 1')),
      probe(() => this.redis.ping()),
    ]);
    const status = database === 'up' && redis === 'up' ? 'ok' : 'error';
    return { status, checks: { database, redis } };
  }
}
