import { AGREEMENT_MAP, type AgreementClaim } from '@council/contracts';
import { History } from 'lucide-react';
import { Popover, PopoverContent, PopoverTrigger } from '@/components/ui/popover';
import { type AgreementMember, memberNameOf } from '../utils/agreement-members';

/** What the claim's button tells: in which debate round each member came to its stance. */
export function claimChanges(claim: AgreementClaim, members: readonly AgreementMember[]): string[] {
  const lines = claim.stances.flatMap((stance) =>
    stance.changedInRound === null
      ? []
      : [AGREEMENT_MAP.changedIn(memberNameOf(members, stance.memberOrder), stance.changedInRound)],
  );
  return lines.length > 0 ? lines : [AGREEMENT_MAP.unchanged];
}

/** A claim of the map; it opens which round of the debate each member changed its stance in. */
export function AgreementClaimButton({
  claim,
  members,
}: {
  claim: AgreementClaim;
  members: readonly AgreementMember[];
}) {
  return (
    <Popover>
      <PopoverTrigger className="group inline-flex items-start gap-1.5 rounded text-left font-medium text-foreground hover:text-primary focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring">
        <History aria-hidden="true" className="mt-0.5 size-3.5 shrink-0 text-muted-foreground" />
        <span>{claim.claim}</span>
      </PopoverTrigger>
      <PopoverContent
        side="bottom"
        align="start"
        collisionPadding={8}
        className="p-3"
        aria-label={claim.claim}
      >
        <ul className="space-y-1">
          {claimChanges(claim, members).map((line) => (
            <li key={line}>{line}</li>
          ))}
        </ul>
      </PopoverContent>
    </Popover>
  );
}
