import {
  AGREEMENT_MAP_LIMITS,
  type AgreementClaim,
  type AgreementMapContext,
  agreementSummary,
  isAgreementMapResult,
  readAgreementReply,
} from './agreement-map';

const context: AgreementMapContext = { memberOrders: [0, 1, 2], positionChanges: { 2: [1] } };

function reply(claims: unknown[]): string {
  return JSON.stringify({ claims });
}

function stances(...values: Array<[string, string?, (number | null)?]>) {
  return values.map(([stance, reason = '', changedInRound = null], index) => ({
    member: index + 1,
    stance,
    reason,
    changedInRound,
  }));
}

describe('readAgreementReply', () => {
  it('reads claims into stances by council order, keeping reasons only where a member opposes', () => {
    const result = readAgreementReply(
      reply([
        {
          claim: '  Start   with one\napplication. ',
          stances: stances(['supports', 'ignored'], ['silent'], ['opposes', 'Services pay off.', 1]),
        },
      ]),
      context,
    );
    expect(result).toEqual({
      ok: true,
      claims: [
        {
          claim: 'Start with one application.',
          stances: [
            { memberOrder: 0, stance: 'supports', reason: null, changedInRound: null },
            { memberOrder: 1, stance: 'silent', reason: null, changedInRound: null },
            { memberOrder: 2, stance: 'opposes', reason: 'Services pay off.', changedInRound: 1 },
          ],
        },
      ],
    });
  });

  it('drops a change round in which the member did not change position', () => {
    const result = readAgreementReply(
      reply([
        { claim: 'A', stances: stances(['supports', '', 1], ['supports', '', 2], ['supports', '', 2]) },
      ]),
      context,
    );
    expect(result.ok && result.claims[0].stances.map((entry) => entry.changedInRound)).toEqual([
      null,
      null,
      null,
    ]);
  });

  it('accepts an empty list (nothing to map)', () => {
    expect(readAgreementReply(reply([]), context)).toEqual({ ok: true, claims: [] });
  });

  it.each([
    ['not JSON', '{"claims": ['],
    ['no claims list', JSON.stringify({ claim: 'A' })],
    ['an array', '[]'],
    [
      'too many claims',
      reply(
        Array.from({ length: AGREEMENT_MAP_LIMITS.maxClaims + 1 }, () => ({
          claim: 'A',
          stances: stances(['supports'], ['supports'], ['supports']),
        })),
      ),
    ],
    ['an empty claim', reply([{ claim: '  ', stances: stances(['supports'], ['supports'], ['supports']) }])],
    [
      'a claim too long',
      reply([
        {
          claim: 'x'.repeat(AGREEMENT_MAP_LIMITS.claimMaxChars + 1),
          stances: stances(['supports'], ['supports'], ['supports']),
        },
      ]),
    ],
    ['a missing member', reply([{ claim: 'A', stances: stances(['supports'], ['supports']) }])],
    [
      'an unknown member',
      reply([
        {
          claim: 'A',
          stances: [...stances(['supports'], ['supports'], ['supports']), { member: 4, stance: 'silent' }],
        },
      ]),
    ],
    [
      'a member twice',
      reply([
        { claim: 'A', stances: [...stances(['supports'], ['supports']), { member: 1, stance: 'silent' }] },
      ]),
    ],
    [
      'member 0',
      reply([
        { claim: 'A', stances: [{ member: 0, stance: 'silent' }, ...stances(['supports'], ['supports'])] },
      ]),
    ],
    ['an unknown stance', reply([{ claim: 'A', stances: stances(['maybe'], ['supports'], ['supports']) }])],
    [
      'opposing without a reason',
      reply([{ claim: 'A', stances: stances(['opposes', ' '], ['supports'], ['supports']) }]),
    ],
    ['a stance that is not an object', reply([{ claim: 'A', stances: [1, 2, 3] }])],
  ])('refuses %s', (_name, raw) => {
    const result = readAgreementReply(raw, context);
    expect(result.ok).toBe(false);
    expect(result.ok ? '' : result.problem).not.toBe('');
  });
});

describe('agreementSummary', () => {
  const claim = (...values: string[]): AgreementClaim => ({
    claim: 'c',
    stances: values.map((stance, memberOrder) => ({
      memberOrder,
      stance: stance as AgreementClaim['stances'][number]['stance'],
      reason: stance === 'opposes' ? 'r' : null,
      changedInRound: null,
    })),
  });

  it('averages each claim’s majority share, leaving silence out, and counts the unanimous claims', () => {
    // 2 of 2 on the first claim, 2 of 3 on the second, none on the third: (100 + 67) / 2.
    expect(
      agreementSummary([
        claim('supports', 'supports', 'silent'),
        claim('supports', 'opposes', 'supports'),
        claim('silent', 'silent', 'silent'),
      ]),
    ).toEqual({ claims: 3, unanimous: 1, supports: 4, opposes: 1, silent: 4, percent: 83 });
  });

  it('reads two mirror-image claims held 2 against 1 as 67%, as people count', () => {
    expect(
      agreementSummary([claim('supports', 'supports', 'opposes'), claim('opposes', 'opposes', 'supports')])
        .percent,
    ).toBe(67);
    // A claim every member opposes is agreement too.
    expect(agreementSummary([claim('opposes', 'opposes', 'opposes')]).percent).toBe(100);
  });

  it('has no figure when no member took a side', () => {
    expect(agreementSummary([claim('silent', 'silent')]).percent).toBeNull();
    expect(agreementSummary([]).percent).toBeNull();
  });
});

describe('isAgreementMapResult', () => {
  it('recognises stored maps and notes, and nothing else', () => {
    expect(isAgreementMapResult({ status: 'unavailable', note: 'n' })).toBe(true);
    expect(
      isAgreementMapResult({
        status: 'mapped',
        claims: [
          { claim: 'c', stances: [{ memberOrder: 0, stance: 'supports', reason: null, changedInRound: 1 }] },
        ],
      }),
    ).toBe(true);
    expect(
      isAgreementMapResult({ status: 'mapped', claims: [{ claim: 'c', stances: [{ memberOrder: 'x' }] }] }),
    ).toBe(false);
    expect(isAgreementMapResult({ status: 'unavailable' })).toBe(false);
    expect(isAgreementMapResult(null)).toBe(false);
    expect(isAgreementMapResult('mapped')).toBe(false);
  });
});
