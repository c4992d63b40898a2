// The information a card shows about its model (DECISIONS 19): the model's own facts from the
// catalogue, never another model's. The consensus describes synthesis by the leader's model.
import { type Provider } from '../domain/domain.constants';
import { type ModelResponse } from '../dto/catalogue.response';
import { type ModelInfo } from '../screens/ask-screen.constants';
import { providerLabel } from '../screens/history.constants';
import { modelLabel } from './model-label';

/** Shown for a fact the catalogue does not give. */
export const MODEL_FACT_UNKNOWN = 'Not stated';

/** "128,000 tokens", or MODEL_FACT_UNKNOWN. */
export function contextWindowLabel(tokens: number | null | undefined): string {
  return tokens ? `${tokens.toLocaleString('en-GB')} tokens` : MODEL_FACT_UNKNOWN;
}

type ModelSource = Pick<ModelResponse, 'name' | 'version' | 'contextWindow' | 'facts'>;

export function modelInfoOf(provider: Provider, model: ModelSource | null | undefined): ModelInfo {
  const facts = model?.facts ?? null;
  return {
    model: model ? modelLabel(model) : MODEL_FACT_UNKNOWN,
    developer: providerLabel(provider),
    releaseDate: facts?.releaseDate ?? MODEL_FACT_UNKNOWN,
    contextWindow: contextWindowLabel(model?.contextWindow),
    architecture: facts?.architecture ?? MODEL_FACT_UNKNOWN,
    keyStrengths: facts?.strengths ?? MODEL_FACT_UNKNOWN,
    trainingApproach: facts?.trainingApproach ?? MODEL_FACT_UNKNOWN,
  };
}

/** The consensus card: a synthesis written by the debate leader's model. */
export function consensusInfoOf(
  leaderProvider: Provider | null,
  leaderModel: ModelSource | null | undefined,
): ModelInfo {
  const leader = leaderModel ? modelLabel(leaderModel) : null;
  return {
    model: 'Council Consensus',
    developer:
      leader && leaderProvider
        ? `Council, written by ${leader} (${providerLabel(leaderProvider)})`
        : 'Council',
    releaseDate: 'Per question',
    contextWindow: contextWindowLabel(leaderModel?.contextWindow),
    architecture: 'Multi-agent debate, then a synthesis by the debate leader’s model',
    keyStrengths: 'Points of agreement, a balanced answer, minority views kept',
    trainingApproach: 'No training of its own: it combines the members’ revised answers',
  };
}
