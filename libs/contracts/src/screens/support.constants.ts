// The support page (spec §2 "Product, support and company pages") and its contact form (DECISIONS 7).
// The spec fixes no texts here; these are ours, in the voice of spec §8.

import { type ToastText } from '../messages/messages.types';

/** Element ids the footer's /support#… links scroll to. */
export const SUPPORT_SECTION_IDS = {
  documentation: 'documentation',
  helpCenter: 'help-center',
  contact: 'contact',
} as const;

/** The element id the footer's /product#features link scrolls to. */
export const PRODUCT_FEATURES_SECTION_ID = 'features';

export const SUPPORT_CONTACT_PATH = '/api/support/contact';

export const CONTACT_FORM_TEXTS = {
  heading: 'Contact us',
  intro:
    "Can't find your answer? Send us a message and we'll reply by e-mail, usually within one working day.",
  nameLabel: 'Name',
  emailLabel: 'Email',
  subjectLabel: 'Subject',
  messageLabel: 'Message',
  submit: 'Send message',
  submitting: 'Sending...',
} as const;

/** The server's reply text once a message is stored and forwarded. */
export const CONTACT_RECEIVED_MESSAGE = 'Your message has been sent to our support team.';

export const CONTACT_TOASTS = {
  sent: {
    title: 'Message sent',
    description:
      "Thanks for getting in touch. We'll reply to your email address, usually within one working day.",
    variant: 'default',
  },
  /** Any failure the server did not explain; a validation error shows the server's own message instead. */
  failed: {
    title: 'Message not sent',
    description: 'Something went wrong while sending your message. Please try again in a moment.',
    variant: 'destructive',
  },
  rateLimited: {
    title: 'Message not sent',
    description: "You've sent several messages in a short time. Please wait a while before sending another.",
    variant: 'destructive',
  },
} as const satisfies Record<string, ToastText>;

export const HELP_CENTER_TEXTS = {
  searchLabel: 'Search the help centre',
  searchPlaceholder: 'e.g. tokens, cancel, sharing',
  noResults: 'No questions match your search. Try another word, or contact us below.',
} as const;
