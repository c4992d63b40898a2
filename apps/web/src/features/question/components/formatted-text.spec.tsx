import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
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

describe('FormattedText markdown', () => {
  const html = (text: string) => render(<FormattedText text={text} />).container.firstElementChild?.innerHTML;

  it('reads bold, italic and inline code in both marker styles, nesting italic inside bold', () => {
    const { container } = render(<FormattedText text={'a **b** *c* _d_ __e__ `f*g*` **very *much* so**'} />);
    expect([...container.querySelectorAll('strong')].map((node) => node.textContent)).toEqual([
      'b',
      'e',
      'very much so',
    ]);
    expect([...container.querySelectorAll('em')].map((node) => node.textContent)).toEqual(['c', 'd', 'much']);
    expect(screen.getByText('f*g*').tagName).toBe('CODE');
  });

  it('leaves unclosed markers, lone stars and snake_case literal', () => {
    expect(html('**half done')).toBe('<p class="whitespace-pre-line">**half done</p>');
    expect(html('2 * 3 * 4')).toBe('<p class="whitespace-pre-line">2 * 3 * 4</p>');
    expect(html('snake_case_name')).toBe('<p class="whitespace-pre-line">snake_case_name</p>');
  });

  it('closes what a partial text left open, with the same renderer: no raw markers while it streams', () => {
    const partial = (text: string) => {
      const { container } = render(<FormattedText text={text} partial />);
      return container;
    };
    const bold = partial('Tea is **much calmer');
    expect(bold.querySelector('strong')?.textContent).toBe('much calmer');
    expect(bold.textContent).not.toContain('*');
    const nested = partial('A *mild **and warm');
    expect(nested.textContent).not.toMatch(/[*]/);
    const code = partial('Run `brew');
    expect(code.querySelector('code')?.textContent).toBe('brew');
    // Lone stars in arithmetic stay as they are.
    expect(partial('2 * 3 = 6').textContent).toBe('2 * 3 = 6');
  });

  it('splits paragraphs on blank lines and keeps single line breaks inside one', () => {
    const { container } = render(<FormattedText text={'One\ntwo\n\nThree'} />);
    expect([...container.querySelectorAll('p')].map((node) => node.textContent)).toEqual([
      'One\ntwo',
      'Three',
    ]);
  });

  it('reads bullet and numbered lists, numbered from their first number', () => {
    const { container } = render(<FormattedText text={'Intro\n- one\n* **two**\n\n3. three\n4. four'} />);
    expect(container.querySelectorAll('ul > li')).toHaveLength(2);
    expect(container.querySelector('ol')?.getAttribute('start')).toBe('3');
    expect([...container.querySelectorAll('ol > li')].map((node) => node.textContent)).toEqual([
      'three',
      'four',
    ]);
  });

  it('shows headings as bold paragraphs, outside the page outline', () => {
    const { container } = render(<FormattedText text={'## Summary\nafter'} />);
    expect(container.querySelector('h1, h2, h3, h4, h5, h6')).toBeNull();
    expect(screen.getByText('Summary')).toHaveClass('font-semibold');
  });

  it('reads fenced code, even an unfinished fence mid-stream', () => {
    const { container } = render(<FormattedText text={'```ts\nconst a = 1;\n```\nafter'} />);
    expect(container.querySelector('pre > code')?.textContent).toBe('const a = 1;');
    expect(html('```\npartial')).toContain('<code>partial</code>');
  });

  it('opens links in a new tab without handing over this page, and drops unsafe ones', () => {
    render(<FormattedText text={'[docs](https://example.com) [bad](javascript:alert(1))'} />);
    const link = screen.getByRole('link', { name: 'docs' });
    expect(link).toHaveAttribute('href', 'https://example.com');
    expect(link).toHaveAttribute('target', '_blank');
    expect(link).toHaveAttribute('rel', 'noopener noreferrer nofollow');
    expect(screen.getByText('bad').getAttribute('href') ?? '').not.toContain('javascript');
  });

  it('shows an image’s description instead of loading it', () => {
    const { container } = render(<FormattedText text={'![a chart](https://example.com/x.png)'} />);
    expect(container.querySelector('img')).toBeNull();
    expect(container.textContent).toBe('a chart');
  });

  it('renders every prefix of a streaming answer without an error', () => {
    const consoleError = vi.spyOn(console, 'error');
    const answer =
      '## Plan\n1. **Boil** the `water`\n2. Pour\n\n```js\nbrew();\n```\nDone, see [here](https://x.test).';
    const { container, rerender } = render(<FormattedText text="" />);
    for (let end = 1; end <= answer.length; end += 1) {
      rerender(<FormattedText text={answer.slice(0, end)} />);
      if (end > 'Plan'.length + 3) expect(container.textContent).toContain('Plan');
    }
    expect(consoleError).not.toHaveBeenCalled();
    expect(screen.getByText('Boil').tagName).toBe('STRONG');
    expect(screen.getByRole('link', { name: 'here' })).toBeInTheDocument();
  });

  it('gives nothing for empty text', () => {
    expect(html('')).toBe('');
    expect(html('\n\n')).toBe('');
  });
});
