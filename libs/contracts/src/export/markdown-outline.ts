// Markdown written by a model, placed under a heading of the export: its own headings move below
// that heading so the file's outline stays the export's (code blocks left as they are).

/** One line of an answer, and whether it sits inside a fenced code block (its fences included). */
interface MarkdownLine {
  text: string;
  code: boolean;
}

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const ATX_HEADING = /^( {0,3})(#{1,6})(?=[ \t]|$)/;
const SETEXT_UNDERLINE = /^ {0,3}(=+|-+)[ \t]*$/;
const THEMATIC_BREAK = /^ {0,3}([-*_])(?:[ \t]*\1){2,}[ \t]*$/;
/** Lines that start a block other than a paragraph, so a `---` or `===` under them is no heading. */
const NOT_PARAGRAPH = /^(?: {4}| {0,3}\t| {0,3}(?:[-+*]|\d{1,9}[.)])(?:[ \t]|$)| {0,3}[>|<])/;

export function headingLine(level: number, text: string): string {
  return `${'#'.repeat(Math.min(6, level))} ${text}`;
}

/**
 * Model or asker text placed under a heading of level `parent`: its headings (setext ones made ATX)
 * shifted together so the shallowest sits at `parent + 1`, capped at ######, so an answer's "# Title"
 * cannot outrank the member it belongs to. Code blocks are left alone; a fence the text left open
 * (an answer cut off mid-block) is closed, or the rest of the file would read as code.
 */
export function nestHeadings(text: string, parent: number): string {
  const lines = markdownLines(text.trim());
  const levels = lines.flatMap((line) => (line.code ? [] : atxLevel(line.text)));
  const shift = levels.length ? Math.max(0, parent + 1 - Math.min(...levels)) : 0;
  return lines
    .map((line) =>
      line.code || !shift
        ? line.text
        : line.text.replace(
            ATX_HEADING,
            (_, indent: string, marks: string) => `${indent}${'#'.repeat(Math.min(6, marks.length + shift))}`,
          ),
    )
    .join('\n');
}

function atxLevel(line: string): number[] {
  const marks = ATX_HEADING.exec(line)?.[2];
  return marks ? [marks.length] : [];
}

/**
 * The text's lines with fenced code marked, setext headings (a paragraph underlined with `===` or
 * `---`) rewritten as ATX ones so they shift like the rest, and an unclosed fence closed.
 */
function markdownLines(text: string): MarkdownLine[] {
  const lines: MarkdownLine[] = [];
  let fence: string | null = null;
  // The plain paragraph being read (its index in `lines`), which an underline would make a heading.
  let paragraph: number | null = null;
  let inBlock = false;
  for (const line of text.split(/\r?\n/)) {
    if (fence !== null) {
      lines.push({ text: line, code: true });
      const close = FENCE.exec(line);
      if (
        close &&
        close[1]![0] === fence[0] &&
        close[1]!.length >= fence.length &&
        !line.slice(close[0].length).trim()
      ) {
        fence = null;
      }
      continue;
    }
    const open = FENCE.exec(line);
    if (open && !(open[1]![0] === '`' && line.slice(open[0].length).includes('`'))) {
      fence = open[1]!;
      paragraph = null;
      inBlock = false;
      lines.push({ text: line, code: true });
      continue;
    }
    const underline = SETEXT_UNDERLINE.exec(line);
    if (underline && paragraph !== null) {
      const content = lines.splice(paragraph).map((entry) => entry.text.trim());
      lines.push({
        text: headingLine(underline[1]!.startsWith('=') ? 1 : 2, content.join(' ')),
        code: false,
      });
      paragraph = null;
      inBlock = false;
      continue;
    }
    lines.push({ text: line, code: false });
    if (!line.trim() || ATX_HEADING.test(line) || THEMATIC_BREAK.test(line)) {
      paragraph = null;
      inBlock = false;
    } else if (NOT_PARAGRAPH.test(line) && !(paragraph !== null && /^ {4}/.test(line))) {
      // A list, quote, table, HTML or indented code: what follows up to a blank line belongs to it.
      paragraph = null;
      inBlock = true;
    } else if (paragraph === null && !inBlock) {
      paragraph = lines.length - 1;
    }
  }
  if (fence !== null) lines.push({ text: fence, code: true });
  return lines;
}
