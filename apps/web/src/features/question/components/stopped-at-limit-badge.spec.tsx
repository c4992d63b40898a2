import { BALANCE_STOP_TEXTS, TOKEN_CAP_TEXTS } from '@council/contracts';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuestionCappedContext, StoppedAtLimitBadge } from './stopped-at-limit-badge';

describe('StoppedAtLimitBadge', () => {
  it('names the asker’s limit on a capped question', () => {
    render(
      <QuestionCappedContext.Provider value>
        <StoppedAtLimitBadge stopped />
      </QuestionCappedContext.Provider>,
    );
    expect(screen.getByText(TOKEN_CAP_TEXTS.stoppedAtLimit)).toBeInTheDocument();
  });

  it('says the balance ran out on a question without a cap (DECISIONS 26)', () => {
    render(
      <QuestionCappedContext.Provider value={false}>
        <StoppedAtLimitBadge stopped />
      </QuestionCappedContext.Provider>,
    );
    expect(screen.getByText('Stopped: your balance ran out')).toBeInTheDocument();
    expect(screen.queryByText(TOKEN_CAP_TEXTS.stoppedAtLimit)).not.toBeInTheDocument();
    expect(BALANCE_STOP_TEXTS.stopped).toBe('Stopped: your balance ran out');
  });

  it('says what it is given instead, whatever the question’s cap', () => {
    render(
      <QuestionCappedContext.Provider value={false}>
        <StoppedAtLimitBadge stopped text="Stopped somewhere else" />
      </QuestionCappedContext.Provider>,
    );
    expect(screen.getByText('Stopped somewhere else')).toBeInTheDocument();
    expect(screen.queryByText(BALANCE_STOP_TEXTS.stopped)).not.toBeInTheDocument();
  });

  it('shows nothing for an answer that was not cut', () => {
    const { container } = render(<StoppedAtLimitBadge stopped={false} />);
    expect(container).toBeEmptyDOMElement();
  });
});
