// The agreement map: the key claims a debate's consensus rests on and where each member stands on
// each one. The leader model writes it as structured output next to the prose consensus; workers
// validate it with readAgreementReply before storing it, and clients draw it from the stored form.

export const CLAIM_STANCES = ['supports', 'opposes', 'silent'] as const;
export type ClaimStance = (typeof CLAIM_STANCES)[number];

export const AGREEMENT_MAP_LIMITS = {
  /** The model is asked for at most this many claims; more is a malformed reply. */
  maxClaims: 8,
  claimMaxChars: 300,
  reasonMaxChars: 300,
  /** The map call's max output tokens: eight claims with a stance and reason per member of five. */
  maxOutputTokens: 4_000,
  /** A malformed reply (or a failed call) is asked for once more. */
  attempts: 2,
} as const;

/** Where one member stands on one claim. */
export interface MemberStance {
  /** question_agents.order of the member. */
  memberOrder: number;
  stance: ClaimStance;
  /** One line saying why, when the member opposes; null otherwise. */
  reason: string | null;
  /**
   * The debate round in which the member came to this stance, when it changed its position in the
   * debate to get there; null when it held it from its first answer.
   */
  changedInRound: number | null;
}

export interface AgreementClaim {
  /** One short sentence. */
  claim: string;
  /** One per member that gave a final answer, in council order. */
  stances: MemberStance[];
}

/**
 * Stored with the consensus: the map, or why there is none (the model's reply stayed malformed
 * after one retry, the call failed, or the answers gave nothing to map). The prose consensus
 * stands either way.
 */
export type AgreementMapResult =
  { status: 'mapped'; claims: AgreementClaim[] } | { status: 'unavailable'; note: string };

/** What a map is checked against: the members whose final answers it describes. */
export interface AgreementMapContext {
  /** question_agents.order of every member with a final answer, in council order. */
  memberOrders: readonly number[];
  /** Per member order: the debate rounds in which it changed its position. */
  positionChanges: Readonly<Record<number, readonly number[]>>;
}

export type AgreementReply = { ok: true; claims: AgreementClaim[] } | { ok: false; problem: string };

/**
 * Reads the model's reply (the JSON of agreementMapSchema, members numbered from 1 in council
 * order) into claims, or says what is wrong with it. Strict on shape, so a malformed reply is
 * retried; a `changedInRound` naming a round in which that member did not change its position is
 * dropped rather than trusted.
 */
export function readAgreementReply(raw: string, context: AgreementMapContext): AgreementReply {
  let parsed: unknown;
  try {
    parsed = JSON.parse(raw);
  } catch {
    return { ok: false, problem: 'The reply is not JSON.' };
  }
  if (!isRecord(parsed) || !Array.isArray(parsed.claims)) {
    return { ok: false, problem: 'The reply has no "claims" list.' };
  }
  if (parsed.claims.length > AGREEMENT_MAP_LIMITS.maxClaims) {
    return { ok: false, problem: `The reply has more than ${AGREEMENT_MAP_LIMITS.maxClaims} claims.` };
  }
  const claims: AgreementClaim[] = [];
  for (const [index, item] of parsed.claims.entries()) {
    const claim = readReplyClaim(item, context);
    if (typeof claim === 'string') return { ok: false, problem: `Claim ${index + 1}: ${claim}` };
    claims.push(claim);
  }
  return { ok: true, claims };
}

/** One claim object of the model's reply, or what is wrong with it. */
export function readReplyClaim(item: unknown, context: AgreementMapContext): AgreementClaim | string {
  if (!isRecord(item)) return 'not an object.';
  const text = typeof item.claim === 'string' ? oneLine(item.claim) : '';
  if (!text) return 'the claim is empty.';
  if (text.length > AGREEMENT_MAP_LIMITS.claimMaxChars) return 'the claim is too long.';
  if (!Array.isArray(item.stances)) return 'no "stances" list.';
  const byOrder = new Map<number, MemberStance>();
  for (const entry of item.stances) {
    if (!isRecord(entry)) return 'a stance is not an object.';
    const number = entry.member;
    if (typeof number !== 'number' || !Number.isInteger(number)) return 'a stance names no member.';
    const memberOrder = context.memberOrders[number - 1];
    if (memberOrder === undefined) return `there is no member ${number}.`;
    if (byOrder.has(memberOrder)) return `member ${number} is listed twice.`;
    const stance = entry.stance;
    if (typeof stance !== 'string' || !(CLAIM_STANCES as readonly string[]).includes(stance)) {
      return `member ${number} has no valid stance.`;
    }
    const reason = typeof entry.reason === 'string' ? oneLine(entry.reason) : '';
    if (stance === 'opposes' && !reason) return `member ${number} opposes without a reason.`;
    if (reason.length > AGREEMENT_MAP_LIMITS.reasonMaxChars) return `member ${number}'s reason is too long.`;
    byOrder.set(memberOrder, {
      memberOrder,
      stance: stance as ClaimStance,
      reason: stance === 'opposes' ? reason : null,
      changedInRound: changedRound(entry.changedInRound, context.positionChanges[memberOrder] ?? []),
    });
  }
  if (byOrder.size !== context.memberOrders.length) return 'not every member has a stance.';
  return {
    claim: text,
    stances: context.memberOrders.map((order) => byOrder.get(order) as MemberStance),
  };
}

export interface AgreementSummary {
  claims: number;
  /** Claims that every member addressing them supports (at least one does, none opposes). */
  unanimous: number;
  supports: number;
  opposes: number;
  silent: number;
  /**
   * How far the members agree, 0–100, rounded (AGREEMENT_MAP.figureHow): for each claim some
   * member took a side on, the share of those members on its majority side, averaged over those
   * claims. Two mirror-image claims held 2 against 1 read 67, as people count, not 50. Null when
   * no member took a side.
   */
  percent: number | null;
}

/** The average, over the claims some member took a side on, of the share on the majority side. */
function majorityAgreement(claims: readonly AgreementClaim[]): number | null {
  const shares = claims.flatMap((claim) => {
    const supports = claim.stances.filter((entry) => entry.stance === 'supports').length;
    const opposes = claim.stances.filter((entry) => entry.stance === 'opposes').length;
    return supports + opposes === 0 ? [] : [Math.max(supports, opposes) / (supports + opposes)];
  });
  if (shares.length === 0) return null;
  return Math.round((100 * shares.reduce((sum, share) => sum + share, 0)) / shares.length);
}

/** The overall agreement figure and its parts. */
export function agreementSummary(claims: readonly AgreementClaim[]): AgreementSummary {
  const count = (stance: ClaimStance) =>
    claims.reduce((sum, claim) => sum + claim.stances.filter((entry) => entry.stance === stance).length, 0);
  const supports = count('supports');
  const opposes = count('opposes');
  const unanimous = claims.filter(
    (claim) =>
      claim.stances.some((entry) => entry.stance === 'supports') &&
      claim.stances.every((entry) => entry.stance !== 'opposes'),
  ).length;
  return {
    claims: claims.length,
    unanimous,
    supports,
    opposes,
    silent: count('silent'),
    percent: majorityAgreement(claims),
  };
}

/** Whether a stored or relayed value is a map result of the right shape (clients trust nothing else). */
export function isAgreementMapResult(value: unknown): value is AgreementMapResult {
  if (!isRecord(value)) return false;
  if (value.status === 'unavailable') return typeof value.note === 'string';
  return value.status === 'mapped' && Array.isArray(value.claims) && value.claims.every(isAgreementClaim);
}

export function isAgreementClaim(value: unknown): value is AgreementClaim {
  return (
    isRecord(value) &&
    typeof value.claim === 'string' &&
    Array.isArray(value.stances) &&
    value.stances.every(
      (entry) =>
        isRecord(entry) &&
        Number.isInteger(entry.memberOrder) &&
        (CLAIM_STANCES as readonly unknown[]).includes(entry.stance) &&
        (entry.reason === null || typeof entry.reason === 'string') &&
        (entry.changedInRound === null || Number.isInteger(entry.changedInRound)),
    )
  );
}

function changedRound(value: unknown, changes: readonly number[]): number | null {
  return typeof value === 'number' && changes.includes(value) ? value : null;
}

function oneLine(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
