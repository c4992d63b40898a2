import { DEMO_EXAMPLE_QUESTIONS } from '@council/contracts';
import { type DemoExample } from './demo-script.types';

/** A question with a factual crux (the write-off) that one member misses at first. */
export const STUDENT_LOAN_EXAMPLE: DemoExample = {
  question: DEMO_EXAMPLE_QUESTIONS[0],
  stances: {
    'dont-overpay': {
      claim:
        'Most Plan 2 borrowers should not overpay, because the balance is written off before they would clear it.',
      minority:
        'holds that you should not overpay unless you expect to clear the loan before it is written off.',
      consensus: {
        answer:
          'Do not overpay a Plan 2 student loan unless you are confident you will repay it in full before it is written off. Build an emergency fund first, then put the money into your pension or an ISA.',
        points: [
          'Repayments are 9% of what you earn above the threshold, so overpaying does not lower what you pay each month; it only ends the repayments sooner.',
          'Whatever is left 30 years after repayments begin is written off, so for most graduates an overpaid pound is simply lost.',
          'High earners on course to clear the loan are the exception: for them the interest rate makes overpaying worthwhile.',
          'A repayment calculator with your own salary path settles which group you are in.',
        ],
      },
    },
    overpay: {
      claim:
        'Overpaying is worthwhile once you have an emergency fund, because clearing the loan is a certain return.',
      minority:
        'holds that overpaying is a guaranteed return and worth it once an emergency fund is in place.',
      consensus: {
        answer:
          'Overpay, once you have an emergency fund: clearing the loan is a certain return, while the market is not.',
        points: [
          'Interest of up to RPI + 3% is hard to beat reliably with investments.',
          'A smaller balance can help with a mortgage application, because lenders count the repayments.',
          'Keep three to six months of spending in cash before any overpayment.',
        ],
      },
    },
  },
  voices: {
    openai: {
      opening: {
        stance: 'dont-overpay',
        reasoning:
          'The interest rate is a distraction here. What decides it is the write-off: a Plan 2 loan is cancelled after 30 years, so the real question is whether this person will ever repay it in full. I will explain the mechanics in plain terms, give the usual answer, then name the exception so the answer also holds for a high earner.',
        text: [
          "**Short answer:** For most Plan 2 borrowers, don't overpay. Save or invest the money instead, unless you expect to clear the whole loan before it is written off.",
          '### Why',
          [
            '1. **It behaves more like a graduate tax than a debt.** You repay 9% of what you earn above the threshold, whatever the balance. Overpaying does not lower the monthly amount; it only shortens how long you pay.',
            '2. **Most balances are written off.** Plan 2 loans are cancelled 30 years after you become eligible to repay. If you would never have cleared yours, every pound you overpay is a pound you gave away.',
            '3. **Investing keeps your options open.** Money in a Stocks and Shares ISA or a pension stays yours. Money paid to the Student Loans Company cannot be taken back.',
          ].join('\n'),
          '### When overpaying can make sense',
          'If you earn well and expect your salary to rise steeply, you may be on course to repay in full, and then the interest (up to RPI + 3%) does cost you. Put your own numbers through a repayment calculator before you decide.',
        ].join('\n\n'),
      },
      keeps: {
        reasoning:
          'The case for overpaying rests on treating the loan like ordinary debt. That is exactly the assumption the write-off breaks, so my position holds; I should say why in one paragraph rather than repeat myself.',
        text: [
          'I keep my position. The case for overpaying as a "guaranteed return" only works if you would otherwise repay the whole balance. For a typical graduate the return on an overpayment is zero: the money reduces a balance that would have been cancelled anyway.',
          'I would add one thing raised in this debate: check your employer’s pension match first. Matched contributions are the best return most people will ever see.',
        ].join('\n\n'),
      },
    },
    anthropic: {
      opening: {
        stance: 'dont-overpay',
        reasoning:
          'This turns on one number: will the borrower repay in full within 30 years? For most people on Plan 2 the answer is no, which makes overpaying a gift to the Treasury. But I should not pretend to know this person’s salary, so I will give the rule, show how to check it, and be honest that the answer flips for high earners.',
        text: [
          '**Short answer:** It depends on one number, whether you are on track to repay the loan in full within 30 years, and for most graduates the answer is no. So, usually, don’t overpay.',
          'Plan 2 is unusual debt. Your repayments depend on your income, not on the balance, and the balance is cancelled 30 years after repayments start. That changes the usual advice about clearing debt early.',
          '### How to decide',
          [
            '- **Estimate your path.** Use a student loan repayment calculator with a realistic salary over the next decades, not just today’s.',
            '- **If you will not clear it:** overpaying only reduces a balance that would be written off. Build an emergency fund, take any employer pension match, then use an ISA.',
            '- **If you will clear it:** the interest (up to RPI + 3%) is a real cost, and overpaying can be a sound, low-risk return.',
          ].join('\n'),
          '### A caveat',
          'The rules (thresholds, interest, even the write-off) are set by government and have changed before. A decision that depends on them should be checked against the current terms on GOV.UK.',
        ].join('\n\n'),
      },
      keeps: {
        reasoning:
          'Nothing in the other answers changes the crux. The argument for overpaying is sincere but assumes full repayment; I should acknowledge what is right in it (certainty, mortgages) and explain why it is still the exception.',
        text: [
          'I keep my position, and I want to be fair to the other side. A guaranteed return is attractive, and a smaller balance can help a little with a mortgage. But both only matter if you would have repaid in full. For most borrowers the write-off means the guaranteed return on an overpayment is, in fact, nothing.',
          'Where we all agree is worth saying plainly: emergency fund first, and run your own numbers before sending the Student Loans Company a penny more than you must.',
        ].join('\n\n'),
      },
    },
    xai: {
      opening: {
        stance: 'overpay',
        reasoning:
          'Debt is debt. The interest is up to RPI + 3%, which is a high bar for any investment to clear after fees, and paying it off is risk-free. I will make the blunt case for overpaying and flag the one thing that must come first: cash for emergencies.',
        text: [
          '**Short answer:** Overpay it. Clearing debt is a guaranteed return, and the market is not.',
          '### The case',
          [
            '- **The rate is steep.** Up to RPI + 3% is more than a cash ISA pays, and beating it with shares is possible but never certain.',
            '- **Mortgages.** Lenders count your student loan repayments when they work out what you can borrow.',
            '- **Freedom.** Being debt-free in your thirties is worth something that no spreadsheet captures.',
          ].join('\n'),
          '### But first',
          'Keep three to six months of spending in cash before you overpay anything. Paying down debt with money you will need next month is how people end up on credit cards.',
        ].join('\n\n'),
      },
      keeps: {
        reasoning:
          'The others lean on the write-off. I still think the certainty of paying debt down matters more than they allow.',
        text: 'I keep my position. Policy changes, incomes rise, and a write-off 30 years away is a bet too. Paying the debt down is the one move that is certain.',
      },
      changes: {
        persuadedBy: ['anthropic', 'openai'],
        turn: {
          stance: 'dont-overpay',
          reasoning:
            'I treated this like a credit card, and it is not one. {persuader} points out that repayments depend on income and the balance is cancelled after 30 years. If most borrowers never clear it, then my "guaranteed return" is a guaranteed loss for them. I should change my answer and say so plainly.',
          text: [
            '**Revised answer:** Don’t overpay, unless you are a high earner who will clear the loan anyway. I had this wrong.',
            '{persuader} is right that the write-off changes everything. I argued from the interest rate, but on Plan 2 the rate only matters if you repay in full. For most graduates the balance is cancelled after 30 years, so the "guaranteed return" I promised is really money handed over for nothing.',
            'What I still stand by: keep an emergency fund before anything else, and if you are on a steep salary path, overpaying can be the right call. Check which group you are in first.',
          ].join('\n\n'),
        },
      },
    },
  },
};
