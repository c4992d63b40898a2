import { statusAfterEntry } from './streams.status';

describe('statusAfterEntry', () => {
  it('is final after a final entry, and Stop is cancelled rather than failed', () => {
    expect(statusAfterEntry('question:completed')).toBe('completed');
    expect(statusAfterEntry('question:failed', 'error')).toBe('failed');
    expect(statusAfterEntry('question:failed')).toBe('failed');
    expect(statusAfterEntry('question:failed', 'cancelled')).toBe('cancelled');
  });

  it('is running after any other entry, a retry after the end included', () => {
    expect(statusAfterEntry('answer:reset')).toBe('running');
    expect(statusAfterEntry('consensus:delta')).toBe('running');
  });
});
