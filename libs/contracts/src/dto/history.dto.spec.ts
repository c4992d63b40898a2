import { plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { HISTORY_PAGE_SIZE_DEFAULT } from '../limits/limits.constants';
import { VALIDATION_MESSAGES as M } from '../messages/validation.messages';
import { HistoryQueryDto } from './history.dto';

async function check(plain: object): Promise<{ dto: HistoryQueryDto; messages: string[] }> {
  const dto = plainToInstance(HistoryQueryDto, plain);
  const errors = await validate(dto, { stopAtFirstError: true });
  return { dto, messages: errors.flatMap((error) => Object.values(error.constraints ?? {})) };
}

describe('HistoryQueryDto', () => {
  it('defaults the page size and leaves search and cursor out', async () => {
    const { dto, messages } = await check({});
    expect(messages).toEqual([]);
    expect(dto).toMatchObject({ limit: HISTORY_PAGE_SIZE_DEFAULT, search: undefined, cursor: undefined });
  });

  it('converts a digits-only limit and trims the search, a blank one meaning no filter', async () => {
    expect((await check({ limit: '100', search: '  cats  ' })).dto).toMatchObject({
      limit: 100,
      search: 'cats',
    });
    expect((await check({ search: '   ' })).dto.search).toBeUndefined();
  });

  it.each(['0', '101', 'abc', '1.5', '1e2', '', '-3'])('refuses limit %p', async (limit) => {
    expect((await check({ limit })).messages).toEqual([M.historyLimitInvalid]);
  });

  it('caps the search and refuses null characters', async () => {
    expect((await check({ search: 'x'.repeat(200) })).messages).toEqual([]);
    expect((await check({ search: 'x'.repeat(201) })).messages).toEqual([M.historySearchMax]);
    expect((await check({ search: 'a\u0000b' })).messages).toEqual([M.nullCharacter]);
    expect((await check({ search: ['a', 'b'] })).messages).toEqual([M.historySearchInvalid]);
  });

  it('accepts only URL-safe cursors of sane length', async () => {
    expect((await check({ cursor: 'MjAyNi0xMS0yMlQwMjoxNDozMC4xMjM0NTZafDQy' })).messages).toEqual([]);
    expect((await check({ cursor: 'not a cursor' })).messages).toEqual([M.historyCursorInvalid]);
    expect((await check({ cursor: 'x'.repeat(201) })).messages).toEqual([M.historyCursorInvalid]);
  });
});
