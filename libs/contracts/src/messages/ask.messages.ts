// Ask-screen toasts of spec §5 and §8 ("Asking"), copied exactly.

import { AGENTS_MIN } from '../limits/limits.constants';
import { type MessageToast, type ToastText } from './messages.types';

/** Also the server's message when a council is larger than the tier allows. */
export function maxAgentsMessage(limit: number): string {
  return `You can only add up to ${limit} agents with your current subscription`;
}

/** Also the server's message when debate or reasoning is asked for on the free tier. */
export const PREMIUM_FEATURE_MESSAGE = 'Debate mode and reasoning require a premium subscription';

/** Also the server's message for a council below the minimum. */
export const AGENTS_MIN_MESSAGE = `At least ${AGENTS_MIN} agents are required`;

export const ASK_TOASTS = {
  emptyQuestion: { title: 'Error', description: 'Please enter a question', variant: 'destructive' },
  authRequired: {
    title: 'Authentication required',
    description: 'Please sign in to ask questions',
    variant: 'destructive',
  },
  premiumFeature: { title: 'Premium feature', description: PREMIUM_FEATURE_MESSAGE, variant: 'destructive' },
  maxAgentsReached: (limit: number): ToastText => ({
    title: 'Maximum agents reached',
    description: maxAgentsMessage(limit),
    variant: 'destructive',
  }),
  noMoreAgents: {
    title: 'No more agents available',
    description: "You've already selected all available agents",
    variant: 'destructive',
  },
  cannotRemoveAgent: {
    title: 'Cannot remove agent',
    description: AGENTS_MIN_MESSAGE,
    variant: 'destructive',
  },
  /** A failed submission: the description is the server's error message. */
  submitFailed: { title: 'Error', variant: 'destructive' },
} as const satisfies Record<string, ToastText | MessageToast | ((limit: number) => ToastText)>;
