import {
  agentNamesByOrder,
  conversationShare,
  generateShareId,
  isShareIdFormat,
  shareLink,
  toSharedResponse,
} from './sharing.util';

describe('share ids', () => {
  it('are 144 random bits in 24 URL-safe characters, different every time', () => {
    const ids = new Set(Array.from({ length: 200 }, () => generateShareId()));
    expect(ids.size).toBe(200);
    for (const id of ids) {
      expect(id).toMatch(/^[A-Za-z0-9_-]{24}$/);
      expect(Buffer.from(id, 'base64url')).toHaveLength(18);
      expect(isShareIdFormat(id)).toBe(true);
    }
  });

  it('refuses text that cannot be a link id', () => {
    for (const value of [
      '',
      'short',
      'x'.repeat(65),
      'has space in it here',
      'slash/inside/the/id/x',
      'nul\u0000'.repeat(5),
    ]) {
      expect(isShareIdFormat(value)).toBe(false);
    }
  });
});

describe('shareLink', () => {
  it('is the web route on PUBLIC_URL', () => {
    expect(shareLink('https://council.example', 'AbC-_123')).toBe('https://council.example/shared/AbC-_123');
    expect(shareLink('http://localhost:3000', 'id')).toBe('http://localhost:3000/shared/id');
  });
});

describe('conversationShare', () => {
  const now = new Date('2026-05-01T12:00:00.000Z');
  const first = {
    isShared: true,
    shareId: 'AbCdEfGhIjKlMnOpQrStUvWx',
    shareTitle: 'Our tea talk',
    shareDescription: 'Tea or coffee?',
    shareExpiresAt: new Date('2026-05-02T12:00:00.000Z'),
  };

  it("is the first question's link, which every turn of the conversation reports", () => {
    expect(conversationShare(first, now)).toEqual({
      isShared: true,
      shareId: 'AbCdEfGhIjKlMnOpQrStUvWx',
      shareTitle: 'Our tea talk',
      shareDescription: 'Tea or coffee?',
      shareExpiresAt: '2026-05-02T12:00:00.000Z',
    });
  });

  it('is not shared once revoked or expired; an expired link keeps its id', () => {
    expect(
      conversationShare({ ...first, isShared: false, shareId: null, shareExpiresAt: null }, now),
    ).toMatchObject({
      isShared: false,
      shareId: null,
    });
    expect(
      conversationShare({ ...first, shareExpiresAt: new Date('2026-05-01T11:59:59.000Z') }, now),
    ).toMatchObject({ isShared: false, shareId: first.shareId });
  });
});

describe('toSharedResponse', () => {
  const row = {
    id: 7,
    provider: 'anthropic',
    model: 'Claude Sonnet 4',
    response: 'Tea.',
    reasoning: 'Calmer.',
    totalTokens: 42,
    memberOrder: 1,
    round: 0,
    positionChanged: null,
    debateLog: null,
    agreementMap: null,
    stoppedAtLimit: false,
  } as const;
  const names = agentNamesByOrder([
    { order: 0, agent: { name: 'ChatGPT' } as never },
    { order: 1, agent: { name: 'Claude' } as never },
  ]);
  const shows = { showReasoning: true, showDebate: false };

  it("names a member by its agent's display name, the consensus by none", () => {
    expect(toSharedResponse(row, shows, names).agentName).toBe('Claude');
    expect(
      toSharedResponse({ ...row, provider: 'consensus', memberOrder: null }, shows, names).agentName,
    ).toBeNull();
    // A member whose agent was not read is left to the page's fallback.
    expect(toSharedResponse({ ...row, memberOrder: 2 }, shows, names).agentName).toBeNull();
  });

  it('keeps reasoning and the debate log only when the question asked for them', () => {
    const logged = { ...row, debateLog: '### Round 1' };
    expect(toSharedResponse(logged, shows, names)).toMatchObject({ reasoning: 'Calmer.', debateLog: null });
    expect(toSharedResponse(logged, { showReasoning: false, showDebate: true }, names)).toMatchObject({
      reasoning: null,
      debateLog: '### Round 1',
    });
  });
});
