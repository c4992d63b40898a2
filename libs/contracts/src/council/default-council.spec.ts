import fc from 'fast-check';
import { DEMO_EXAMPLE_QUESTIONS } from '../demo/demo.texts';
import { type DefaultCouncilAgent, defaultCouncil } from './default-council';
import { memberAnswerKind, nobodyCanAnswer } from './member-answer';

const agent = (id: number, provider: string, demo = false): DefaultCouncilAgent => ({ id, provider, demo });
const modelsOf = (agentId: number, count = 1) =>
  Array.from({ length: count }, (_, index) => ({ id: agentId * 100 + index, agentId }));

describe('defaultCouncil', () => {
  it('seats the first agent of each live provider, built-in providers first', () => {
    const agents = [agent(1, 'local'), agent(2, 'openai'), agent(3, 'openai'), agent(4, 'anthropic')];
    const models = agents.flatMap((candidate) => modelsOf(candidate.id));
    expect(defaultCouncil({ agents, models })).toEqual([
      { agentId: 2, modelId: 200, roleId: null, order: 0 },
      { agentId: 4, modelId: 400, roleId: null, order: 1 },
      { agentId: 1, modelId: 100, roleId: null, order: 2 },
    ]);
  });

  it('leaves demo members out while any provider is live', () => {
    const agents = [agent(1, 'openai', true), agent(2, 'anthropic', true), agent(3, 'xai'), agent(4, 'xai')];
    const models = agents.flatMap((candidate) => modelsOf(candidate.id));
    expect(defaultCouncil({ agents, models }).map((seat) => seat.agentId)).toEqual([3, 4, 3]);
  });

  it('seats demo members only when no provider is live', () => {
    const agents = [agent(1, 'openai', true), agent(2, 'anthropic', true), agent(3, 'xai', true)];
    const models = agents.flatMap((candidate) => modelsOf(candidate.id));
    expect(defaultCouncil({ agents, models }).map((seat) => seat.agentId)).toEqual([1, 2, 3]);
  });

  it('fills with the next models of one live agent, then the same model in different roles', () => {
    const agents = [agent(1, 'openai', true), agent(7, 'local')];
    const twoModels = [...modelsOf(1), ...modelsOf(7, 2)];
    expect(defaultCouncil({ agents, models: twoModels, roles: [{ id: 50 }, { id: 51 }] })).toEqual([
      { agentId: 7, modelId: 700, roleId: null, order: 0 },
      { agentId: 7, modelId: 701, roleId: null, order: 1 },
      { agentId: 7, modelId: 700, roleId: 50, order: 2 },
    ]);
    const oneModel = [...modelsOf(1), ...modelsOf(7)];
    expect(defaultCouncil({ agents, models: oneModel, roles: [{ id: 50 }, { id: 51 }] })).toEqual([
      { agentId: 7, modelId: 700, roleId: null, order: 0 },
      { agentId: 7, modelId: 700, roleId: 50, order: 1 },
      { agentId: 7, modelId: 700, roleId: 51, order: 2 },
    ]);
  });

  it('skips agents without a model, and seats nobody from an empty catalogue', () => {
    expect(defaultCouncil({ agents: [agent(1, 'openai')], models: [] })).toEqual([]);
    expect(defaultCouncil({ agents: [], models: [] })).toEqual([]);
  });

  it('fills every seat when anything is seatable, never a demo member beside a live one, and numbers seats from 0', () => {
    const providers = ['openai', 'anthropic', 'xai', 'local', 'gemini'];
    fc.assert(
      fc.property(
        fc.array(
          fc.record({ provider: fc.constantFrom(...providers), demo: fc.boolean(), models: fc.nat(3) }),
          {
            maxLength: 8,
          },
        ),
        fc.nat(4),
        (specs, roles) => {
          const agents = specs.map((spec, index) => agent(index + 1, spec.provider, spec.demo));
          const models = specs.flatMap((spec, index) => modelsOf(index + 1, spec.models));
          const seats = defaultCouncil({
            agents,
            models,
            roles: Array.from({ length: roles }, (_, id) => ({ id })),
          });
          const seatable = models.length > 0;
          expect(seats).toHaveLength(seatable ? 3 : 0);
          expect(seats.map((seat) => seat.order)).toEqual(seats.map((_, index) => index));
          const seated = seats.map((seat) => agents.find((candidate) => candidate.id === seat.agentId)!);
          const anyLive = agents.some(
            (candidate) => !candidate.demo && models.some((model) => model.agentId === candidate.id),
          );
          if (anyLive) expect(seated.every((candidate) => !candidate.demo)).toBe(true);
          for (const seat of seats) {
            expect(models.some((model) => model.id === seat.modelId && model.agentId === seat.agentId)).toBe(
              true,
            );
          }
        },
      ),
    );
  });
});

describe('memberAnswerKind', () => {
  it('tells live members, scripted examples and cards apart', () => {
    expect(memberAnswerKind(false, 'anything')).toBe('live');
    expect(memberAnswerKind(true, DEMO_EXAMPLE_QUESTIONS[1])).toBe('example');
    expect(memberAnswerKind(true, 'How do I bake sourdough?')).toBe('no-model');
    expect(nobodyCanAnswer(['no-model', 'no-model'])).toBe(true);
    expect(nobodyCanAnswer(['no-model', 'live'])).toBe(false);
    expect(nobodyCanAnswer([])).toBe(false);
  });
});
