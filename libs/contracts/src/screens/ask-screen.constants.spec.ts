import { CONSENSUS_PROVIDER, PROVIDERS } from '../domain/domain.constants';
import {
  ASK_API_PATHS,
  MODEL_INFO,
  MODEL_INFO_LABELS,
  RESPONSE_STATE_LABELS,
  RESPONSE_STATES,
  TRIAL_BANNER,
} from './ask-screen.constants';

describe('ask screen texts', () => {
  it('has the full model information for every provider and the consensus', () => {
    for (const provider of [...PROVIDERS, CONSENSUS_PROVIDER]) {
      for (const key of Object.keys(MODEL_INFO_LABELS) as (keyof typeof MODEL_INFO_LABELS)[]) {
        expect(MODEL_INFO[provider][key].trim()).not.toBe('');
      }
    }
  });

  it('labels every card state', () => {
    expect(Object.keys(RESPONSE_STATE_LABELS).sort()).toEqual([...RESPONSE_STATES].sort());
  });

  it('builds the question call paths', () => {
    expect(ASK_API_PATHS.cancel(7)).toBe('/api/questions/7/cancel');
    expect(ASK_API_PATHS.retry(7, 9)).toBe('/api/questions/7/responses/9/retry');
  });

  it('counts the trial out of 5', () => {
    expect(TRIAL_BANNER.queriesLeft(1)).toBe('1 of 5 free queries left');
  });
});
