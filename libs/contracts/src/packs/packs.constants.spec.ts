import { DEFAULT_PACK_ID, PACK_IDS, TOKEN_PACKS, findPack, isPackId } from './packs.constants';

describe('token packs (spec §9)', () => {
  it('pins the five packs exactly, in order', () => {
    expect(TOKEN_PACKS).toEqual([
      { id: 'tokens_50k', name: 'Basic Pack', tokens: 50_000, pricePence: 999 },
      { id: 'tokens_150k', name: 'Standard Pack', tokens: 150_000, pricePence: 1999 },
      { id: 'tokens_300k', name: 'Plus Pack', tokens: 300_000, pricePence: 2999 },
      { id: 'tokens_500k', name: 'Pro Pack', tokens: 500_000, pricePence: 3999 },
      { id: 'tokens_1m', name: 'Enterprise Pack', tokens: 1_000_000, pricePence: 6999 },
    ]);
    expect(TOKEN_PACKS.map((pack) => pack.id)).toEqual([...PACK_IDS]);
  });

  it('defaults to the basic pack', () => {
    expect(DEFAULT_PACK_ID).toBe('tokens_50k');
    expect(findPack(DEFAULT_PACK_ID)?.name).toBe('Basic Pack');
  });

  it('finds packs by id and nothing else', () => {
    expect(findPack('tokens_1m')?.tokens).toBe(1_000_000);
    expect(findPack('tokens_2m')).toBeUndefined();
    expect(isPackId('tokens_300k')).toBe(true);
    expect(isPackId('TOKENS_300K')).toBe(false);
    expect(isPackId(300)).toBe(false);
  });
});
