import { type AgreementClaim } from '@council/contracts';
import { type AgreementMember } from '../utils/agreement-members';
import { AgreementClaimButton } from './agreement-claim-button';
import { AgreementMemberButton } from './agreement-member-button';
import { AgreementStanceLabel } from './agreement-stance-label';

interface AgreementMapListProps {
  claims: readonly AgreementClaim[];
  columns: readonly AgreementMember[];
  className?: string;
}

/** The map on a narrow screen: one block per claim, listing where each member stands. */
export function AgreementMapList({ claims, columns, className }: AgreementMapListProps) {
  return (
    <ol className={className}>
      {claims.map((claim, index) => (
        <li key={index} className="space-y-2 rounded-lg border border-border p-3 text-sm">
          <AgreementClaimButton claim={claim} members={columns} />
          <ul className="space-y-1.5">
            {columns.map((member) => {
              const stance = claim.stances.find((entry) => entry.memberOrder === member.memberOrder);
              return (
                // The name wraps between its words; the stance keeps to the right of its first line.
                <li key={member.memberOrder} className="flex items-start justify-between gap-3">
                  <AgreementMemberButton member={member} />
                  <AgreementStanceLabel stance={stance?.stance ?? 'silent'} />
                </li>
              );
            })}
          </ul>
        </li>
      ))}
    </ol>
  );
}
