// Ask screen (spec §2).
export const ASK_SCREEN = {
  heading: 'Ask The Council',
  text: 'Get insights from multiple AI assistants for comprehensive answers to your questions.',
} as const;
