import { AGREEMENT_MAP, type AgreementClaim } from '@council/contracts';
import { Loader2 } from 'lucide-react';

/** While the leader writes the map: the claims so far, drafts until the map is checked and stored. */
export function AgreementMapDrafts({ drafts }: { drafts: readonly AgreementClaim[] }) {
  return (
    <div className="space-y-2">
      <p role="status" className="flex items-center gap-2 text-sm text-muted-foreground">
        <Loader2 aria-hidden="true" className="size-4 animate-spin" />
        {AGREEMENT_MAP.mapping}
      </p>
      {drafts.length > 0 ? (
        <ol className="list-decimal space-y-1 pl-5 text-sm text-foreground">
          {drafts.map((draft, index) => (
            <li key={index}>{draft.claim}</li>
          ))}
        </ol>
      ) : null}
    </div>
  );
}
