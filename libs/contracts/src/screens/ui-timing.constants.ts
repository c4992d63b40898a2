// Delays and limits of the client's behaviour (spec §8, §9).

/** Only one toast is visible at a time. */
export const TOAST_LIMIT = 1;
/** How long a toast stays open. */
export const TOAST_DURATION_MS = 5000;
/** How long a dismissed toast stays in the store before it is removed (spec §9). */
export const TOAST_REMOVE_DELAY_MS = 1_000_000;
/** The key that moves focus to the toast viewport. */
export const TOAST_VIEWPORT_HOTKEY = 'F8';

export const TOOLTIP_DELAY_MS = 300;

/** A path with #anchor scrolls smoothly to the element this far above it... */
export const ANCHOR_SCROLL_OFFSET_PX = 80;
/** ...after this delay, so the target screen has rendered. */
export const ANCHOR_SCROLL_DELAY_MS = 100;

/** A route-guard error sends the visitor to /auth after this delay. */
export const ROUTE_GUARD_REDIRECT_DELAY_MS = 10;

/**
 * Ours: while a question holds a reservation, the header's balance is re-read this often, so it
 * shows the returned tokens soon after the question ends or is stopped.
 */
export const BALANCE_REFRESH_WHILE_RESERVED_MS = 2000;

/**
 * Ours: after a reservation comes back, the balance is still re-read for this long: answers a Stop
 * cut short are settled just after the release, so the last figure arrives a moment later.
 */
export const BALANCE_SETTLE_AFTER_RESERVATION_MS = 6000;
