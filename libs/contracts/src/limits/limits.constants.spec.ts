import * as contracts from '../index';
import {
  AGENTS_MAX,
  AGENTS_MIN,
  BLOG_AUTHOR_NAME_MAX,
  BLOG_CATEGORY_MAX,
  BLOG_SLUG_MAX,
  BLOG_TITLE_MAX,
  DEBATE_LOG_MAX_HEIGHT,
  DEFAULT_SHARE_EXPIRY,
  FREE_HISTORY_RETENTION_DAYS,
  FREE_QUERIES_TOTAL,
  LOW_BALANCE_RATIO,
  NEW_USER_DEFAULTS,
  PASSWORD_MAX_LENGTH,
  PASSWORD_MIN_LENGTH,
  QUESTION_BOX_MIN_HEIGHT_PX,
  QUESTION_MAX_LENGTH,
  REDIRECT_AFTER_LOGIN_MS,
  REDIRECT_AFTER_RESET_MS,
  REQUEST_BODY_LIMIT_BYTES,
  RESET_TOKEN_TTL_MINUTES,
  SHARE_DESCRIPTION_INPUT_MAX,
  SHARE_DESCRIPTION_MAX,
  SHARE_EXPIRY_OPTIONS,
  SHARE_TITLE_INPUT_MAX,
  SHARE_TITLE_MAX,
  TRIAL_LOW_WARNING_BELOW,
  USERNAME_MIN_LENGTH,
} from './limits.constants';

describe('spec §9 constants', () => {
  it('pins the free trial and new-user defaults', () => {
    expect(FREE_QUERIES_TOTAL).toBe(5);
    expect(TRIAL_LOW_WARNING_BELOW).toBe(2);
    expect(NEW_USER_DEFAULTS).toEqual({
      queriesLeft: 5,
      tokensLeft: 10_000,
      purchasedTokens: 0,
      monthlyTokens: 0,
      subscriptionTier: 'free',
    });
    expect(LOW_BALANCE_RATIO).toBe(0.1);
  });

  it('pins the council size bounds', () => {
    expect(AGENTS_MIN).toBe(3);
    expect(AGENTS_MAX).toBe(10);
  });

  it('pins the password and username rules', () => {
    expect(PASSWORD_MIN_LENGTH).toBe(6);
    expect(PASSWORD_MAX_LENGTH).toBe(100);
    expect(USERNAME_MIN_LENGTH).toBe(3);
  });

  it('pins delays and sizes', () => {
    expect(REDIRECT_AFTER_LOGIN_MS).toBe(500);
    expect(REDIRECT_AFTER_RESET_MS).toBe(2000);
    expect(QUESTION_BOX_MIN_HEIGHT_PX).toBe(120);
    expect(DEBATE_LOG_MAX_HEIGHT).toBe('12rem');
  });

  it('pins the timings that screens/ui-timing.constants.ts exports', () => {
    expect(contracts.TOAST_REMOVE_DELAY_MS).toBe(1_000_000);
    expect(contracts.TOAST_DURATION_MS).toBe(5000);
    expect(contracts.TOAST_LIMIT).toBe(1);
    expect(contracts.TOOLTIP_DELAY_MS).toBe(300);
    expect(contracts.ANCHOR_SCROLL_OFFSET_PX).toBe(80);
    expect(contracts.ANCHOR_SCROLL_DELAY_MS).toBe(100);
    expect(contracts.ROUTE_GUARD_REDIRECT_DELAY_MS).toBe(10);
  });

  it('pins sharing, retention and stored-content limits', () => {
    expect(SHARE_TITLE_MAX).toBe(100);
    expect(SHARE_DESCRIPTION_MAX).toBe(200);
    expect(SHARE_TITLE_INPUT_MAX).toBeGreaterThan(SHARE_TITLE_MAX);
    expect(SHARE_DESCRIPTION_INPUT_MAX).toBeGreaterThan(SHARE_DESCRIPTION_MAX);
    expect(FREE_HISTORY_RETENTION_DAYS).toBe(30);
    expect(BLOG_TITLE_MAX).toBe(255);
    expect(BLOG_SLUG_MAX).toBe(255);
    expect(BLOG_CATEGORY_MAX).toBe(100);
    expect(BLOG_AUTHOR_NAME_MAX).toBe(100);
  });

  it('pins our own limits', () => {
    expect(QUESTION_MAX_LENGTH).toBe(8000);
    expect(REQUEST_BODY_LIMIT_BYTES).toBe(1_048_576);
    expect(RESET_TOKEN_TTL_MINUTES).toBe(30);
    expect(SHARE_EXPIRY_OPTIONS.map(({ id, days }) => [id, days])).toEqual([
      ['1d', 1],
      ['7d', 7],
      ['30d', 30],
      ['never', null],
    ]);
    expect(DEFAULT_SHARE_EXPIRY).toBe('never');
  });
});
