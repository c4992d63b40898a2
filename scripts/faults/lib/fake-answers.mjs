// What the fake providers answer in the fault scenarios, and which council member a request is.

/** "s1 s2 … sN.": every segment is distinct, so a duplicated or missing one shows in a comparison. */
export function numberedAnswer(words) {
  return `${Array.from({ length: words }, (_, index) => `s${index + 1}`).join(' ')}.`;
}

/** The default council's order (PROVIDERS in libs/contracts): openai 0, anthropic 1, xai 2. */
export const MEMBER_OF_PROVIDER = { openai: 0, anthropic: 1, xai: 2 };

/** The provider a request to the fake was meant for (the scenario mounts each under its own path). */
export function providerOfRequest(request) {
  if (request.path.startsWith('/openai/')) return 'openai';
  if (request.path.startsWith('/xai/')) return 'xai';
  if (request.path.startsWith('/anthropic/')) return 'anthropic';
  return null;
}
