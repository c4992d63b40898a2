import { type ClassConstructor, plainToInstance } from 'class-transformer';
import { validate } from 'class-validator';
import { ForgotPasswordDto, LoginDto, RegisterDto, ResetPasswordDto, ResetPasswordFormDto } from './auth.dto';

async function messagesFor<T extends object>(cls: ClassConstructor<T>, plain: object): Promise<string[]> {
  const errors = await validate(plainToInstance(cls, plain), { whitelist: true, forbidNonWhitelisted: true });
  return errors.flatMap((error) => Object.values(error.constraints ?? {}));
}

describe('LoginDto', () => {
  it('accepts a username of 3 and a password of 6', async () => {
    expect(await messagesFor(LoginDto, { username: 'ada', password: '123456', rememberMe: true })).toEqual(
      [],
    );
  });

  it('trims the username', () => {
    expect(plainToInstance(LoginDto, { username: '  ada ', password: 'x' }).username).toBe('ada');
  });

  it('rejects short credentials with the spec’s password message', async () => {
    expect(await messagesFor(LoginDto, { username: 'ad', password: '12345' })).toEqual([
      'Username must be at least 3 characters',
      'Password must be at least 6 characters',
    ]);
  });

  it('rejects passwords over 100 characters', async () => {
    expect(await messagesFor(LoginDto, { username: 'ada', password: 'x'.repeat(101) })).toEqual([
      'Password cannot exceed 100 characters',
    ]);
  });
});

describe('RegisterDto', () => {
  const valid = { username: 'ada', password: '123456', email: 'ada@example.com' };

  it('accepts the spec’s minimum, with or without a name', async () => {
    expect(await messagesFor(RegisterDto, valid)).toEqual([]);
    expect(await messagesFor(RegisterDto, { ...valid, name: 'Ada Lovelace' })).toEqual([]);
  });

  it('treats a blank name as absent', () => {
    expect(plainToInstance(RegisterDto, { ...valid, name: '   ' }).name).toBeUndefined();
  });

  it('uses the spec’s messages for password and e-mail', async () => {
    expect(await messagesFor(RegisterDto, { ...valid, password: 'short' })).toEqual([
      'Password must be at least 6 characters',
    ]);
    expect(await messagesFor(RegisterDto, { ...valid, email: 'not-an-email' })).toEqual([
      'Please enter a valid email address',
    ]);
  });

  it('requires an e-mail', async () => {
    expect(await messagesFor(RegisterDto, { username: 'ada', password: '123456' })).toContain(
      'Please enter a valid email address',
    );
  });

  it('refuses unknown fields such as a tier', async () => {
    expect(await messagesFor(RegisterDto, { ...valid, subscriptionTier: 'max' })).toEqual([
      'property subscriptionTier should not exist',
    ]);
  });
});

describe('ForgotPasswordDto', () => {
  it('needs a valid e-mail', async () => {
    expect(await messagesFor(ForgotPasswordDto, { email: ' ada@example.com ' })).toEqual([]);
    expect(await messagesFor(ForgotPasswordDto, { email: 'ada@' })).toEqual([
      'Please enter a valid email address',
    ]);
  });
});

describe('ResetPasswordDto', () => {
  it('accepts 8 to 100 characters and a token', async () => {
    expect(await messagesFor(ResetPasswordDto, { token: 't0k3n', password: '12345678' })).toEqual([]);
    expect(await messagesFor(ResetPasswordDto, { token: 't0k3n', password: 'x'.repeat(100) })).toEqual([]);
  });

  it('uses the spec’s messages', async () => {
    // The sign-up rule: 6 characters pass, 5 do not.
    expect(await messagesFor(ResetPasswordDto, { token: 't', password: '123456' })).toEqual([]);
    expect(await messagesFor(ResetPasswordDto, { token: 't', password: '12345' })).toEqual([
      'Password must be at least 6 characters',
    ]);
    expect(await messagesFor(ResetPasswordDto, { token: 't', password: 'x'.repeat(101) })).toEqual([
      'Password cannot exceed 100 characters',
    ]);
    expect(await messagesFor(ResetPasswordDto, { token: '', password: '12345678' })).toEqual([
      'Missing password reset token',
    ]);
  });
});

describe('ResetPasswordFormDto', () => {
  it('needs the confirmation to match', async () => {
    expect(
      await messagesFor(ResetPasswordFormDto, { password: '12345678', confirmPassword: '12345678' }),
    ).toEqual([]);
    expect(
      await messagesFor(ResetPasswordFormDto, { password: '12345678', confirmPassword: '12345679' }),
    ).toEqual(['Passwords do not match']);
  });

  it('applies the same password rules as the request', async () => {
    expect(await messagesFor(ResetPasswordFormDto, { password: 'short', confirmPassword: 'short' })).toEqual([
      'Password must be at least 6 characters',
    ]);
  });
});

describe('the first failure of each field, as the server reports it (stopAtFirstError)', () => {
  async function firstMessages<T extends object>(cls: ClassConstructor<T>, plain: object): Promise<string[]> {
    const errors = await validate(plainToInstance(cls, plain), { whitelist: true, stopAtFirstError: true });
    return errors.flatMap((error) => Object.values(error.constraints ?? {}));
  }

  it('gives a missing field the spec’s message, not a length limit', async () => {
    expect(await firstMessages(LoginDto, {})).toEqual([
      'Username must be at least 3 characters',
      'Password must be at least 6 characters',
    ]);
    expect(await firstMessages(RegisterDto, { username: 'ada', password: '123456' })).toEqual([
      'Please enter a valid email address',
    ]);
    expect(await firstMessages(ForgotPasswordDto, {})).toEqual(['Please enter a valid email address']);
    expect((await firstMessages(ResetPasswordDto, {})).sort()).toEqual([
      'Missing password reset token',
      'Password must be at least 6 characters',
    ]);
  });

  it('still reports the upper limits', async () => {
    expect(await firstMessages(LoginDto, { username: 'a'.repeat(51), password: 'x'.repeat(101) })).toEqual([
      'Username cannot exceed 50 characters',
      'Password cannot exceed 100 characters',
    ]);
  });
});
