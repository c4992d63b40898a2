import { type HistoryConversation } from '@council/contracts';
import { describe, expect, it } from 'vitest';
import { historyItemFixture } from '@/testing/history.fixture';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { getHistoryPage, historyPath } from './get-history';

const asked = '2026-04-01T09:00:00.000Z';

describe('getHistoryPage (docs/decisions.md, "25. Follow-ups")', () => {
  it('reads one conversation per item, with its follow-up count and latest turn as sent', async () => {
    const conversation: HistoryConversation = {
      ...historyItemFixture({ id: 42, createdAt: asked }),
      followUps: 2,
      lastTurnAt: '2026-04-06T09:00:00.500Z',
      lastTurnStatus: 'running',
    };
    const fetchMock = mockFetch(() => jsonResponse({ items: [conversation], nextCursor: 'c1' }));

    const page = await getHistoryPage({ search: 'monolith', cursor: null });

    expect(page).toEqual({ items: [conversation], nextCursor: 'c1' });
    expect(fetchMock).toHaveBeenCalledWith(
      historyPath({ search: 'monolith', cursor: null }),
      expect.anything(),
    );
  });

  it('reads an item without the conversation fields (a bare list, spec §7) as a conversation of one turn', async () => {
    const item = historyItemFixture({ id: 41, createdAt: asked, status: 'cancelled' });
    mockFetch(() => jsonResponse([item]));

    const page = await getHistoryPage({ search: '', cursor: null });

    expect(page).toEqual({
      items: [{ ...item, followUps: 0, lastTurnAt: asked, lastTurnStatus: 'cancelled' }],
      nextCursor: null,
    });
  });
});
