// Pure helpers of sharing: link ids and URLs, and which stored answers a shared page shows.

import { randomBytes } from 'node:crypto';
import { sharedPath } from '@council/contracts';
import { SHARE_ID_BYTES } from './sharing.constants';

/** A new, unguessable link id; base64url, so it sits in a URL as it is. */
export function generateShareId(): string {
  return randomBytes(SHARE_ID_BYTES).toString('base64url');
}

/**
 * Whether `value` can be a link id at all (URL-safe, within the column's 64 characters). Anything
 * else is answered 404 without a query.
 */
export function isShareIdFormat(value: string): boolean {
  return /^[A-Za-z0-9_-]{16,64}$/.test(value);
}

/** The public link on PUBLIC_URL (never the request's Host): /shared/{shareId} of the web app. */
export function shareLink(publicUrl: string, shareId: string): string {
  return `${new URL(publicUrl).origin}${sharedPath(shareId)}`;
}
