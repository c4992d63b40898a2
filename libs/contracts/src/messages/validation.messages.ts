// Field-level validation messages. Quoted ones are spec §5's; the rest are ours, in the same voice.
// The request DTOs use these, so Nest's ValidationPipe and the web's forms say the same thing.

import {
  AGENTS_MAX,
  CONTACT_MESSAGE_MAX,
  CONTACT_NAME_MAX,
  CONTACT_SUBJECT_MAX,
  EMAIL_MAX_LENGTH,
  HISTORY_PAGE_SIZE_MAX,
  HISTORY_SEARCH_MAX_LENGTH,
  NAME_MAX_LENGTH,
  QUESTION_MAX_LENGTH,
  SHARE_DESCRIPTION_INPUT_MAX,
  SHARE_TITLE_INPUT_MAX,
  USERNAME_MAX_LENGTH,
  USERNAME_MIN_LENGTH,
} from '../limits/limits.constants';
import { WEIGH_IN } from '../council/weigh-in';
import { TOKEN_CAP } from '../council/token-cap';
import { AGENTS_MIN_MESSAGE, maxAgentsMessage } from './ask.messages';

export const VALIDATION_MESSAGES = {
  // Spec §5.
  questionRequired: 'Question is required',
  passwordMin: 'Password must be at least 6 characters',
  emailInvalid: 'Please enter a valid email address',
  passwordMax: 'Password cannot exceed 100 characters',
  passwordsMismatch: 'Passwords do not match',
  // Spec §8 (reset without a token) and §5 (council minimum).
  resetTokenMissing: 'Missing password reset token',
  agentsMin: AGENTS_MIN_MESSAGE,
  agentsMax: maxAgentsMessage(AGENTS_MAX),

  // Ours.
  questionTooLong: `Question cannot exceed ${QUESTION_MAX_LENGTH} characters`,
  usernameMin: `Username must be at least ${USERNAME_MIN_LENGTH} characters`,
  usernameMax: `Username cannot exceed ${USERNAME_MAX_LENGTH} characters`,
  emailMax: `Email cannot exceed ${EMAIL_MAX_LENGTH} characters`,
  nameMax: `Name cannot exceed ${NAME_MAX_LENGTH} characters`,
  memberOrderUnique: 'Each council member needs a different order',
  memberIdInvalid: 'Please choose an agent, a model and optionally a role from the list',
  debateLeaderInvalid: 'Please choose the debate leader from the council',
  shareTitleMax: `Title cannot exceed ${SHARE_TITLE_INPUT_MAX} characters`,
  shareDescriptionMax: `Description cannot exceed ${SHARE_DESCRIPTION_INPUT_MAX} characters`,
  shareExpiryInvalid: 'Please choose how long the link stays valid',
  tierInvalid: 'Please choose the Premium or Max plan',
  returnUrlInvalid: 'Return URL must be an http or https address',
  packageInvalid: 'Please select a token package',
  contactNameRequired: 'Name is required',
  contactNameMax: `Name cannot exceed ${CONTACT_NAME_MAX} characters`,
  contactSubjectRequired: 'Subject is required',
  contactSubjectMax: `Subject cannot exceed ${CONTACT_SUBJECT_MAX} characters`,
  contactMessageRequired: 'Message is required',
  contactMessageMax: `Message cannot exceed ${CONTACT_MESSAGE_MAX} characters`,
  questionIdInvalid: 'Question id must be a positive whole number',
  responseIdInvalid: 'Response id must be a positive whole number',
  historySearchInvalid: 'Search must be a single piece of text',
  historySearchMax: `Search cannot exceed ${HISTORY_SEARCH_MAX_LENGTH} characters`,
  historyLimitInvalid: `Limit must be a whole number from 1 to ${HISTORY_PAGE_SIZE_MAX}`,
  noteRequired: 'Please write a note, or press Continue',
  noteTooLong: `Note cannot exceed ${WEIGH_IN.noteMaxLength} characters`,
  weighInNeedsDebate: 'Weighing in needs the debate turned on',
  tokenCapInvalid: `The limit must be a whole number of tokens from ${TOKEN_CAP.min.toLocaleString('en-GB')} to ${TOKEN_CAP.max.toLocaleString('en-GB')}`,
  historyCursorInvalid: 'The page cursor is invalid; load the history again from the start',
  nullCharacter: 'Text cannot contain null characters',
  socketIdInvalid: 'Socket id must be the id of a /council socket',
} as const;
