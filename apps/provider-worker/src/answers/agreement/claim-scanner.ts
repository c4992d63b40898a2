/**
 * Finds the claim objects of a streamed agreement-map reply (`{"claims": [{…}, {…}]}`) as soon as
 * each is complete, without re-parsing the whole text per delta: one pass over each new character,
 * aware of strings and escapes. `push` returns the JSON text of the claims completed by that piece.
 */
export class ClaimScanner {
  private depth = 0;
  private inString = false;
  private escaped = false;
  private start = -1;
  private text = '';

  push(piece: string): string[] {
    const completed: string[] = [];
    const offset = this.text.length;
    this.text += piece;
    for (let index = 0; index < piece.length; index += 1) {
      const char = piece[index];
      if (this.inString) {
        if (this.escaped) this.escaped = false;
        else if (char === '\\') this.escaped = true;
        else if (char === '"') this.inString = false;
        continue;
      }
      if (char === '"') this.inString = true;
      else if (char === '{' || char === '[') {
        // Depth 2 is inside the claims list: an object opening there is a claim.
        if (this.depth === 2 && char === '{') this.start = offset + index;
        this.depth += 1;
      } else if (char === '}' || char === ']') {
        this.depth -= 1;
        if (this.depth === 2 && char === '}' && this.start >= 0) {
          completed.push(this.text.slice(this.start, offset + index + 1));
          this.start = -1;
        }
      }
    }
    return completed;
  }
}
