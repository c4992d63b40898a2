/**
 * A debate revision ends with a position line ("Position: changed" / "Position: unchanged"). It is
 * split off the answer users read: by the worker before it stores the revision, and by the web
 * once a revision has streamed, so the live and the saved views show the same text.
 */
export function parseRevision(text: string): { answer: string; changed: boolean | null } {
  const match = /(?:^|\n)[ \t*_]*position:[ \t*_]*(changed|unchanged)[ \t*_.]*\s*$/i.exec(text);
  if (!match) return { answer: text.trim(), changed: null };
  return {
    answer: text.slice(0, match.index).trim(),
    changed: match[1].toLowerCase() === 'changed',
  };
}
