import { cutAtWord } from '@council/contracts';
import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useToastStore } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { questionDetailFixture } from '@/testing/history.fixture';
import { errorResponse, mockApi, sentBody } from '@/testing/mock-api';
import { jsonResponse } from '@/testing/mock-fetch';
import { questionKeys } from '../api/question-keys';
import { ShareButton } from './share-button';
import { type ShareTarget } from './share-dialog';

const lastToast = () => useToastStore.getState().toasts[0];

const LONG_QUESTION = `${'Why is the sky blue? '.repeat(12)}End.`;

function target(overrides: Partial<ShareTarget> = {}): ShareTarget {
  return {
    id: 42,
    question: LONG_QUESTION,
    isShared: false,
    shareId: null,
    shareTitle: null,
    shareDescription: null,
    shareExpiresAt: null,
    ...overrides,
  };
}

function renderShare(question: ShareTarget) {
  const queryClient = createQueryClient();
  queryClient.setQueryData(questionKeys.detail(42), questionDetailFixture({ question: question.question }));
  render(
    <QueryClientProvider client={queryClient}>
      <ShareButton question={question} />
    </QueryClientProvider>,
  );
  return { queryClient, events: userEvent.setup() };
}

const reply = {
  shareUrl: 'http://localhost:3000/shared/s3cr3t',
  shareId: 's3cr3t',
  shareTitle: 'Sky',
  shareDescription: 'Why it is blue',
  shareExpiresAt: '2027-03-12T10:00:00.000Z',
};

beforeEach(() => {
  useToastStore.setState({ toasts: [] });
});

describe('Share dialog (spec §2, §5, §8)', () => {
  it('pre-fills the title and description with the question in at most 100 and 200 characters', async () => {
    mockApi();
    const { events } = renderShare(target());

    await events.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog', { name: 'Share this question' });
    const title = cutAtWord(LONG_QUESTION, 100);
    expect(title).toBe(`${'Why is the sky blue? '.repeat(4)}Why is the sky…`);
    expect(within(dialog).getByLabelText('Title (optional)')).toHaveValue(title);
    expect(within(dialog).getByLabelText('Description (optional)')).toHaveValue(
      cutAtWord(LONG_QUESTION, 200),
    );
    expect(within(dialog).getByRole('radio', { name: 'Never' })).toBeChecked();
    expect(
      within(dialog)
        .getAllByRole('radio')
        .map((radio) => radio.getAttribute('value')),
    ).toEqual(['1d', '7d', '30d', 'never']);
    expect(within(dialog).queryByRole('button', { name: 'Revoke link' })).not.toBeInTheDocument();
  });

  it('pre-fills the saved title and description of a shared question, and offers Revoke', async () => {
    const fetchMock = mockApi({ '/api/questions/42/share': () => jsonResponse({ ok: true }) });
    const { events, queryClient } = renderShare(
      target({ isShared: true, shareId: 'abc', shareTitle: 'Saved title', shareDescription: 'Saved text' }),
    );

    await events.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByLabelText('Title (optional)')).toHaveValue('Saved title');
    expect(within(dialog).getByLabelText('Description (optional)')).toHaveValue('Saved text');
    expect(within(dialog).getByLabelText('Share link')).toHaveValue('http://localhost:3000/shared/abc');
    expect(within(dialog).getByRole('button', { name: 'Update link' })).toBeInTheDocument();

    await events.click(within(dialog).getByRole('button', { name: 'Revoke link' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/questions/42/share',
      expect.objectContaining({ method: 'DELETE' }),
    );
    expect(lastToast()).toMatchObject({
      title: 'Share link revoked',
      description: 'The old link no longer works.',
    });
    expect(queryClient.getQueryData(questionKeys.detail(42))).toMatchObject({
      question: { isShared: false, shareId: null },
    });
  });

  it('creates the link, shows it read-only with Copy and Done, and copies it', async () => {
    const fetchMock = mockApi({ '/api/questions/42/share': () => jsonResponse(reply, 201) });
    const { events, queryClient } = renderShare(target({ question: 'Why is the sky blue?' }));
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');

    await events.click(screen.getByRole('button', { name: 'Share' }));
    const dialog = await screen.findByRole('dialog');
    const title = within(dialog).getByLabelText('Title (optional)');
    await events.clear(title);
    await events.type(title, 'Sky');
    await events.click(within(dialog).getByRole('radio', { name: '7 days' }));
    await events.click(within(dialog).getByRole('button', { name: 'Create link' }));

    const link = await within(dialog).findByLabelText('Share link');
    expect(link).toHaveValue('http://localhost:3000/shared/s3cr3t');
    expect(link).toHaveAttribute('readonly');
    expect(within(dialog).getByText('The link works until 12 March 2027.')).toBeInTheDocument();
    expect(sentBody(fetchMock, '/api/questions/42/share')).toEqual({
      title: 'Sky',
      description: 'Why is the sky blue?',
      expiry: '7d',
    });
    expect(lastToast()).toMatchObject({
      title: 'Question shared successfully',
      description: 'Anyone with the link can now view this question and answers.',
    });
    expect(queryClient.getQueryData(questionKeys.detail(42))).toMatchObject({
      question: { isShared: true, shareId: 's3cr3t' },
    });

    await events.click(within(dialog).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith('http://localhost:3000/shared/s3cr3t');
    await waitFor(() => expect(lastToast()).toMatchObject({ title: 'Link copied' }));

    await events.click(within(dialog).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says "Failed to copy" when the clipboard refuses', async () => {
    mockApi({ '/api/questions/42/share': () => jsonResponse(reply, 201) });
    const { events } = renderShare(target());
    vi.spyOn(navigator.clipboard, 'writeText').mockRejectedValue(new Error('denied'));

    await events.click(screen.getByRole('button', { name: 'Share' }));
    await events.click(await screen.findByRole('button', { name: 'Create link' }));
    await events.click(await screen.findByRole('button', { name: 'Copy' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Failed to copy',
        description: 'Please copy the link manually',
        variant: 'destructive',
      }),
    );
  });

  it('shows "Error sharing question" with the message and keeps the form', async () => {
    mockApi({
      '/api/questions/42/share': () => errorResponse(404, 'NOT_FOUND', 'Question not found'),
    });
    const { events } = renderShare(target());

    await events.click(screen.getByRole('button', { name: 'Share' }));
    await events.click(await screen.findByRole('button', { name: 'Create link' }));

    await waitFor(() =>
      expect(lastToast()).toMatchObject({
        title: 'Error sharing question',
        description: 'Question not found',
        variant: 'destructive',
      }),
    );
    expect(screen.getByRole('button', { name: 'Create link' })).toBeEnabled();
  });
});
