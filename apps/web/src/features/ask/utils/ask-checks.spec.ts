import { describe, expect, it } from 'vitest';
import { signedInUser } from '@/testing/session-user.fixture';
import { askCheckFailure } from './ask-checks';

const base = { question: 'Why?', user: signedInUser, showDebate: false, showReasoning: false };

describe('ask screen checks (spec §5)', () => {
  it('passes a question from a signed-in user', () => {
    expect(askCheckFailure(base)).toBeNull();
  });

  it('refuses an empty or whitespace-only question first', () => {
    expect(askCheckFailure({ ...base, question: '  \n ', user: null })).toMatchObject({
      title: 'Error',
      description: 'Please enter a question',
      variant: 'destructive',
    });
  });

  it('asks a visitor to sign in', () => {
    expect(askCheckFailure({ ...base, user: null })).toMatchObject({
      title: 'Authentication required',
      description: 'Please sign in to ask questions',
    });
  });

  it('keeps debate and reasoning for paid tiers (DECISIONS 4)', () => {
    const premiumFeature = {
      title: 'Premium feature',
      description: 'Debate mode and reasoning require a premium subscription',
    };
    expect(askCheckFailure({ ...base, showDebate: true })).toMatchObject(premiumFeature);
    expect(askCheckFailure({ ...base, showReasoning: true })).toMatchObject(premiumFeature);
    for (const tier of ['premium', 'max', 'enterprise'] as const) {
      const user = { ...signedInUser, subscriptionTier: tier };
      expect(askCheckFailure({ ...base, user, showDebate: true, showReasoning: true })).toBeNull();
    }
  });
});
