import { createHash, randomBytes } from 'node:crypto';
import { ROUTE_PATHS } from '@council/contracts';
import { type OutgoingMail } from '../mail/mail.service';
import { RESET_MAIL_SUBJECT, RESET_TOKEN_BYTES } from './password-reset.constants';

/** A new reset token: RESET_TOKEN_BYTES random bytes, base64url (safe in a URL as it is). */
export function generateResetToken(): string {
  return randomBytes(RESET_TOKEN_BYTES).toString('base64url');
}

/**
 * What the database keeps instead of the token: its SHA-256, hex. A fast hash is enough for 256
 * random bits, and lets the token be looked up by equality under a unique index.
 */
export function hashResetToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** The link in the e-mail: the auth screen in reset mode, on PUBLIC_URL (never the request's Host). */
export function resetLink(publicUrl: string, token: string): string {
  return `${new URL(publicUrl).origin}${ROUTE_PATHS.auth}?token=${encodeURIComponent(token)}`;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

export interface ResetMailInput {
  to: string;
  username: string;
  name: string | null;
  link: string;
  ttlMinutes: number;
}

/** The reset e-mail, plain text and simple HTML with the same words. */
export function resetPasswordMail({ to, username, name, link, ttlMinutes }: ResetMailInput): OutgoingMail {
  const greeting = `Hello ${name?.trim() || username},`;
  const intro = `Someone asked to reset the password of your Council account "${username}".`;
  const action = `To choose a new password, open this link within ${ttlMinutes} minutes. It works once.`;
  const ignore = 'If it was not you, ignore this e-mail: your password stays as it is.';
  const text = [greeting, '', intro, action, '', link, '', ignore, '', '-- ', 'Council'].join('\n');
  const html = [
    '<!doctype html>',
    '<html><body style="font-family: sans-serif; line-height: 1.5">',
    `<p>${escapeHtml(greeting)}</p>`,
    `<p>${escapeHtml(intro)}<br>${escapeHtml(action)}</p>`,
    `<p><a href="${escapeHtml(link)}">Choose a new password</a></p>`,
    `<p style="color: #555">Or paste this address into your browser:<br>${escapeHtml(link)}</p>`,
    `<p style="color: #555">${escapeHtml(ignore)}</p>`,
    '</body></html>',
  ].join('\n');
  return { to, subject: RESET_MAIL_SUBJECT, text, html };
}
