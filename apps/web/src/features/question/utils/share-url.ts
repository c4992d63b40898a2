import { sharedPath } from '@council/contracts';

/** The public link of a shared question, on this origin (the server's shareUrl says the same). */
export function shareUrlFor(shareId: string, origin: string = window.location.origin): string {
  return new URL(sharedPath(shareId), origin).href;
}

/** "12 March 2027": the day a link stops working. */
export function formatExpiryDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric' });
}
