// Pins the History, Question detail and Shared page texts that spec §2 quotes, word for word.
import {
  HISTORY_API_PATHS,
  HISTORY_SCREEN,
  QUESTION_BADGES,
  QUESTION_DETAIL_SCREEN,
  SHARED_PAGE,
} from './history.constants';

describe('history and sharing screens (spec §2)', () => {
  it('History texts', () => {
    expect(QUESTION_BADGES).toMatchObject({
      individual: 'Individual responses',
      debate: 'Debate mode',
      reasoning: 'Reasoning',
      shared: 'Shared',
    });
    expect(HISTORY_SCREEN).toMatchObject({
      defaultCouncil: 'Used the default Council configuration',
      viewConversation: 'View full conversation',
      emptyTitle: 'No questions yet',
      errorTitle: 'Error Loading History',
      errorAction: 'Go Back Home',
    });
  });

  it('Question detail texts', () => {
    expect(QUESTION_DETAIL_SCREEN).toMatchObject({
      totalTokens: 'Total tokens used',
      notFoundTitle: 'Question not found',
      errorTitle: 'Error Loading Question',
    });
  });

  it('Shared page texts', () => {
    expect(SHARED_PAGE).toMatchObject({
      fallbackTitle: 'Shared Question',
      visit: 'Visit Council',
      tokensUsed: 'Tokens used',
      emptyTitle: 'No responses found',
      emptyText: 'No responses are available for this question.',
      errorTitle: 'Error Loading Shared Question',
      errorAction: 'Go to Home',
      ctaAction: 'Create Your Own Account',
    });
  });

  it('API paths encode their ids', () => {
    expect(HISTORY_API_PATHS.question(42)).toBe('/api/questions/42');
    expect(HISTORY_API_PATHS.share(42)).toBe('/api/questions/42/share');
    expect(HISTORY_API_PATHS.shared('a/b')).toBe('/api/shared/a%2Fb');
  });
});
