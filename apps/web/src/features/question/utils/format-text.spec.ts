import { describe, expect, it } from 'vitest';
import { parseBlocks, parseInline } from './format-text';

describe('parseInline', () => {
  it('reads bold, italic and inline code', () => {
    expect(parseInline('a **b** *c* _d_ __e__ `f*g*`')).toEqual([
      { type: 'text', text: 'a ' },
      { type: 'strong', children: [{ type: 'text', text: 'b' }] },
      { type: 'text', text: ' ' },
      { type: 'em', children: [{ type: 'text', text: 'c' }] },
      { type: 'text', text: ' ' },
      { type: 'em', children: [{ type: 'text', text: 'd' }] },
      { type: 'text', text: ' ' },
      { type: 'strong', children: [{ type: 'text', text: 'e' }] },
      { type: 'text', text: ' ' },
      { type: 'code', text: 'f*g*' },
    ]);
  });

  it('nests italic inside bold', () => {
    expect(parseInline('**very *much* so**')).toEqual([
      {
        type: 'strong',
        children: [
          { type: 'text', text: 'very ' },
          { type: 'em', children: [{ type: 'text', text: 'much' }] },
          { type: 'text', text: ' so' },
        ],
      },
    ]);
  });

  it('leaves unclosed markers, lone stars and snake_case literal', () => {
    expect(parseInline('**half done')).toEqual([{ type: 'text', text: '**half done' }]);
    expect(parseInline('2 * 3 * 4')).toEqual([{ type: 'text', text: '2 * 3 * 4' }]);
    expect(parseInline('snake_case_name')).toEqual([{ type: 'text', text: 'snake_case_name' }]);
  });
});

describe('parseBlocks', () => {
  it('splits paragraphs on blank lines and keeps single line breaks inside one', () => {
    expect(parseBlocks('One\ntwo\n\nThree')).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: 'One\ntwo' }] },
      { type: 'paragraph', children: [{ type: 'text', text: 'Three' }] },
    ]);
  });

  it('reads bullet and numbered lists', () => {
    expect(parseBlocks('Intro\n- one\n* **two**\n\n3. three\n4) four')).toEqual([
      { type: 'paragraph', children: [{ type: 'text', text: 'Intro' }] },
      {
        type: 'list',
        ordered: false,
        start: 1,
        items: [
          [{ type: 'text', text: 'one' }],
          [{ type: 'strong', children: [{ type: 'text', text: 'two' }] }],
        ],
      },
      {
        type: 'list',
        ordered: true,
        start: 3,
        items: [[{ type: 'text', text: 'three' }], [{ type: 'text', text: 'four' }]],
      },
    ]);
  });

  it('reads headings and fenced code, even an unfinished fence mid-stream', () => {
    expect(parseBlocks('## Summary\n```ts\nconst a = 1;\n```\nafter')).toEqual([
      { type: 'heading', children: [{ type: 'text', text: 'Summary' }] },
      { type: 'code', text: 'const a = 1;' },
      { type: 'paragraph', children: [{ type: 'text', text: 'after' }] },
    ]);
    expect(parseBlocks('```\npartial')).toEqual([{ type: 'code', text: 'partial' }]);
  });

  it('gives nothing for empty text', () => {
    expect(parseBlocks('')).toEqual([]);
    expect(parseBlocks('\n\n')).toEqual([]);
  });
});
