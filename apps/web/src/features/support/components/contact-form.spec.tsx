import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { useToastStore } from '@/components/ui/use-toast';
import { createQueryClient } from '@/lib/query-client';
import { jsonResponse, mockFetch } from '@/testing/mock-fetch';
import { ContactForm } from './contact-form';

function renderForm() {
  render(
    <AppProviders queryClient={createQueryClient()}>
      <ContactForm />
    </AppProviders>,
  );
  return userEvent.setup();
}

async function fillIn(user: ReturnType<typeof userEvent.setup>, email = 'ada@example.com') {
  await user.type(screen.getByLabelText('Name'), '  Ada Lovelace ');
  await user.type(screen.getByLabelText('Email'), email);
  await user.type(screen.getByLabelText('Subject'), 'Billing question');
  await user.type(screen.getByLabelText('Message'), 'When does my allowance refresh?');
}

const submit = (user: ReturnType<typeof userEvent.setup>) =>
  user.click(screen.getByRole('button', { name: 'Send message' }));

const shownToast = () => useToastStore.getState().toasts[0];

describe('ContactForm', () => {
  beforeEach(() => {
    useToastStore.setState({ toasts: [] });
  });

  it('shows each field’s message from ContactDto and sends nothing while invalid', async () => {
    const fetchMock = mockFetch(() => jsonResponse({}));
    const user = renderForm();

    await submit(user);

    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Subject is required')).toBeInTheDocument();
    expect(screen.getByText('Message is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('Name')).toHaveAccessibleDescription('Name is required');
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('rejects a malformed email address', async () => {
    const fetchMock = mockFetch(() => jsonResponse({}));
    const user = renderForm();

    await fillIn(user, 'ada@');
    await submit(user);

    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.queryByText('Name is required')).not.toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('posts the trimmed message, shows the success toast and clears the form', async () => {
    const fetchMock = mockFetch(() => jsonResponse({ ok: true, message: 'Sent' }, 201));
    const user = renderForm();

    await fillIn(user);
    await submit(user);

    expect(await screen.findByText('Message sent')).toBeInTheDocument();
    expect(shownToast()).toMatchObject({ title: 'Message sent', variant: 'default' });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/support/contact');
    expect(init?.method).toBe('POST');
    expect(JSON.parse(String(init?.body))).toEqual({
      name: 'Ada Lovelace',
      email: 'ada@example.com',
      subject: 'Billing question',
      message: 'When does my allowance refresh?',
    });
    await waitFor(() => expect(screen.getByLabelText('Name')).toHaveValue(''));
    expect(screen.getByLabelText('Message')).toHaveValue('');
  });

  it('disables the button while sending', async () => {
    let answer: (response: Response) => void = () => undefined;
    mockFetch(() => new Promise<Response>((resolve) => (answer = resolve)));
    const user = renderForm();

    await fillIn(user);
    await submit(user);

    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    answer(jsonResponse({ ok: true, message: 'Sent' }, 201));
    expect(await screen.findByRole('button', { name: 'Send message' })).toBeEnabled();
  });

  it('tells a visitor who sent too many messages to wait, and keeps the text', async () => {
    mockFetch(() =>
      jsonResponse({ statusCode: 429, code: 'RATE_LIMITED', message: 'Too many attempts.' }, 429),
    );
    const user = renderForm();

    await fillIn(user);
    await submit(user);

    expect(await screen.findByText(/You've sent several messages in a short time/)).toBeInTheDocument();
    expect(shownToast()).toMatchObject({ title: 'Message not sent', variant: 'destructive' });
    expect(screen.getByLabelText('Message')).toHaveValue('When does my allowance refresh?');
  });

  it('shows the server’s own message when it rejects the fields', async () => {
    mockFetch(() =>
      jsonResponse(
        { statusCode: 400, code: 'VALIDATION_FAILED', message: 'Subject cannot exceed 200 characters' },
        400,
      ),
    );
    const user = renderForm();

    await fillIn(user);
    await submit(user);

    expect(await screen.findByText('Subject cannot exceed 200 characters')).toBeInTheDocument();
    expect(shownToast()).toMatchObject({ variant: 'destructive' });
  });

  it('falls back to a general error toast when the network fails', async () => {
    mockFetch(() => Promise.reject(new TypeError('Failed to fetch')));
    const user = renderForm();

    await fillIn(user);
    await submit(user);

    expect(
      await screen.findByText(
        'Something went wrong while sending your message. Please try again in a moment.',
      ),
    ).toBeInTheDocument();
    expect(shownToast()).toMatchObject({ title: 'Message not sent', variant: 'destructive' });
  });
});
