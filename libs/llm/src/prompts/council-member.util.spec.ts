import { memberLabel } from './council-member.util';

describe('memberLabel', () => {
  it('names a member by its agent and model', () => {
    expect(memberLabel({ order: 0, agent: { name: 'Claude' }, model: { name: 'Claude Sonnet 4' } })).toBe(
      'Claude (Claude Sonnet 4)',
    );
  });

  it('names a member without an agent by its 1-based place', () => {
    expect(memberLabel({ order: 2, model: { name: 'GPT-4o' } })).toBe('Member 3 (GPT-4o)');
    expect(memberLabel({ order: 1, agent: null, model: null })).toBe('Member 2');
  });

  it('leaves the model out when it is not loaded', () => {
    expect(memberLabel({ order: 0, agent: { name: 'Grok' } })).toBe('Grok');
  });
});
