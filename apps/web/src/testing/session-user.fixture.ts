import { type SessionUser } from '@council/contracts';

export const signedInUser: SessionUser = {
  username: 'ada',
  name: 'Ada Lovelace',
  email: 'ada@example.com',
  tokensLeft: 10000,
  reservedTokens: 0,
  purchasedTokens: 0,
  subscriptionTier: 'free',
  queriesLeft: 5,
  stripeCustomerId: null,
};
