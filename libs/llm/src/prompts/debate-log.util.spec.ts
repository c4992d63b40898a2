import { buildDebateLog } from './debate-log.util';

describe('buildDebateLog', () => {
  const members = [
    { order: 0, agent: { name: 'Claude' }, model: { name: 'Claude Sonnet 4' } },
    { order: 1, agent: { name: 'Grok' }, model: { name: 'Grok 3' } },
  ];

  it('heads the first round "Opening answer" and later ones "Round N", with the member label', () => {
    const log = buildDebateLog(members, [
      { memberOrder: 0, round: 0, response: '  Rent.\n' },
      { memberOrder: 1, round: 0, response: 'Buy.' },
      { memberOrder: 0, round: 1, response: 'Rent, still.' },
    ]);
    expect(log).toBe(
      [
        '### Opening answer — Claude (Claude Sonnet 4)\n\nRent.',
        '### Opening answer — Grok (Grok 3)\n\nBuy.',
        '### Round 1 — Claude (Claude Sonnet 4)\n\nRent, still.',
      ].join('\n\n'),
    );
  });

  it('names an answer whose member is unknown "Member N" and leaves the consensus out', () => {
    const log = buildDebateLog(members, [
      { memberOrder: 3, round: 2, response: 'Maybe.' },
      { memberOrder: null, round: 0, response: 'The consensus.' },
    ]);
    expect(log).toBe('### Round 2 — Member 4\n\nMaybe.');
  });

  it('puts the asker’s note after the round it followed', () => {
    const log = buildDebateLog(
      members,
      [
        { memberOrder: 0, round: 0, response: 'Rent.' },
        { memberOrder: 1, round: 0, response: 'Buy.' },
        { memberOrder: 0, round: 1, response: 'Buy, now.' },
      ],
      [{ afterRound: 0, note: ' I stay ten years. ' }],
    );
    expect(log).toBe(
      [
        '### Opening answer — Claude (Claude Sonnet 4)\n\nRent.',
        '### Opening answer — Grok (Grok 3)\n\nBuy.',
        '### Your note after the opening answers\n\nI stay ten years.',
        '### Round 1 — Claude (Claude Sonnet 4)\n\nBuy, now.',
      ].join('\n\n'),
    );
  });

  it('is empty without answers', () => {
    expect(buildDebateLog(members, [])).toBe('');
  });
});
