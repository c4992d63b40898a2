import { AGREEMENT_MAP } from '@council/contracts';
import { Fragment } from 'react';
import { Dialog, DialogContent, DialogHeader, DialogTitle, DialogTrigger } from '@/components/ui/dialog';
import { type AgreementMember } from '../utils/agreement-members';
import { FormattedText } from './formatted-text';

/** A member's name in the map; it opens the member's final answer in a dialog. */
export function AgreementMemberButton({ member }: { member: AgreementMember }) {
  return (
    <Dialog>
      <DialogTrigger
        title={AGREEMENT_MAP.showAnswer(member.name)}
        className="rounded text-left font-semibold text-primary underline decoration-primary/40 underline-offset-2 hover:decoration-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
      >
        <UnbrokenWords text={member.name} />
      </DialogTrigger>
      {/* The answer is the dialog's whole content; there is no separate description. */}
      <DialogContent className="max-w-2xl" aria-describedby={undefined}>
        <DialogHeader>
          <DialogTitle>{AGREEMENT_MAP.finalAnswerOf(member.name)}</DialogTitle>
        </DialogHeader>
        <FormattedText text={member.finalAnswer} />
      </DialogContent>
    </Dialog>
  );
}

/**
 * A name that wraps only between its words: "Anthropic (claude-sonnet-4)" may go onto two lines in a
 * narrow column, but never as "(claude-" and "sonnet-4)".
 */
function UnbrokenWords({ text }: { text: string }) {
  return text.split(' ').map((word, index) => (
    <Fragment key={index}>
      {index > 0 ? ' ' : null}
      <span className="whitespace-nowrap">{word}</span>
    </Fragment>
  ));
}
