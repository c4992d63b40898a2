import { UserEntity } from '@council/db';
import { normalizeEmail, toAuthUser, toSessionUser, usernameBase, usernameCandidate } from './users.util';

function entity(): UserEntity {
  return Object.assign(new UserEntity(), {
    id: 7,
    username: 'ada',
    password: '$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA',
    email: 'ada@example.com',
    name: 'Ada',
    authProvider: 'local',
    providerId: null,
    stripeCustomerId: 'cus_1',
    stripeSubscriptionId: 'sub_1',
    subscriptionTier: 'premium',
    subscriptionStatus: 'active',
    subscriptionPeriodEnd: new Date('2030-01-01T00:00:00Z'),
    queriesLeft: 5,
    tokensLeft: 1234,
    purchasedTokens: 10,
    monthlyTokens: 20,
    nextTokenReset: null,
    resetPasswordToken: 'f'.repeat(64),
    resetPasswordExpires: new Date('2030-01-01T00:00:00Z'),
    createdAt: new Date('2025-01-01T00:00:00Z'),
    updatedAt: new Date('2025-01-01T00:00:00Z'),
  });
}

describe('toSessionUser', () => {
  it("maps exactly spec §3's session-user fields, the running questions' reservation and the purchased tokens, nothing else", () => {
    expect(toSessionUser(toAuthUser(entity()), 250)).toEqual({
      username: 'ada',
      name: 'Ada',
      email: 'ada@example.com',
      tokensLeft: 1234,
      reservedTokens: 250,
      purchasedTokens: 10,
      subscriptionTier: 'premium',
      queriesLeft: 5,
      stripeCustomerId: 'cus_1',
    });
  });

  it('drops extra properties even when handed the whole entity', () => {
    const json = JSON.stringify(toSessionUser(entity()));
    expect(json).not.toContain('argon2');
    expect(json).not.toContain('sub_1');
    expect(json).not.toContain('"id"');
    expect(Object.keys(JSON.parse(json) as object)).toHaveLength(9);
  });
});

describe('toAuthUser', () => {
  it('keeps the account but never the password hash or the reset token', () => {
    const user = toAuthUser(entity());
    expect(user).toMatchObject({ id: 7, username: 'ada', stripeSubscriptionId: 'sub_1' });
    expect(user).not.toHaveProperty('password');
    expect(user).not.toHaveProperty('resetPasswordToken');
    expect(user).not.toHaveProperty('resetPasswordExpires');
  });
});

describe('normalizeEmail', () => {
  it('trims and lower-cases', () => {
    expect(normalizeEmail('  Ada.Lovelace@Example.COM ')).toBe('ada.lovelace@example.com');
  });
});

describe('usernameBase', () => {
  it('prefers the suggested handle, then the e-mail local part, then the name', () => {
    expect(usernameBase({ preferredUsername: 'Ada_L', email: 'x@y.z', name: 'Q' })).toBe('ada_l');
    expect(usernameBase({ email: 'Ada.Lovelace+tag@example.com' })).toBe('ada.lovelacetag');
    expect(usernameBase({ name: 'Zoë  Ångström' })).toBe('zoe_angstrom');
  });

  it('falls back to "user" when nothing usable is left', () => {
    expect(usernameBase({})).toBe('user');
    expect(usernameBase({ name: '李' })).toBe('user');
    expect(usernameBase({ email: 'ab@example.com' })).toBe('user');
  });

  it('leaves room for a suffix within the username limit', () => {
    expect(usernameBase({ name: 'a'.repeat(80) }).length).toBeLessThanOrEqual(43);
  });
});

describe('usernameCandidate', () => {
  it('tries the stem first, then the stem with growing random digits', () => {
    const random = (max: number) => max - 1;
    expect(usernameCandidate('ada', 0, random)).toBe('ada');
    expect(usernameCandidate('ada', 1, random)).toBe('ada_999');
    expect(usernameCandidate('ada', 2, random)).toBe('ada_9999');
    expect(usernameCandidate('ada', 9, random)).toBe('ada_999999');
    expect(usernameCandidate('ada', 1, () => 7)).toBe('ada_007');
  });
});
