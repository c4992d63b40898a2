import {
  AGREEMENT_MAP,
  type AgreementClaim,
  type AgreementMapResult,
  agreementSummary,
} from '@council/contracts';
import { useId } from 'react';
import { type AgreementMember, agreementColumns } from '../utils/agreement-members';
import { AgreementMapDrafts } from './agreement-map-drafts';
import { AgreementMapFigure } from './agreement-map-figure';
import { AgreementMapList } from './agreement-map-list';
import { AgreementMapTable } from './agreement-map-table';
import { AgreementMinority } from './agreement-minority';

export interface AgreementMapProps {
  /** The stored map, or the note saying why there is none; null while none has arrived. */
  map: AgreementMapResult | null;
  /** Draft claims while the leader writes the map (live only). */
  drafts?: readonly AgreementClaim[];
  /** The map is being drawn now: "Mapping…" with the drafts so far. */
  mapping?: boolean;
  /** The members the map may name, in council order, with their final answers. */
  members: readonly AgreementMember[];
}

/**
 * Where the members stand on the consensus's key claims, under the consensus: the figure, a table
 * (a list per claim on a narrow screen), and the minority's reasons. The same on the question pages
 * and the shared page; each page says who its members are.
 */
export function AgreementMap({ map, drafts = [], mapping = false, members }: AgreementMapProps) {
  const headingId = useId();
  let body;
  if (map?.status === 'mapped') body = <MappedClaims claims={map.claims} members={members} />;
  else if (map?.status === 'unavailable') body = <p className="text-sm text-muted-foreground">{map.note}</p>;
  else if (mapping || drafts.length > 0) body = <AgreementMapDrafts drafts={drafts} />;
  else return null;
  return (
    <section aria-labelledby={headingId} className="space-y-4 rounded-xl border border-border bg-card p-4">
      <h3 id={headingId} className="text-base font-semibold text-foreground">
        {AGREEMENT_MAP.heading}
      </h3>
      {body}
    </section>
  );
}

function MappedClaims({
  claims,
  members,
}: {
  claims: readonly AgreementClaim[];
  members: readonly AgreementMember[];
}) {
  const columns = agreementColumns(claims, members);
  return (
    <>
      <AgreementMapFigure summary={agreementSummary(claims)} />
      {claims.length > 0 ? (
        <>
          {/* Exactly one of the two is displayed (and read out) at any width. */}
          <AgreementMapTable claims={claims} columns={columns} className="hidden sm:block" />
          <AgreementMapList claims={claims} columns={columns} className="space-y-3 sm:hidden" />
        </>
      ) : null}
      <AgreementMinority claims={claims} members={members} />
    </>
  );
}
