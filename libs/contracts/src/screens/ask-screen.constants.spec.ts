import { ASK_API_PATHS, RESPONSE_STATE_LABELS, RESPONSE_STATES, TRIAL_BANNER } from './ask-screen.constants';

describe('ask screen texts', () => {
  it('labels every card state', () => {
    expect(Object.keys(RESPONSE_STATE_LABELS).sort()).toEqual([...RESPONSE_STATES].sort());
  });

  it('builds the question call paths', () => {
    expect(ASK_API_PATHS.cancel(7)).toBe('/api/questions/7/cancel');
    expect(ASK_API_PATHS.retry(7, 9)).toBe('/api/questions/7/responses/9/retry');
    expect(ASK_API_PATHS.notes(7)).toBe('/api/questions/7/notes');
    expect(ASK_API_PATHS.continue(7)).toBe('/api/questions/7/continue');
  });

  it('counts the trial out of 5', () => {
    expect(TRIAL_BANNER.queriesLeft(1)).toBe('1 of 5 free queries left');
  });
});
