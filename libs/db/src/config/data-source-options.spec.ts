import { WARM_POOL_CONNECTIONS, createDataSourceOptions } from './data-source-options';

const URL = 'postgres://postgres@127.0.0.1:5432/council';

describe('the pool options', () => {
  it('keeps WARM_POOL_CONNECTIONS open while idle, never more than the pool holds', () => {
    expect(createDataSourceOptions({ url: URL, poolSize: 20 }).extra).toEqual({ min: WARM_POOL_CONNECTIONS });
    expect(createDataSourceOptions({ url: URL }).extra).toEqual({ min: WARM_POOL_CONNECTIONS });
    expect(createDataSourceOptions({ url: URL, poolSize: 2 }).extra).toEqual({ min: 2 });
    expect(createDataSourceOptions({ url: URL, poolSize: 2 }).poolSize).toBe(2);
  });
});
