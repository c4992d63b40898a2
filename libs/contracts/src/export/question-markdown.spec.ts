import { type QuestionAgentResponse, type ResponseRow } from '../dto/question.response';
import { type AgreementMapResult } from '../agreement/agreement-map';
import { TOKEN_CAP_TEXTS } from '../council/token-cap';
import { BALANCE_STOP_TEXTS } from '../quote/quote.hold';
import {
  type QuestionExportTurn,
  agreementStanceCell,
  conversationToMarkdown,
  questionExportFileName,
  questionToMarkdown,
} from './question-markdown';

const member = (
  order: number,
  agent: string,
  model: string,
  role: string | null = null,
): QuestionAgentResponse => ({
  id: order + 1,
  questionId: 7,
  agentId: order + 10,
  modelId: order + 20,
  roleId: role ? 1 : null,
  order,
  agent: { id: order + 10, name: agent, provider: 'openai', description: null, logoUrl: null },
  model: {
    id: order + 20,
    agentId: order + 10,
    name: model,
    version: null,
    description: null,
    capabilities: [],
    contextWindow: null,
    facts: null,
  },
  role: role ? { id: 1, name: role, description: '', category: null } : null,
});

const row = (fields: Partial<ResponseRow>): ResponseRow => ({
  id: 1,
  questionId: 7,
  provider: 'openai',
  memberOrder: 0,
  round: 0,
  agentId: null,
  modelId: null,
  roleId: null,
  status: 'completed',
  response: '',
  reasoning: null,
  debateLog: null,
  error: null,
  stoppedAtLimit: false,
  positionChanged: null,
  agreementMap: null,
  promptTokens: 0,
  completionTokens: 0,
  totalTokens: 0,
  createdAt: '2026-11-26T10:00:00.000Z',
  ...fields,
});

const detail = (
  answers: ResponseRow[],
  status: QuestionExportTurn['question']['status'] = 'completed',
  tokenCap: number | null = null,
): QuestionExportTurn => ({
  question: {
    tokenCap,
    id: 7,
    question: 'Should we ship on Friday?\n# Not a heading',
    showDebate: true,
    showReasoning: false,
    weighIn: false,
    pausedAfterRound: null,
    pauseEndsAt: null,
    debateLeaderId: 10,
    status,
    conversationId: null,
    threadOmittedTurns: 0,
    totalTokensUsed: 100,
    isShared: false,
    shareId: null,
    shareTitle: null,
    shareDescription: null,
    shareExpiresAt: null,
    createdAt: '2026-11-26T10:00:00.000Z',
    questionAgents: [member(1, 'Claude', 'claude-sonnet-4', 'Skeptic'), member(0, 'ChatGPT', 'gpt-4o')],
  },
  answers,
});

/** A question with some of its fields changed. */
const asked = (
  answers: ResponseRow[],
  fields: Partial<QuestionExportTurn['question']>,
): QuestionExportTurn => {
  const base = detail(answers);
  return { ...base, question: { ...base.question, ...fields } };
};

describe('questionToMarkdown', () => {
  it('writes the question, each member’s final answer verbatim, the consensus and the debate log', () => {
    const markdown = questionToMarkdown(
      detail([
        row({ memberOrder: 0, round: 0, response: 'Opening: **no**.' }),
        row({ memberOrder: 0, round: 1, response: 'Revised: ship on Monday.\n\n- tests first' }),
        row({ memberOrder: 1, round: 0, response: 'Never on a Friday.' }),
        row({ memberOrder: 1, round: 1, status: 'failed', error: 'Anthropic is overloaded.' }),
        row({
          memberOrder: null,
          provider: 'consensus',
          response: '## Agreed answer\n\nMonday.',
          debateLog: '### Round 1 — ChatGPT\n\nRevised.',
        }),
      ]),
    );
    expect(markdown).toBe(
      [
        '# Council question',
        '> Should we ship on Friday?\n> # Not a heading',
        'Asked on 2026-11-26, with debate.',
        'Tokens used: 100.',
        '## Final answers',
        '### ChatGPT (gpt-4o)',
        'Revised: ship on Monday.\n\n- tests first',
        '### Claude (claude-sonnet-4, Skeptic)',
        // Its revision failed: its last completed answer is its final one.
        'Never on a Friday.',
        '## Consensus',
        // Its own heading sits below the section's.
        '### Agreed answer\n\nMonday.',
        '## Debate log',
        '### Round 1 — ChatGPT\n\nRevised.',
      ].join('\n\n') + '\n',
    );
    expect(questionExportFileName(7)).toBe('council-question-7.md');
  });

  it('labels what the asker’s token cap cut, and says the consensus worked from what there was', () => {
    const markdown = questionToMarkdown(
      detail(
        [
          row({ memberOrder: 0, round: 0, response: 'Ship on Monday, because', stoppedAtLimit: true }),
          row({ memberOrder: 1, round: 0, response: 'Never on a Friday.' }),
          row({ memberOrder: 1, round: 1, status: 'failed', error: TOKEN_CAP_TEXTS.notStarted }),
          row({ memberOrder: null, provider: 'consensus', response: 'Monday.' }),
        ],
        'completed',
        1500,
      ),
    );
    expect(markdown).toContain(
      'Asked on 2026-11-26, with debate.\n\nStops at 1,500 tokens.\n\nTokens used: 100.',
    );
    expect(markdown).toContain('Ship on Monday, because\n\n_Stopped at your limit._\n\n### Claude');
    expect(markdown).toContain('Never on a Friday.\n\n## Consensus');
    expect(markdown).toContain(`Monday.\n\n_${TOKEN_CAP_TEXTS.consensusFromWhatThereIs}_`);
    expect(questionToMarkdown(detail([row({ memberOrder: 0, response: 'Full.' })]))).not.toContain('limit');
  });

  it('labels what the balance cut on a question without a cap (DECISIONS 26)', () => {
    const markdown = questionToMarkdown(
      detail([
        row({ memberOrder: 0, round: 0, response: 'Ship on Monday, because', stoppedAtLimit: true }),
        row({ memberOrder: 1, round: 0, response: 'Never on a Friday.' }),
        row({ memberOrder: null, provider: 'consensus', response: 'Monday.' }),
      ]),
    );
    expect(markdown).toContain('Ship on Monday, because\n\n_Stopped: your balance ran out._\n\n### Claude');
    expect(markdown).toContain(`Monday.\n\n_${BALANCE_STOP_TEXTS.consensusFromWhatThereIs}_`);
    expect(markdown).not.toContain('your limit');
  });

  it('says when a member has no answer, and when the question is still running', () => {
    const markdown = questionToMarkdown(
      detail([row({ memberOrder: 0, status: 'failed', error: 'OpenAI rejected the key.' })], 'running'),
    );
    expect(markdown).toContain('_The question was still running when this file was made._');
    expect(markdown).toContain('### ChatGPT (gpt-4o)\n\n_No answer: OpenAI rejected the key._');
    expect(markdown).toContain('### Claude (claude-sonnet-4, Skeptic)\n\n_No answer._');
    expect(markdown).not.toContain('## Consensus');
  });

  it('writes the agreement map as a table that reads back to the same claims and stances', () => {
    const map: AgreementMapResult = {
      status: 'mapped',
      claims: [
        {
          claim: 'Ship on Monday | not Friday',
          stances: [
            { memberOrder: 0, stance: 'supports', reason: null, changedInRound: 1 },
            { memberOrder: 1, stance: 'opposes', reason: 'Never ship\nthis week.', changedInRound: null },
          ],
        },
        {
          claim: 'Run the tests first.',
          stances: [
            { memberOrder: 0, stance: 'supports', reason: null, changedInRound: null },
            { memberOrder: 1, stance: 'silent', reason: null, changedInRound: null },
          ],
        },
      ],
    };
    const markdown = questionToMarkdown(
      detail([row({ memberOrder: null, provider: 'consensus', response: 'Monday.', agreementMap: map })]),
    );
    const section = markdown.split('## Agreement map\n\n')[1] ?? '';
    const [figure, table] = section.trim().split('\n\n');
    expect(figure).toBe('75% agreement · 1 of 2 claims unanimous');
    const rows = table.split('\n').map((line) =>
      line
        .slice(2, -2)
        .split(/ (?<!\\)\| /)
        .map((cell) => cell.replace(/\\\|/g, '|')),
    );
    expect(rows[0]).toEqual(['Claim', 'ChatGPT', 'Claude']);
    expect(rows.slice(2)).toEqual(
      map.claims.map((claim) => [
        claim.claim,
        ...claim.stances.map((stance) => agreementStanceCell(stance).replace(/\s+/g, ' ')),
      ]),
    );
    expect(rows[2]).toEqual([
      'Ship on Monday | not Friday',
      'Supports (changed in round 1)',
      'Opposes: Never ship this week.',
    ]);
  });

  it('writes each answer’s reasoning under it when the question showed reasoning', () => {
    const answers = [
      row({ memberOrder: 0, response: 'Ship on Monday.', reasoning: '# Why\n\nFridays are risky.' }),
      row({
        memberOrder: 1,
        status: 'failed',
        error: 'Anthropic is overloaded.',
        reasoning: 'Half a thought',
      }),
      row({ memberOrder: null, provider: 'consensus', response: 'Monday.', reasoning: 'Both said Monday.' }),
    ];
    const markdown = questionToMarkdown(asked(answers, { showReasoning: true }));
    expect(markdown).toContain(
      [
        '### ChatGPT (gpt-4o)',
        'Ship on Monday.',
        '#### Reasoning',
        '##### Why',
        'Fridays are risky.',
        '### Claude (claude-sonnet-4, Skeptic)',
        // No answer, so no reasoning to go with it.
        '_No answer: Anthropic is overloaded._',
        '## Consensus',
        'Monday.',
        '### Reasoning',
        'Both said Monday.',
      ].join('\n\n'),
    );
    expect(markdown).not.toContain('Half a thought');
    // Reasoning off: what a row carries is not shown.
    expect(questionToMarkdown(asked(answers, { showReasoning: false }))).not.toContain('Reasoning');
  });

  it('nests the headings of answers, consensus and debate log below their own heading', () => {
    const answer = [
      '# Plan',
      'Intro with a #hashtag.',
      '## Steps',
      '```md\n# Not a heading in code\n```',
      '~~~\n## Nor this\n~~~',
      '    # Nor an indented code line',
      'Setext title\n============',
      'Setext part\n---',
      'Then a break:',
      '---',
      '###### Deep',
    ].join('\n\n');
    const markdown = questionToMarkdown(
      detail([
        row({ memberOrder: 0, response: answer }),
        row({ memberOrder: 1, response: '#### Already deep enough\n\nYes.' }),
        row({
          memberOrder: null,
          provider: 'consensus',
          response: '# Agreed\n\nMonday.',
          debateLog: [
            '### Opening answer — ChatGPT (gpt-4o)',
            '# Plan\n\nShip.',
            '### Your note after the opening answers',
            '## Please reconsider',
            '### Round 1 — ChatGPT (gpt-4o)',
            'Monday.',
          ].join('\n\n'),
        }),
      ]),
    );
    expect(markdown).toContain(
      [
        '### ChatGPT (gpt-4o)',
        '#### Plan',
        'Intro with a #hashtag.',
        '##### Steps',
        '```md\n# Not a heading in code\n```',
        '~~~\n## Nor this\n~~~',
        '    # Nor an indented code line',
        '#### Setext title',
        '##### Setext part',
        'Then a break:',
        '---',
        '###### Deep',
        '### Claude (claude-sonnet-4, Skeptic)',
        '#### Already deep enough',
        'Yes.',
        '## Consensus',
        '### Agreed',
        'Monday.',
        '## Debate log',
        '### Opening answer — ChatGPT (gpt-4o)',
        '#### Plan',
        'Ship.',
        '### Your note after the opening answers',
        '#### Please reconsider',
        '### Round 1 — ChatGPT (gpt-4o)',
        'Monday.',
      ].join('\n\n'),
    );
    // Every heading outside code is at most one level below the one before it, in a single outline.
    const outline = markdown
      .replace(/^(```|~~~)[^]*?^\1$/gm, '')
      .split('\n')
      .flatMap((line) => /^(#{1,6}) /.exec(line)?.[1]?.length ?? []);
    outline.slice(1).forEach((level, index) => expect(level).toBeLessThanOrEqual(outline[index]! + 1));
  });

  it('closes a code block an answer cut off inside, so the rest of the file is not code', () => {
    const markdown = questionToMarkdown(
      detail([
        row({ memberOrder: 0, response: 'Run:\n\n```sh\n# deploy', stoppedAtLimit: true }),
        row({ memberOrder: 1, response: 'Never on a Friday.' }),
      ]),
    );
    expect(markdown).toContain(
      'Run:\n\n```sh\n# deploy\n```\n\n_Stopped: your balance ran out._\n\n### Claude (claude-sonnet-4, Skeptic)',
    );
  });

  it('gives the tokens the question used, next to its cap', () => {
    const capped = questionToMarkdown(
      asked([row({ memberOrder: 0, response: 'Monday.' })], { tokenCap: 15_000, totalTokensUsed: 12_345 }),
    );
    expect(capped).toContain('Stops at 15,000 tokens.\n\nTokens used: 12,345.\n\n## Final answers');
    const uncapped = questionToMarkdown(asked([], { totalTokensUsed: 1_234_567 }));
    expect(uncapped).toContain('Asked on 2026-11-26, with debate.\n\nTokens used: 1,234,567.\n\n## Final');
  });

  it('writes the note when there is no map', () => {
    const markdown = questionToMarkdown(
      detail([
        row({
          memberOrder: null,
          provider: 'consensus',
          response: 'Monday.',
          agreementMap: { status: 'unavailable', note: 'No map today.' },
        }),
      ]),
    );
    expect(markdown).toContain('## Agreement map\n\n_No map today._');
  });
});

describe('conversationToMarkdown', () => {
  const turn = (id: number, text: string, answers: ResponseRow[], showDebate = false): QuestionExportTurn => {
    const base = detail(answers);
    return {
      question: {
        ...base.question,
        id,
        question: text,
        showDebate,
        createdAt: `2026-11-2${id}T10:00:00.000Z`,
      },
      answers,
    };
  };

  it('is exactly the question’s file for a conversation of one question', () => {
    const only = detail([row({ memberOrder: 0, response: 'Monday.' })]);
    expect(conversationToMarkdown([only])).toBe(questionToMarkdown(only));
  });

  it('writes every turn in order under its own heading: question, answers, consensus', () => {
    const markdown = conversationToMarkdown([
      turn(
        6,
        'Should we ship on Friday?',
        [
          row({ memberOrder: 0, response: 'No.' }),
          row({ memberOrder: 1, response: 'Never on a Friday.' }),
          row({ memberOrder: null, provider: 'consensus', response: 'Ship on Monday.' }),
        ],
        true,
      ),
      turn(7, 'And on Monday morning?', [
        row({ memberOrder: 0, response: 'After standup.' }),
        row({ memberOrder: 1, status: 'failed', error: 'Anthropic is overloaded.' }),
        row({ memberOrder: null, provider: 'consensus', response: 'After standup.' }),
      ]),
      turn(8, 'Who presses the button?', [row({ memberOrder: 0, response: 'The on-call.' })]),
    ]);
    expect(markdown).toBe(
      [
        '# Council conversation',
        '## Question 1',
        '> Should we ship on Friday?',
        'Asked on 2026-11-26, with debate.',
        'Tokens used: 100.',
        '### Final answers',
        '#### ChatGPT (gpt-4o)',
        'No.',
        '#### Claude (claude-sonnet-4, Skeptic)',
        'Never on a Friday.',
        '### Consensus',
        'Ship on Monday.',
        '## Question 2',
        '> And on Monday morning?',
        'Asked on 2026-11-27.',
        'Tokens used: 100.',
        '### Final answers',
        '#### ChatGPT (gpt-4o)',
        'After standup.',
        '#### Claude (claude-sonnet-4, Skeptic)',
        '_No answer: Anthropic is overloaded._',
        '### Consensus',
        'After standup.',
        '## Question 3',
        '> Who presses the button?',
        'Asked on 2026-11-28.',
        'Tokens used: 100.',
        '### Final answers',
        '#### ChatGPT (gpt-4o)',
        'The on-call.',
        '#### Claude (claude-sonnet-4, Skeptic)',
        '_No answer._',
      ].join('\n\n') + '\n',
    );
  });

  it('nests a turn’s answer headings below its member’s, one level deeper than in a question’s file', () => {
    const markdown = conversationToMarkdown([
      turn(6, 'First?', [row({ memberOrder: 0, response: 'Yes.' })]),
      turn(7, 'Second?', [
        row({ memberOrder: 0, response: '# Title\n\n## Part\n\nText.' }),
        row({ memberOrder: null, provider: 'consensus', response: 'Setext\n======\n\nAgreed.' }),
      ]),
    ]);
    expect(markdown).toContain('#### ChatGPT (gpt-4o)\n\n##### Title\n\n###### Part\n\nText.');
    expect(markdown).toContain('### Consensus\n\n#### Setext\n\nAgreed.');
  });

  it('moves a turn’s agreement map and debate log under that turn', () => {
    const markdown = conversationToMarkdown([
      turn(6, 'First?', [row({ memberOrder: 0, response: 'Yes.' })]),
      turn(
        7,
        'Second?',
        [
          row({
            memberOrder: null,
            provider: 'consensus',
            response: 'Agreed.',
            agreementMap: { status: 'unavailable', note: 'No map today.' },
            debateLog: 'Round 1.',
          }),
        ],
        true,
      ),
    ]);
    expect(markdown).toContain(
      '## Question 2\n\n> Second?\n\nAsked on 2026-11-27, with debate.\n\nTokens used: 100.\n\n### Final answers',
    );
    expect(markdown).toContain(
      '### Consensus\n\nAgreed.\n\n### Agreement map\n\n_No map today._\n\n### Debate log\n\nRound 1.\n',
    );
  });
});
