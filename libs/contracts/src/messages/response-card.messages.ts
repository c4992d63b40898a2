// Texts of the failed-answer states of spec §4, copied exactly.

export const RESPONSE_CARD_TEXTS = {
  /** A member's response with `error` set. */
  serviceIssue: {
    heading: 'Service Issue',
    label: 'Service Unavailable',
    description: 'The other AI models are still available to answer your question.',
  },
  /** A consensus response with `error` set. */
  consensusFailed: {
    heading: 'Formation Issue',
    label: 'Consensus Formation Failed',
    description: 'Individual AI responses are still available above.',
  },
  /** The only response carries an error: a red panel with the message and two actions. */
  processingError: {
    title: 'Error processing your question',
    refreshAction: 'Refresh page',
    contactSupportAction: 'Contact support',
  },
} as const;
