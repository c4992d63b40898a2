import { AGREEMENT_MAP, type AgreementClaim } from '@council/contracts';
import { type AgreementMember } from '../utils/agreement-members';
import { AgreementClaimButton } from './agreement-claim-button';
import { AgreementMemberButton } from './agreement-member-button';
import { AgreementStanceLabel } from './agreement-stance-label';

interface AgreementMapTableProps {
  claims: readonly AgreementClaim[];
  /** The columns, in council order. */
  columns: readonly AgreementMember[];
  className?: string;
}

/** The map as a table (wide screens): a claim per row, a member per column. */
export function AgreementMapTable({ claims, columns, className }: AgreementMapTableProps) {
  return (
    <div className={className}>
      <div className="overflow-x-auto rounded-lg border border-border">
        <table className="w-full border-collapse text-sm">
          <caption className="px-3 py-2 text-left text-xs text-muted-foreground">
            {AGREEMENT_MAP.caption}
          </caption>
          <thead className="bg-muted/60">
            <tr>
              <th scope="col" className="px-3 py-2 text-left font-semibold text-foreground">
                {AGREEMENT_MAP.claimColumn}
              </th>
              {columns.map((member) => (
                <th key={member.memberOrder} scope="col" className="px-3 py-2 text-left">
                  <AgreementMemberButton member={member} />
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {claims.map((claim, index) => (
              <tr key={index} className="border-t border-border align-top">
                <th scope="row" className="px-3 py-2 text-left font-normal">
                  <AgreementClaimButton claim={claim} members={columns} />
                </th>
                {columns.map((member) => {
                  const stance = claim.stances.find((entry) => entry.memberOrder === member.memberOrder);
                  return (
                    <td key={member.memberOrder} className="px-3 py-2">
                      <AgreementStanceLabel stance={stance?.stance ?? 'silent'} />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </div>
  );
}
