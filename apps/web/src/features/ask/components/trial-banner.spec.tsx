import { TRIAL_BANNER } from '@council/contracts';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { signedInUser } from '@/testing/session-user.fixture';
import { TrialBanner } from './trial-banner';

const renderBanner = (user: Parameters<typeof TrialBanner>[0]['user']) =>
  render(
    <MemoryRouter>
      <TrialBanner user={user} />
    </MemoryRouter>,
  );

describe('TrialBanner', () => {
  it('shows the free queries left as progress and an upgrade link to /subscribe', () => {
    renderBanner({ ...signedInUser, queriesLeft: 3 });
    expect(screen.getByText('3 of 5 free queries left')).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Free queries left' })).toHaveAttribute(
      'aria-valuenow',
      '60',
    );
    expect(screen.getByRole('link', { name: 'Upgrade' })).toHaveAttribute('href', '/subscribe');
    expect(screen.queryByText('Running low')).not.toBeInTheDocument();
  });

  it('warns "Running low" when fewer than 2 queries remain', () => {
    renderBanner({ ...signedInUser, queriesLeft: 1 });
    expect(screen.getByText('Running low')).toBeInTheDocument();
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '20');
  });

  it('says the free queries are used at 0, not "almost out", and how to keep asking', () => {
    renderBanner({ ...signedInUser, queriesLeft: 0 });
    expect(screen.getByText('Free queries used')).toBeInTheDocument();
    expect(screen.queryByText('Running low')).not.toBeInTheDocument();
    expect(screen.queryByText(/almost out/)).not.toBeInTheDocument();
    expect(screen.getByText(/Questions now spend purchased tokens/)).toBeInTheDocument();
  });

  it('at 0 with purchased tokens, says they keep the account asking (DECISIONS 24)', () => {
    renderBanner({ ...signedInUser, queriesLeft: 0, tokensLeft: 57_000, purchasedTokens: 50_000 });
    expect(screen.getByText('Free queries used')).toBeInTheDocument();
    expect(screen.getByText(TRIAL_BANNER.usedUpWithTokensText)).toBeInTheDocument();
    expect(screen.queryByText(TRIAL_BANNER.usedUpText)).not.toBeInTheDocument();
  });

  it('at 0 without purchased tokens, still says to buy a pack or upgrade, whatever free tokens are left', () => {
    renderBanner({ ...signedInUser, queriesLeft: 0, tokensLeft: 7_000, purchasedTokens: 0 });
    expect(screen.getByText(TRIAL_BANNER.usedUpText)).toBeInTheDocument();
    expect(screen.queryByText(TRIAL_BANNER.usedUpWithTokensText)).not.toBeInTheDocument();
  });

  it('is not "Running low" at exactly 2', () => {
    renderBanner({ ...signedInUser, queriesLeft: 2 });
    expect(screen.queryByText('Running low')).not.toBeInTheDocument();
  });

  it('is hidden for premium, max and enterprise', () => {
    for (const tier of ['premium', 'max', 'enterprise'] as const) {
      const { container, unmount } = renderBanner({ ...signedInUser, subscriptionTier: tier });
      expect(container).toBeEmptyDOMElement();
      unmount();
    }
  });

  it('offers visitors the sign-up link', () => {
    renderBanner(null);
    expect(screen.getByText('Sign up for 5 free queries')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/auth');
  });
});
