// Shown when a screen fails while rendering (our addition; the spec names no text for it).
export const ROUTE_ERROR_SCREEN = {
  title: 'Something went wrong',
  text: 'An unexpected error stopped this page from loading. Please try again.',
  backHomeLabel: 'Back to Home',
} as const;
