import { ClaimScanner } from './claim-scanner';

const reply = JSON.stringify({
  claims: [
    { claim: 'Braces } and "quotes" {inside} strings', stances: [{ member: 1, stance: 'supports' }] },
    { claim: 'Second [claim]', stances: [] },
  ],
});

describe('ClaimScanner', () => {
  it.each([1, 3, 7, 1000])('finds each claim once it is complete, fed %i characters at a time', (size) => {
    const scanner = new ClaimScanner();
    const found: string[][] = [];
    for (let index = 0; index < reply.length; index += size)
      found.push(scanner.push(reply.slice(index, index + size)));
    const claims = found.flat().map((text) => JSON.parse(text) as { claim: string });
    expect(claims.map((claim) => claim.claim)).toEqual([
      'Braces } and "quotes" {inside} strings',
      'Second [claim]',
    ]);
    // The first claim is reported before the second one has arrived.
    const firstAt = found.findIndex((piece) => piece.length > 0);
    expect(firstAt * size).toBeLessThan(reply.indexOf('Second'));
  });

  it('reports nothing for an unfinished claim', () => {
    const scanner = new ClaimScanner();
    expect(scanner.push('{"claims":[{"claim":"a","stances":[')).toEqual([]);
  });
});
