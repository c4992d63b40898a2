/**
 * Fallback when a revision has no position line: whether its text differs from the member's
 * previous answer (null: there is none), ignoring whitespace.
 */
export function differsFromPrevious(previous: string | null, answer: string): boolean {
  return previous === null || normaliseWhitespace(previous) !== normaliseWhitespace(answer);
}

function normaliseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}
