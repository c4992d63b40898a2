import { MODEL_INFO_LABELS } from '../screens/ask-screen.constants';
import { MODEL_FACT_UNKNOWN, consensusInfoOf, modelInfoOf } from './model-info';

const o3Mini = {
  name: 'o3-mini',
  version: '2025-01-31',
  contextWindow: 200_000,
  facts: {
    releaseDate: 'January 2025',
    architecture: 'Reasoning model',
    strengths: 'Maths',
    trainingApproach: 'Reinforcement learning on chains of thought',
  },
};

describe('model information (DECISIONS 19)', () => {
  it('describes the card’s own model from its catalogue facts', () => {
    expect(modelInfoOf('openai', o3Mini)).toEqual({
      model: 'o3-mini 2025-01-31',
      developer: 'OpenAI',
      releaseDate: 'January 2025',
      contextWindow: '200,000 tokens',
      architecture: 'Reasoning model',
      keyStrengths: 'Maths',
      trainingApproach: 'Reinforcement learning on chains of thought',
    });
  });

  it('says what it does not know instead of borrowing another model’s facts', () => {
    const info = modelInfoOf('xai', { name: 'grok-9', version: null, contextWindow: null, facts: null });
    expect(info.model).toBe('grok-9');
    expect(info.developer).toBe('xAI');
    expect(info.releaseDate).toBe(MODEL_FACT_UNKNOWN);
    expect(info.contextWindow).toBe(MODEL_FACT_UNKNOWN);
  });

  it('names the leader’s model in the consensus information', () => {
    const info = consensusInfoOf('openai', o3Mini);
    expect(info.developer).toBe('Council, written by o3-mini 2025-01-31 (OpenAI)');
    expect(info.contextWindow).toBe('200,000 tokens');
    expect(Object.keys(info).sort()).toEqual(Object.keys(MODEL_INFO_LABELS).sort());
  });
});
