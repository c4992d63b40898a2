import { type AgentResponse } from '@council/contracts';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { agentsFixture, modelsFixture, rolesFixture } from '@/testing/ask.fixture';
import { mockApi } from '@/testing/mock-api';
import { jsonResponse } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';

const withFacts = modelsFixture.map((model) => ({
  ...model,
  contextWindow: 200_000,
  facts: {
    releaseDate: `Spring of ${model.name}`,
    architecture: 'Transformer',
    strengths: 'Answers',
    trainingApproach: 'Pre-training',
  },
}));

const geminiAgent: AgentResponse = {
  id: 6,
  name: 'Gemini Pro',
  provider: 'gemini',
  providerName: 'Google Gemini',
  description: null,
  logoUrl: null,
};

function openCompany(catalogueAnswers = true, agents: AgentResponse[] = agentsFixture) {
  mockApi(
    catalogueAnswers
      ? {
          '/api/agents': () => jsonResponse(agents),
          '/api/models': () => jsonResponse(withFacts),
          '/api/roles': () => jsonResponse(rolesFixture),
        }
      : {},
    null,
  );
  return renderApp('/company');
}

describe('CompanyPage', () => {
  it('profiles the three providers’ assistants with strengths and limitations', async () => {
    openCompany();
    await screen.findByRole('article', { name: 'ChatGPT' });
    for (const assistant of ['ChatGPT', 'Claude', 'Grok']) {
      const profile = within(screen.getByRole('article', { name: assistant }));
      expect(profile.getByRole('heading', { name: 'Strengths' })).toBeInTheDocument();
      expect(profile.getByRole('heading', { name: 'Limitations' })).toBeInTheDocument();
      expect(profile.getAllByRole('listitem').length).toBeGreaterThanOrEqual(6);
    }
  });

  it('shows each provider’s default model with the catalogue’s own facts, as the cards do', async () => {
    openCompany();
    const chatgpt = within(await screen.findByRole('article', { name: 'ChatGPT' }));
    const defaultModel = withFacts.find((model) => model.agentId === agentsFixture[0]?.id);
    expect(await chatgpt.findByText(`Released Spring of ${defaultModel?.name}`)).toBeInTheDocument();
    expect(chatgpt.getByText('200,000 tokens context')).toBeInTheDocument();
  });

  it('presents Llama, Gemini and Mistral as coming soon, and the mission and values', async () => {
    openCompany(false);
    const comingSoon = within(await screen.findByRole('region', { name: 'Coming soon' }));
    expect(comingSoon.getAllByRole('heading', { level: 3 }).map((heading) => heading.textContent)).toEqual([
      'Llama',
      'Gemini',
      'Mistral',
    ]);
    expect(comingSoon.getAllByText('Coming soon', { selector: 'span' })).toHaveLength(3);
    expect(screen.getByRole('heading', { level: 2, name: 'Our mission' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'What we value' })).toBeInTheDocument();
  });

  it('keeps every model coming soon when the catalogue lists none of their providers', async () => {
    openCompany();
    // The default model's facts show once the catalogue has answered.
    const chatgpt = within(await screen.findByRole('article', { name: 'ChatGPT' }));
    expect(await chatgpt.findByText(/^Released /)).toBeInTheDocument();
    const comingSoon = within(screen.getByRole('region', { name: 'Coming soon' }));
    expect(comingSoon.getAllByText('Coming soon', { selector: 'span' })).toHaveLength(3);
    expect(comingSoon.queryByText('Available')).not.toBeInTheDocument();
  });

  it('marks Gemini available once the catalogue lists a Gemini agent, and the others coming soon', async () => {
    openCompany(true, [...agentsFixture, geminiAgent]);
    const models = within(await screen.findByRole('region', { name: 'More models' }));
    const card = (name: string) => {
      const item = models.getByRole('heading', { level: 3, name }).closest('li');
      if (!item) throw new Error(`no card for ${name}`);
      return within(item);
    };
    expect(card('Gemini').getByText('Available', { selector: 'span' })).toBeInTheDocument();
    expect(card('Gemini').getByText(/seat it on your council/)).toBeInTheDocument();
    expect(card('Gemini').queryByText('Coming soon')).not.toBeInTheDocument();
    for (const name of ['Llama', 'Mistral']) {
      expect(card(name).getByText('Coming soon', { selector: 'span' })).toBeInTheDocument();
      expect(card(name).queryByText('Available')).not.toBeInTheDocument();
    }
  });

  it('says who answers today: only live members, and the same model in a role when one agent must fill the seats', async () => {
    // Only Claude's provider is live; the others answer from the demo script.
    const agents = agentsFixture
      .filter((agent) => agent.id !== 5)
      .map((agent) => ({ ...agent, demo: agent.provider !== 'anthropic' }));
    openCompany(true, agents);
    const council = await screen.findByRole('region', { name: 'Who answers on this Council today' });
    const seats = within(council).getAllByRole('listitem');
    expect(seats.map((seat) => seat.textContent)).toEqual([
      'Claude (Claude Sonnet 3.5)Answers with its model',
      'Claude (Claude Opus 3)Answers with its model',
      'Claude (Claude Sonnet 3.5) as ScepticAnswers with its model',
    ]);
  });
});
