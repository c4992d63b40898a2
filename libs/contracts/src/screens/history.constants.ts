// History, question detail, share dialog and shared page (spec §2, §4, §5, DECISIONS 8 and 11).
// Texts the spec quotes are copied exactly; the rest (labels, hints, aria names) are ours. The
// sharing and deleting toasts of spec §8 live in messages/share.messages.ts and delete.messages.ts.

import {
  type BuiltInProvider,
  type CONSENSUS_PROVIDER,
  type ResponseProvider,
} from '../domain/domain.constants';
import { FREE_HISTORY_RETENTION_DAYS } from '../limits/limits.constants';

/** The gateway's history and sharing calls (spec §7, DECISIONS 8). */
export const HISTORY_API_PATHS = {
  /** GET ?search=&cursor=&limit= → a page of HistoryItem, newest first. */
  questions: '/api/questions',
  /** GET → QuestionDetail; DELETE removes the question and its responses. */
  question: (id: number | string): string => `/api/questions/${encodeURIComponent(String(id))}`,
  /** POST → ShareReply; DELETE revokes the link (DECISIONS 8). */
  share: (id: number | string): string => `/api/questions/${encodeURIComponent(String(id))}/share`,
  /** GET → SharedQuestionResponse; 404 when unknown, revoked or expired. */
  shared: (shareId: string): string => `/api/shared/${encodeURIComponent(shareId)}`,
} as const;

/** The search box waits this long after the last key before it asks again. */
export const HISTORY_SEARCH_DEBOUNCE_MS = 300;

/** The mode and sharing badges of a question (spec §2, History and detail screens). */
export const QUESTION_BADGES = {
  individual: 'Individual responses',
  debate: 'Debate mode',
  reasoning: 'Reasoning',
  shared: 'Shared',
  weighIn: 'Weigh-in',
  /** A question the asker stopped: its answers are the partial ones (DECISIONS 18). */
  stopped: 'Stopped',
  /** The accessible name of the badge list. */
  listLabel: 'Question options',
} as const;

/** The History screen (spec §2). */
export const HISTORY_SCREEN = {
  title: 'History',
  description: 'Every question you have put to the council, newest first.',
  retentionNote: `On the free plan, questions are kept for ${FREE_HISTORY_RETENTION_DAYS} days.`,
  searchLabel: 'Search your questions',
  searchPlaceholder: 'Search your questions…',
  defaultCouncil: 'Used the default Council configuration',
  membersLabel: 'Council members',
  viewConversation: 'View full conversation',
  share: 'Share',
  deleteLabel: 'Delete question',
  loadMore: 'Load more',
  loadingMore: 'Loading...',
  loading: 'Loading your history',
  emptyTitle: 'No questions yet',
  emptyText: 'Questions you ask the council show up here.',
  emptyAction: 'Ask your first question',
  noMatchesTitle: 'No matching questions',
  noMatchesText: (search: string): string => `Nothing in your history matches “${search}”.`,
  errorTitle: 'Error Loading History',
  errorAction: 'Go Back Home',
  askedAt: (relative: string): string => `Asked ${relative}`,
} as const;

/** The confirm dialog of the History screen's delete icon (spec §2). */
export const DELETE_QUESTION_DIALOG = {
  title: 'Delete this question?',
  description: 'Deleting removes the question and all its responses. This cannot be undone.',
  cancel: 'Cancel',
  confirm: 'Delete',
  deleting: 'Deleting...',
} as const;

/** The Question detail screen (spec §2). */
export const QUESTION_DETAIL_SCREEN = {
  title: 'Question',
  backLink: 'Back to history',
  totalTokens: 'Total tokens used',
  share: 'Share',
  loading: 'Loading the question',
  notFoundTitle: 'Question not found',
  notFoundText: 'The question may not exist, or you may not have permission to view it.',
  errorTitle: 'Error Loading Question',
} as const;

/** The Share dialog (spec §2, §5; expiry and revoke are ours, DECISIONS 8). */
export const SHARE_DIALOG = {
  title: 'Share this question',
  description: 'Anyone with the link can view the question and its answers, without signing in.',
  titleLabel: 'Title (optional)',
  descriptionLabel: 'Description (optional)',
  expiryLabel: 'Link expires after',
  submit: 'Create link',
  update: 'Update link',
  submitting: 'Creating...',
  linkLabel: 'Share link',
  copy: 'Copy',
  copied: 'Copied',
  done: 'Done',
  cancel: 'Cancel',
  revoke: 'Revoke link',
  revoking: 'Revoking...',
  sharedNote: 'This question is shared. Revoke the link to make it private again.',
  expiresOn: (date: string): string => `The link works until ${date}.`,
  neverExpires: 'The link does not expire.',
} as const;

/**
 * The public Shared page (spec §2). Its reader is a stranger, not the asker: nothing here says
 * "your".
 */
export const SHARED_PAGE = {
  fallbackTitle: 'Shared Question',
  /** The link to the home page: named after where it goes. */
  visit: 'Visit Council',
  originalQuestion: 'Original question',
  /** Above the consensus and its agreement map, which open a turn. */
  consensusHeading: "The council's conclusion",
  responsesHeading: 'Responses',
  /** The members' answers of a debated turn: where each member ended up. */
  finalAnswersHeading: 'Final answers',
  /** A replayed round's answer that is its member's final answer, already shown in full above. */
  finalAnswerAbove: 'Its final answer, shown above.',
  roundAnswers: (count: number) => (count === 1 ? '1 answer' : `${count} answers`),
  /** The asker's note between two rounds of the replay. */
  askerNote: "The asker's note",
  /** An answer the asker's token cap cut off. */
  stoppedAtLimit: "Stopped at the asker's limit",
  /** An answer cut off in a question without a cap: the asker's balance could not pay further. */
  stoppedAtBalance: "Stopped: the asker's balance ran out",
  /** In place of the stored "your limit/balance" notes when the agreement map was not drawn. */
  mapNotDrawnAtLimit: "The asker's limit left too little for the agreement map to be drawn.",
  mapNotDrawnAtBalance: "The asker's balance ran out before the agreement map could be drawn.",
  reasoning: 'Reasoning',
  tokensUsed: 'Tokens used',
  loading: 'Loading the shared question',
  emptyTitle: 'No responses found',
  emptyText: 'No responses are available for this question.',
  errorTitle: 'Error Loading Shared Question',
  errorAction: 'Go to Home',
  ctaTitle: 'Ask the council yourself',
  ctaText: 'Put your own questions to several AI assistants at once and compare their answers.',
  ctaAction: 'Create Your Own Account',
} as const;

/** How a shared response names its agent: by provider (spec §2, Shared page). */
export const PROVIDER_LABELS: Readonly<Record<BuiltInProvider | typeof CONSENSUS_PROVIDER, string>> = {
  openai: 'OpenAI',
  anthropic: 'Anthropic',
  xai: 'xAI',
  consensus: 'Council Consensus',
};

/**
 * A provider's label: the built-in ones' above, else the catalogue's display name when known, else
 * its id with a capital ("gemini" → "Gemini").
 */
export function providerLabel(provider: ResponseProvider, displayName?: string | null): string {
  if (Object.hasOwn(PROVIDER_LABELS, provider))
    return PROVIDER_LABELS[provider as keyof typeof PROVIDER_LABELS];
  return displayName?.trim() || provider.charAt(0).toUpperCase() + provider.slice(1);
}

/** The label of a response served by the offline demo provider (DECISIONS 15). */
export const DEMO_PROVIDER_LABEL = 'Demo';
/** The model information tooltip's line for such a response. */
export const DEMO_PROVIDER_NOTE =
  'Answered by the offline demo provider: no API key is configured for this provider.';
