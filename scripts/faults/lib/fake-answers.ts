// What the fake providers answer in the fault scenarios, and which council member a request is.
import type { FakeProviderRequest } from '@council/testing';

/** "s1 s2 … sN.": every segment is distinct, so a duplicated or missing one shows in a comparison. */
export function numberedAnswer(words: number): string {
  return `${Array.from({ length: words }, (_, index) => `s${index + 1}`).join(' ')}.`;
}

/** The default council's order (PROVIDERS in libs/contracts): openai 0, anthropic 1, xai 2. */
const MEMBER_OF_PROVIDER = { openai: 0, anthropic: 1, xai: 2 } as const;

export type FaultProvider = keyof typeof MEMBER_OF_PROVIDER;

/** The provider a request to the fake was meant for (the scenario mounts each under its own path). */
export function providerOfRequest(request: Pick<FakeProviderRequest, 'path'>): FaultProvider | null {
  if (request.path.startsWith('/openai/')) return 'openai';
  if (request.path.startsWith('/xai/')) return 'xai';
  if (request.path.startsWith('/anthropic/')) return 'anthropic';
  return null;
}

/** The council member a request to the fake answers for, or null for a path no provider has. */
export function memberOfRequest(request: Pick<FakeProviderRequest, 'path'>): number | null {
  const provider = providerOfRequest(request);
  return provider === null ? null : MEMBER_OF_PROVIDER[provider];
}
