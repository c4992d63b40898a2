import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { AppProviders } from '@/app/providers';
import { createQueryClient } from '@/lib/query-client';
import { agentsFixture } from '@/testing/ask.fixture';
import { mockApi } from '@/testing/mock-api';
import { jsonResponse } from '@/testing/mock-fetch';
import { FAQ_ITEMS } from '../content/faq';
import { SupportPage } from './support-page';

function renderSupportPage() {
  return render(
    <AppProviders queryClient={createQueryClient()}>
      <MemoryRouter initialEntries={['/support']}>
        <SupportPage />
      </MemoryRouter>
    </AppProviders>,
  );
}

const helpCenter = () => within(screen.getByRole('region', { name: 'Help Center' }));
const questions = () =>
  helpCenter()
    .queryAllByRole('button', { expanded: false })
    .concat(helpCenter().queryAllByRole('button', { expanded: true }))
    .map((button) => button.textContent);

describe('Support page help centre', () => {
  beforeEach(() => {
    renderSupportPage();
  });

  it('has the three sections the footer links to', () => {
    expect(document.getElementById('documentation')).toHaveAccessibleName('Documentation');
    expect(document.getElementById('help-center')).toHaveAccessibleName('Help Center');
    expect(document.getElementById('contact')).toHaveAccessibleName('Contact us');
  });

  it('lists every question until you search', () => {
    expect(helpCenter().getByText(`${FAQ_ITEMS.length} questions`)).toBeInTheDocument();
    expect(questions()).toHaveLength(FAQ_ITEMS.length);
  });

  it('narrows the FAQ as you type, and says how many match', async () => {
    const user = userEvent.setup();
    await user.type(helpCenter().getByRole('searchbox', { name: 'Search the help centre' }), 'downgrade');

    expect(questions()).toEqual([expect.stringContaining('How do I cancel or downgrade my plan?')]);
    expect(
      helpCenter().getByText(`1 of ${FAQ_ITEMS.length} questions match “downgrade”`),
    ).toBeInTheDocument();
  });

  it('opens an answer; the free plan gives 5 queries in total (DECISIONS 5)', async () => {
    const user = userEvent.setup();
    await user.type(helpCenter().getByRole('searchbox'), 'free queries');
    await user.click(helpCenter().getByRole('button', { name: /How many free queries do I get\?/ }));

    expect(helpCenter().getByText(/The Free plan gives you 5 queries in total per account/)).toBeVisible();
  });

  it('offers a way back when nothing matches', async () => {
    const user = userEvent.setup();
    await user.type(helpCenter().getByRole('searchbox'), 'quantum teleportation');

    expect(questions()).toEqual([]);
    expect(helpCenter().getByText(/No questions match your search/)).toBeInTheDocument();
    expect(helpCenter().getByRole('link', { name: 'Contact us' })).toHaveAttribute('href', '#contact');

    await user.click(helpCenter().getByRole('button', { name: 'Show all questions' }));
    expect(questions()).toHaveLength(FAQ_ITEMS.length);
  });

  it('lets a documentation category open its questions', async () => {
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: /Browse \d+ questions\s*about Plans & billing/ }));

    const search = helpCenter().getByRole('searchbox');
    expect(search).toHaveValue('Plans & billing');
    expect(search).toHaveFocus();
    expect(questions()).toEqual(expect.arrayContaining([expect.stringContaining('Can I buy extra tokens?')]));
    expect(questions()).not.toEqual(expect.arrayContaining([expect.stringContaining('What are roles?')]));
  });
});

describe('Support page: which models', () => {
  async function openWhichModels() {
    renderSupportPage();
    const user = userEvent.setup();
    await user.click(helpCenter().getByRole('button', { name: /Which AI models can I use\?/ }));
  }

  it('says Llama, Gemini and Mistral are coming soon while the catalogue lists none of them', async () => {
    mockApi({ '/api/agents': () => jsonResponse(agentsFixture) });
    await openWhichModels();
    expect(helpCenter().getByText(/Llama, Gemini and Mistral are coming soon\./)).toBeVisible();
  });

  it('says Gemini is available once the catalogue lists a Gemini agent, and the others coming soon', async () => {
    mockApi({
      '/api/agents': () =>
        jsonResponse([
          ...agentsFixture,
          { id: 6, name: 'Gemini Pro', provider: 'gemini', description: null, logoUrl: null },
        ]),
    });
    await openWhichModels();
    expect(
      await helpCenter().findByText(/Gemini is available too\. Llama and Mistral are coming soon\./),
    ).toBeVisible();
  });
});
