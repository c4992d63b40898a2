// Answer text is markdown a model wrote, rendered while it streams. These micromark constructs are
// switched off: raw HTML stays literal text (a model cannot inject markup, and its text is shown as
// written), a line of dashes under a paragraph cannot turn it into a heading for a moment while the
// next list item streams in, and indented lines stay text rather than becoming code.
// remark-parse declares the parser's `micromarkExtensions` on unified's Data.
/// <reference types="remark-parse" />
import { type Processor } from 'unified';

const DISABLED_CONSTRUCTS = ['htmlFlow', 'htmlText', 'setextUnderline', 'codeIndented'];

export function remarkPlainAnswer(this: Processor): void {
  const data = this.data();
  const extensions = data.micromarkExtensions ?? (data.micromarkExtensions = []);
  extensions.push({ disable: { null: DISABLED_CONSTRUCTS } });
}
