import { plainToInstance } from 'class-transformer';
import { validate, type ValidationError } from 'class-validator';
import { TOKEN_CAP } from '../council/token-cap';
import { VALIDATION_MESSAGES as M } from '../messages/validation.messages';
import { AskQuestionDto, CouncilMemberDto, FollowUpDto } from './question.dto';

const member = (order: number, roleId?: number | null) => ({
  agentId: order + 1,
  modelId: order + 100,
  ...(roleId === undefined ? {} : { roleId }),
  order,
});
const council = (size: number) => Array.from({ length: size }, (_, order) => member(order));

function flatten(errors: ValidationError[]): string[] {
  return errors.flatMap((error) => [
    ...Object.values(error.constraints ?? {}),
    ...flatten(error.children ?? []),
  ]);
}

async function check(plain: object): Promise<{ dto: AskQuestionDto; messages: string[] }> {
  const dto = plainToInstance(AskQuestionDto, plain);
  const errors = await validate(dto, { whitelist: true, forbidNonWhitelisted: true });
  return { dto, messages: flatten(errors) };
}

/** A value that is not a number fails both @IsInt and @Min(1), which share one message. */
const distinct = (messages: string[]): string[] => [...new Set(messages)];

/** Ids that are not positive integer JSON numbers: numeric and UUID strings are refused, not converted. */
const badIds: unknown[] = ['7', '3f2504e0-4f89-41d3-9a0c-0305e82c3301', '', 1.5, 0, -2, true, [7], {}];

describe('AskQuestionDto', () => {
  it('accepts a bare question and defaults both flags to false', async () => {
    const { dto, messages } = await check({ question: 'Why is the sky blue?' });
    expect(messages).toEqual([]);
    expect(dto.showDebate).toBe(false);
    expect(dto.showReasoning).toBe(false);
    expect(dto.agents).toBeUndefined();
  });

  it('treats explicitly undefined flags as false', async () => {
    const { dto, messages } = await check({ question: 'q', showDebate: undefined, showReasoning: undefined });
    expect(messages).toEqual([]);
    expect(dto.showDebate).toBe(false);
  });

  it('trims the question and rejects a blank one with the spec’s message', async () => {
    expect((await check({ question: '  hi  ' })).dto.question).toBe('hi');
    expect((await check({ question: '   ' })).messages).toEqual(['Question is required']);
    expect((await check({})).messages).toEqual(['Question is required']);
    expect((await check({ question: null })).messages).toEqual(['Question is required']);
  });

  it('caps the question at 8000 characters', async () => {
    expect((await check({ question: 'x'.repeat(8000) })).messages).toEqual([]);
    expect((await check({ question: 'x'.repeat(8001) })).messages).toEqual([
      'Question cannot exceed 8000 characters',
    ]);
  });

  it('accepts a full submission with nested members', async () => {
    const { dto, messages } = await check({
      question: 'q',
      showDebate: true,
      showReasoning: true,
      debateLeaderId: 1,
      agents: [member(0, 500), member(1, null), member(2)],
    });
    expect(messages).toEqual([]);
    expect(dto.agents?.[0]).toBeInstanceOf(CouncilMemberDto);
    expect(dto.agents?.[0]).toMatchObject({ agentId: 1, modelId: 100, roleId: 500, order: 0 });
    expect(dto.debateLeaderId).toBe(1);
  });

  it('accepts an empty council (the default one) and 3 to 10 members', async () => {
    expect((await check({ question: 'q', agents: [] })).messages).toEqual([]);
    expect((await check({ question: 'q', agents: council(3) })).messages).toEqual([]);
    expect((await check({ question: 'q', agents: council(10) })).messages).toEqual([]);
  });

  it('rejects councils below 3 or above 10 with the spec’s texts', async () => {
    expect((await check({ question: 'q', agents: council(2) })).messages).toEqual([
      'At least 3 agents are required',
    ]);
    const tooMany = [...council(10), { ...member(0), order: 9 }];
    expect((await check({ question: 'q', agents: tooMany })).messages).toContain(
      'You can only add up to 10 agents with your current subscription',
    );
  });

  it('rejects duplicate member orders', async () => {
    const agents = [member(0), member(1), { ...member(2), order: 1 }];
    expect((await check({ question: 'q', agents })).messages).toEqual([
      'Each council member needs a different order',
    ]);
  });

  it('validates each member', async () => {
    const agents = [member(0), member(1), { agentId: '7', modelId: 3, order: 1.5 }];
    const { messages } = await check({ question: 'q', agents });
    expect(messages).toContain('Please choose an agent, a model and optionally a role from the list');
    expect(messages).toContain('order must be an integer number');
  });

  it('rejects non-boolean flags and a malformed leader', async () => {
    const { messages } = await check({ question: 'q', showDebate: 'yes', debateLeaderId: '3' });
    expect(distinct(messages).sort()).toEqual([
      'Please choose the debate leader from the council',
      'showDebate must be a boolean value',
    ]);
  });

  it('accepts a null or absent leader', async () => {
    expect((await check({ question: 'q', debateLeaderId: null })).messages).toEqual([]);
    expect((await check({ question: 'q' })).dto.debateLeaderId).toBeUndefined();
  });

  it.each(badIds)('rejects the leader id %p: ids are positive integers', async (debateLeaderId) => {
    const { dto, messages } = await check({ question: 'q', debateLeaderId });
    expect(distinct(messages)).toEqual(['Please choose the debate leader from the council']);
    expect(dto.debateLeaderId).toEqual(debateLeaderId); // left as sent, never coerced to a number
  });

  it.each(badIds)('rejects a member id %p in any of the three id fields', async (bad) => {
    for (const field of ['agentId', 'modelId', 'roleId']) {
      const agents = [member(0), member(1), { ...member(2), [field]: bad }];
      expect(distinct((await check({ question: 'q', agents })).messages)).toEqual([
        'Please choose an agent, a model and optionally a role from the list',
      ]);
    }
  });

  it('takes an optional token cap: a whole number of tokens within TOKEN_CAP', async () => {
    for (const tokenCap of [undefined, null, TOKEN_CAP.min, 2500, TOKEN_CAP.max]) {
      expect((await check({ question: 'Q', tokenCap })).messages).toEqual([]);
    }
    for (const tokenCap of [
      TOKEN_CAP.min - 1,
      0,
      -5,
      1500.5,
      '2000',
      TOKEN_CAP.max + 1,
      true,
      [],
      {},
      1e308,
    ]) {
      expect(distinct((await check({ question: 'Q', tokenCap })).messages)).toEqual([M.tokenCapInvalid]);
    }
  });

  it('refuses unknown fields, top-level and nested', async () => {
    const { messages } = await check({
      question: 'q',
      userId: 9,
      agents: [...council(2), { ...member(2), x: 1 }],
    });
    expect(messages).toEqual(['property userId should not exist', 'property x should not exist']);
  });
});

describe('CouncilMemberDto', () => {
  async function memberMessages(plain: object): Promise<string[]> {
    const errors = await validate(plainToInstance(CouncilMemberDto, plain), {
      whitelist: true,
      forbidNonWhitelisted: true,
    });
    return distinct(flatten(errors));
  }

  it('takes integer ids ≥ 1, a role that may be null or absent, and an order ≥ 0', async () => {
    expect(await memberMessages({ agentId: 1, modelId: 2, roleId: 3, order: 0 })).toEqual([]);
    expect(await memberMessages({ agentId: 1, modelId: 2, roleId: null, order: 9 })).toEqual([]);
    expect(await memberMessages({ agentId: 1, modelId: 2, order: 0 })).toEqual([]);
  });

  it.each(badIds)('rejects %p as an id with the member message', async (bad) => {
    for (const field of ['agentId', 'modelId', 'roleId']) {
      expect(await memberMessages({ agentId: 1, modelId: 2, order: 0, [field]: bad })).toEqual([
        'Please choose an agent, a model and optionally a role from the list',
      ]);
    }
  });

  it('requires the agent and the model', async () => {
    expect(await memberMessages({ order: 0 })).toEqual([
      'Please choose an agent, a model and optionally a role from the list',
    ]);
  });
});

describe('FollowUpDto', () => {
  it('takes what a turn chooses again and refuses a council of its own', async () => {
    const ok = plainToInstance(FollowUpDto, { question: ' More? ', showDebate: true, tokenCap: 500 });
    expect(await validate(ok, { whitelist: true, forbidNonWhitelisted: true })).toEqual([]);
    expect(ok.question).toBe('More?');
    const council = plainToInstance(FollowUpDto, { question: 'More?', agents: [], debateLeaderId: 3 });
    const errors = await validate(council, { whitelist: true, forbidNonWhitelisted: true });
    expect(errors.map((error) => error.property).sort()).toEqual(['agents', 'debateLeaderId']);
  });
});
