import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ADDED_PROVIDER_COLOURS, ProviderAvatar, providerColour } from './provider-avatar';

function initialOf(provider: string, name: string): HTMLElement {
  const { container } = render(<ProviderAvatar provider={provider} name={name} />);
  const avatar = container.firstElementChild;
  if (!(avatar instanceof HTMLElement)) throw new Error('no avatar');
  return avatar;
}

describe('ProviderAvatar', () => {
  it('keeps the built-in providers’ colours', () => {
    expect(initialOf('openai', 'ChatGPT')).toHaveClass('bg-emerald-100');
    expect(initialOf('consensus', 'Council Consensus')).toHaveClass('bg-primary');
  });

  it('gives a provider an operator added its initial on a colour from the palette', () => {
    const avatar = initialOf('gemini', 'Gemini Pro');
    expect(avatar).toHaveTextContent('G');
    expect(avatar).toHaveAttribute('aria-hidden', 'true');
    const colour = providerColour('gemini');
    expect(ADDED_PROVIDER_COLOURS).toContain(colour);
    expect(avatar).toHaveClass(...colour.split(' '));
  });

  it('picks the same colour for a provider every time, and spreads providers over the palette', () => {
    expect(providerColour('mistral')).toBe(providerColour('mistral'));
    const colours = new Set(['gemini', 'mistral', 'llama', 'local', 'deepseek', 'qwen'].map(providerColour));
    expect(colours.size).toBeGreaterThan(1);
  });

  it('shows a logo when the agent has one', () => {
    const { container } = render(<ProviderAvatar provider="gemini" name="Gemini" logoUrl="/gemini.svg" />);
    expect(container.querySelector('img')).toHaveAttribute('src', '/gemini.svg');
  });
});
