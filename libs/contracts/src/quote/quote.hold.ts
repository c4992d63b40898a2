// What a running question holds (DECISIONS 26): at most twice the upper end of its own quote,
// never the tier's worst case, topped up from the balance when a call needs more, and during a
// weigh-in pause only what the next round needs. A member the balance cannot cover stops with its
// text kept.

import { type QuestionQuote } from './quote.estimate';

/** The hold is at most this many times the quote's upper end. */
export const HOLD_QUOTE_MULTIPLE = 2;

export interface QuestionHold {
  /** Held when the question is asked. */
  initial: number;
  /** Kept while a debate waits for the asker's note: one revision round's share (0 without debate). */
  pause: number;
}

/** The hold of an uncapped question, from its quote. A capped question holds its cap. */
export function questionHold(
  quote: Pick<QuestionQuote, 'high' | 'reservation' | 'highParts' | 'rounds'>,
): QuestionHold {
  const initial = Math.max(1, Math.min(quote.reservation, Math.ceil(HOLD_QUOTE_MULTIPLE * quote.high)));
  const perRound = quote.rounds.high > 0 ? quote.highParts.debate / quote.rounds.high : 0;
  return { initial, pause: Math.min(initial, Math.ceil(HOLD_QUOTE_MULTIPLE * perRound)) };
}

export const BALANCE_STOP_TEXTS = {
  /** On an answer, a revision or the consensus the balance could not pay further. */
  stopped: 'Stopped: your balance ran out',
  /** A member's answer, revision or consensus the balance could not pay to start. */
  notStarted: 'Stopped: your balance ran out before this answer could start.',
  /** Under a consensus written while the balance had cut or stopped some answers. */
  consensusFromWhatThereIs: 'Written from what the council said before your balance ran out.',
  /** The agreement map's note when the balance could not pay for it. */
  mapNotDrawn: 'Stopped: your balance ran out before the agreement map could be drawn.',
} as const;
