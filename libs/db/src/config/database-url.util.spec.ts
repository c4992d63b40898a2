import { describeDatabaseUrl, requireDatabaseUrl } from './database-url.util';

describe('requireDatabaseUrl', () => {
  it('returns the trimmed URL', () => {
    expect(requireDatabaseUrl({ DATABASE_URL: ' postgres://u@h/db ' })).toBe('postgres://u@h/db');
  });

  it.each([{}, { DATABASE_URL: '' }, { DATABASE_URL: '  ' }])(
    'names DATABASE_URL when it is missing (%o)',
    (env) => {
      expect(() => requireDatabaseUrl(env)).toThrow(/^DATABASE_URL is not set/);
    },
  );
});

describe('describeDatabaseUrl', () => {
  it('shows user, host and database but never the password', () => {
    expect(describeDatabaseUrl('postgres://council:s3cret@db.internal:5432/council')).toBe(
      'council@db.internal:5432/council',
    );
  });

  it('does not echo an unparsable value', () => {
    expect(describeDatabaseUrl('not a url s3cret')).toBe('(unparsable DATABASE_URL)');
  });
});
