import { AGREEMENT_MAP, type AgreementClaim } from '@council/contracts';
import { type AgreementMember, memberNameOf } from '../utils/agreement-members';

/** Each opposing member's one-line reason, per claim; or that no member opposes any. */
export function AgreementMinority({
  claims,
  members,
}: {
  claims: readonly AgreementClaim[];
  members: readonly AgreementMember[];
}) {
  const opposed = claims
    .map((claim) => ({ claim, against: claim.stances.filter((stance) => stance.stance === 'opposes') }))
    .filter(({ against }) => against.length > 0);
  return (
    <div className="space-y-2">
      <h4 className="text-sm font-semibold text-foreground">{AGREEMENT_MAP.minorityHeading}</h4>
      {opposed.length === 0 ? (
        <p className="text-sm text-muted-foreground">{AGREEMENT_MAP.noMinority}</p>
      ) : (
        <ul className="space-y-3 text-sm">
          {opposed.map(({ claim, against }, index) => (
            <li key={index} className="space-y-1">
              <p className="font-medium text-foreground">{claim.claim}</p>
              <ul className="space-y-1 border-l-2 border-red-200 pl-3">
                {against.map((stance) => (
                  <li key={stance.memberOrder} className="text-muted-foreground">
                    <span className="font-semibold text-foreground">
                      {memberNameOf(members, stance.memberOrder)}:
                    </span>{' '}
                    {stance.reason}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
