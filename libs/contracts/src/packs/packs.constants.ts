// Token packs of spec §9. Ids are stored on ledger rows and sent by the client: never rename one.

export const PACK_IDS = ['tokens_50k', 'tokens_150k', 'tokens_300k', 'tokens_500k', 'tokens_1m'] as const;
export type TokenPackId = (typeof PACK_IDS)[number];

export interface TokenPack {
  readonly id: TokenPackId;
  readonly name: string;
  readonly tokens: number;
  /** GBP pence: money is never a float. */
  readonly pricePence: number;
}

export const TOKEN_PACKS: readonly TokenPack[] = [
  { id: 'tokens_50k', name: 'Basic Pack', tokens: 50_000, pricePence: 999 },
  { id: 'tokens_150k', name: 'Standard Pack', tokens: 150_000, pricePence: 1999 },
  { id: 'tokens_300k', name: 'Plus Pack', tokens: 300_000, pricePence: 2999 },
  { id: 'tokens_500k', name: 'Pro Pack', tokens: 500_000, pricePence: 3999 },
  { id: 'tokens_1m', name: 'Enterprise Pack', tokens: 1_000_000, pricePence: 6999 },
];

/** The purchase dialog starts with this pack selected, so one always is (spec §4, §5). */
export const DEFAULT_PACK_ID: TokenPackId = 'tokens_50k';

export function isPackId(value: unknown): value is TokenPackId {
  return typeof value === 'string' && (PACK_IDS as readonly string[]).includes(value);
}

export function findPack(id: string): TokenPack | undefined {
  return TOKEN_PACKS.find((pack) => pack.id === id);
}
