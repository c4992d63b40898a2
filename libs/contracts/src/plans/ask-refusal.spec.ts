import { SERVER_MESSAGES } from '../messages/server.messages';
import { askRefusal } from './ask-refusal';

const free = { subscriptionTier: 'free' as const, tokensLeft: 10_000, queriesLeft: 5, purchasedTokens: 0 };

describe('askRefusal', () => {
  it('lets a balance that can pay through', () => {
    expect(askRefusal(free)).toBeNull();
    expect(askRefusal({ ...free, subscriptionTier: 'premium', queriesLeft: 0 })).toBeNull();
  });

  it('refuses an empty balance on every tier', () => {
    for (const subscriptionTier of ['free', 'premium', 'max'] as const) {
      expect(askRefusal({ ...free, subscriptionTier, tokensLeft: 0 })).toEqual({
        code: 'INSUFFICIENT_TOKENS',
        message: SERVER_MESSAGES.insufficientTokens,
      });
    }
  });

  it('refuses a free account without free queries, unless it bought tokens (DECISIONS 17)', () => {
    expect(askRefusal({ ...free, queriesLeft: 0 })).toEqual({
      code: 'NO_FREE_QUERIES',
      message: SERVER_MESSAGES.noFreeQueries,
    });
    expect(askRefusal({ ...free, queriesLeft: 0, purchasedTokens: 50_000, tokensLeft: 57_000 })).toBeNull();
  });
});
