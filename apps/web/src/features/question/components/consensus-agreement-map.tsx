import { memberName } from '../utils/member-name';
import { type QuestionStreamState } from '../state/question-state';
import { isStreaming, memberText } from '../state/question-views';
import { AgreementMap } from './agreement-map';

/** The agreement map under a question's consensus, live on the Ask page and on the question page. */
export function ConsensusAgreementMap({ state }: { state: QuestionStreamState }) {
  const agreement = state.consensus?.agreement;
  if (!agreement) return null;
  // Drafts are never checked: once the question has stopped, only a stored map is worth showing.
  const live = isStreaming(state);
  return (
    <AgreementMap
      map={agreement.map}
      drafts={live ? agreement.drafts.map((draft) => draft.claim) : []}
      mapping={live && agreement.mapping}
      members={state.members.map((member) => ({
        memberOrder: member.order,
        name: memberName(member),
        finalAnswer: memberText(member),
      }))}
    />
  );
}
