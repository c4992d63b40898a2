// The "simple formatting" of spec §2 (bold, italic, bullet and numbered lists, paragraphs, plus inline
// code and code blocks). No markdown library is installed, so this small tokenizer turns answer text
// into a tree that <FormattedText> renders as React elements: text is never parsed as HTML, so a
// model cannot inject markup. Unclosed markers (common mid-stream) stay literal.

export type InlineNode =
  | { type: 'text'; text: string }
  | { type: 'code'; text: string }
  | { type: 'strong'; children: InlineNode[] }
  | { type: 'em'; children: InlineNode[] };

export type BlockNode =
  | { type: 'paragraph'; children: InlineNode[] }
  | { type: 'heading'; children: InlineNode[] }
  | { type: 'list'; ordered: boolean; start: number; items: InlineNode[][] }
  | { type: 'code'; text: string };

const BULLET = /^\s*[-*+•]\s+(.*)$/;
const NUMBERED = /^\s*(\d{1,9})[.)]\s+(.*)$/;
const HEADING = /^\s{0,3}#{1,6}\s+(.*?)\s*#*\s*$/;
const FENCE = /^\s*```/;

/** Splits answer text into blocks: paragraphs (blank-line separated), headings, lists and code. */
export function parseBlocks(source: string): BlockNode[] {
  const lines = source.replace(/\r\n?/g, '\n').split('\n');
  const blocks: BlockNode[] = [];
  let paragraph: string[] = [];

  const flushParagraph = () => {
    if (paragraph.length > 0) {
      blocks.push({ type: 'paragraph', children: parseInline(paragraph.join('\n')) });
      paragraph = [];
    }
  };

  let index = 0;
  while (index < lines.length) {
    const line = lines[index];

    if (FENCE.test(line)) {
      flushParagraph();
      const code: string[] = [];
      index += 1;
      while (index < lines.length && !FENCE.test(lines[index])) {
        code.push(lines[index]);
        index += 1;
      }
      index += 1; // the closing fence, if any
      blocks.push({ type: 'code', text: code.join('\n') });
      continue;
    }

    if (line.trim() === '') {
      flushParagraph();
      index += 1;
      continue;
    }

    const heading = HEADING.exec(line);
    if (heading) {
      flushParagraph();
      blocks.push({ type: 'heading', children: parseInline(heading[1]) });
      index += 1;
      continue;
    }

    const bullet = BULLET.exec(line);
    const numbered = bullet ? null : NUMBERED.exec(line);
    if (bullet || numbered) {
      flushParagraph();
      const ordered = numbered !== null;
      const start = numbered ? Number(numbered[1]) : 1;
      const items: InlineNode[][] = [];
      while (index < lines.length) {
        const match = ordered ? NUMBERED.exec(lines[index]) : BULLET.exec(lines[index]);
        if (!match) break;
        items.push(parseInline(ordered ? match[2] : match[1]));
        index += 1;
      }
      blocks.push({ type: 'list', ordered, start, items });
      continue;
    }

    paragraph.push(line);
    index += 1;
  }
  flushParagraph();
  return blocks;
}

/** Inline spans: `code`, **bold** / __bold__, *italic* / _italic_. */
export function parseInline(source: string): InlineNode[] {
  const nodes: InlineNode[] = [];
  let text = '';
  const pushText = () => {
    if (text) nodes.push({ type: 'text', text });
    text = '';
  };

  let index = 0;
  while (index < source.length) {
    const char = source[index];

    if (char === '`') {
      const end = source.indexOf('`', index + 1);
      if (end > index + 1) {
        pushText();
        nodes.push({ type: 'code', text: source.slice(index + 1, end) });
        index = end + 1;
        continue;
      }
    }

    if ((char === '*' || char === '_') && source[index + 1] === char) {
      const marker = char + char;
      const end = source.indexOf(marker, index + 2);
      if (end > index + 2 && !/\s/.test(source[index + 2])) {
        pushText();
        nodes.push({ type: 'strong', children: parseInline(source.slice(index + 2, end)) });
        index = end + 2;
        continue;
      }
    }

    if ((char === '*' || char === '_') && isItalicOpener(source, index)) {
      const end = findItalicCloser(source, index + 1, char);
      if (end !== -1) {
        pushText();
        nodes.push({ type: 'em', children: parseInline(source.slice(index + 1, end)) });
        index = end + 1;
        continue;
      }
    }

    text += char;
    index += 1;
  }
  pushText();
  return nodes;
}

function isItalicOpener(source: string, index: number): boolean {
  const next = source[index + 1];
  if (next === undefined || /\s/.test(next)) return false;
  // snake_case words keep their underscores.
  if (source[index] === '_' && index > 0 && /\w/.test(source[index - 1])) return false;
  return true;
}

function findItalicCloser(source: string, from: number, marker: string): number {
  for (let index = from + 1; index < source.length; index += 1) {
    if (source[index] !== marker) continue;
    if (source[index + 1] === marker) {
      index += 1; // part of a bold marker inside the italic span
      continue;
    }
    if (/\s/.test(source[index - 1])) continue;
    if (marker === '_' && index + 1 < source.length && /\w/.test(source[index + 1])) continue;
    return index;
  }
  return -1;
}
