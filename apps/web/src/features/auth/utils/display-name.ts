import { type SessionUser } from '@council/contracts';

/** The user menu shows the name, or the username when there is none (spec §2). */
export function displayName(user: Pick<SessionUser, 'name' | 'username'>): string {
  return user.name?.trim() || user.username;
}

/** One letter for the avatar. */
export function initialOf(user: Pick<SessionUser, 'name' | 'username'>): string {
  return displayName(user).charAt(0).toUpperCase();
}
