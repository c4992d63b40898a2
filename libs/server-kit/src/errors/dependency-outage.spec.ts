import { SERVICE_UNAVAILABLE_MESSAGE } from '@council/contracts';
import { QueryFailedError } from 'typeorm';
import { toErrorBody } from './all-exceptions.filter';
import { isDependencyOutage } from './dependency-outage';

const refused = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:5432'), { code: 'ECONNREFUSED' });

describe('isDependencyOutage', () => {
  it.each([
    ['a refused socket', refused],
    [
      'a Postgres shutdown inside a TypeORM error',
      new QueryFailedError(
        'SELECT 1',
        [],
        Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' }),
      ),
    ],
    ['a connection exception class 08', Object.assign(new Error('x'), { code: '08006' })],
    ['node-postgres losing its connection', new Error('Connection terminated unexpectedly')],
    [
      'ioredis giving up on a command',
      Object.assign(new Error('Reached the max retries per request limit (which is 1).'), {
        name: 'MaxRetriesPerRequestError',
      }),
    ],
    ['a refused socket inside an AggregateError', new AggregateError([refused], 'connect failed')],
  ])('recognises %s', (_what, error) => {
    expect(isDependencyOutage(error)).toBe(true);
  });

  it.each([
    ['a programming error', new TypeError('Cannot read properties of undefined')],
    [
      'a unique violation',
      new QueryFailedError('INSERT', [], Object.assign(new Error('duplicate key'), { code: '23505' })),
    ],
    ['nothing', undefined],
  ])('leaves %s alone', (_what, error) => {
    expect(isDependencyOutage(error)).toBe(false);
  });
});

describe('toErrorBody', () => {
  it('answers 503 when the database or Redis cannot be reached, so the caller retries', () => {
    expect(toErrorBody(refused)).toEqual({
      statusCode: 503,
      code: 'SERVICE_UNAVAILABLE',
      message: SERVICE_UNAVAILABLE_MESSAGE,
    });
  });

  it('keeps 500 for everything else', () => {
    expect(toErrorBody(new Error('boom'))).toMatchObject({ statusCode: 500, code: 'INTERNAL' });
  });
});
