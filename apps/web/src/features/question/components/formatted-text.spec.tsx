import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { FormattedText } from './formatted-text';

describe('FormattedText', () => {
  it('renders bold, italic, code, lists and paragraphs as elements', () => {
    const { container } = render(
      <FormattedText text={'**Yes**, *mostly*.\n\n- `tea`\n- coffee\n\n1. first\n2. second'} />,
    );
    expect(screen.getByText('Yes').tagName).toBe('STRONG');
    expect(screen.getByText('mostly').tagName).toBe('EM');
    expect(screen.getByText('tea').tagName).toBe('CODE');
    expect(container.querySelectorAll('ul > li')).toHaveLength(2);
    expect(container.querySelectorAll('ol > li')).toHaveLength(2);
    expect(container.querySelectorAll('p')).toHaveLength(1);
  });

  it('shows markup from a model as text, never as HTML', () => {
    const { container } = render(
      <FormattedText text={'<img src=x onerror="alert(1)"> **<script>alert(2)</script>**'} />,
    );
    expect(container.querySelector('img')).toBeNull();
    expect(container.querySelector('script')).toBeNull();
    expect(container.textContent).toContain('<img src=x onerror="alert(1)">');
    expect(screen.getByText('<script>alert(2)</script>').tagName).toBe('STRONG');
  });
});
