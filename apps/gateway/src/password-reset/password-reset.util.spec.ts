import { createHash } from 'node:crypto';
import {
  escapeHtml,
  generateResetToken,
  hashResetToken,
  resetLink,
  resetPasswordMail,
} from './password-reset.util';

describe('reset tokens', () => {
  it('are 32 random bytes, base64url (43 URL-safe characters)', () => {
    const token = generateResetToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    expect(generateResetToken()).not.toBe(token);
  });

  it('are stored as their SHA-256 in hex, never as themselves', () => {
    const token = 'abc';
    expect(hashResetToken(token)).toBe(createHash('sha256').update('abc').digest('hex'));
    expect(hashResetToken(token)).toMatch(/^[0-9a-f]{64}$/);
    expect(hashResetToken(token)).not.toContain(token);
    expect(hashResetToken('abd')).not.toBe(hashResetToken(token));
  });
});

describe('resetLink', () => {
  it('points at the auth screen on PUBLIC_URL', () => {
    expect(resetLink('https://council.example', 'tok_-1')).toBe('https://council.example/auth?token=tok_-1');
    expect(resetLink('http://127.0.0.1:4000', 'x')).toBe('http://127.0.0.1:4000/auth?token=x');
  });
});

describe('resetPasswordMail', () => {
  const mail = resetPasswordMail({
    to: 'ada@example.com',
    username: '<ada>',
    name: null,
    link: 'https://council.example/auth?token=t&x=1',
    ttlMinutes: 30,
  });

  it('has the link and the expiry in its plain text', () => {
    expect(mail.to).toBe('ada@example.com');
    expect(mail.subject).toBe('Reset your Council password');
    expect(mail.text).toContain('https://council.example/auth?token=t&x=1');
    expect(mail.text).toContain('30 minutes');
    expect(mail.text).toContain('Hello <ada>,');
  });

  it('escapes what it puts into HTML', () => {
    expect(mail.html).toContain('href="https://council.example/auth?token=t&amp;x=1"');
    expect(mail.html).toContain('&lt;ada&gt;');
    expect(mail.html).not.toContain('<ada>');
    expect(escapeHtml(`"'&<>`)).toBe('&quot;&#39;&amp;&lt;&gt;');
  });
});
