import { type JOBS, type MemberAnswerJobData, type ResponseProvider } from '@council/contracts';

export type ProviderJobName = typeof JOBS.memberAnswer | typeof JOBS.debateRevision | typeof JOBS.synthesis;

/** What a provider job returns (the consensus worker reads `changed` of debate revisions). */
export interface ProviderJobResult {
  status: 'completed' | 'failed' | 'skipped';
  responseId: number | null;
  /** Debate revisions: whether the member changed its position (null: unknown or not a revision). */
  changed: boolean | null;
}

/** A parsed provider job: what it answers and which response row it writes. */
export interface ProviderJobTarget {
  name: ProviderJobName;
  data: MemberAnswerJobData;
  consensus: boolean;
  provider: ResponseProvider;
  memberOrder: number | null;
  round: number;
  /**
   * A flow child, or a first answer of a question without a debate: the question's release at its
   * end settles the answer (a lone retry, and an answer given again, settle their own).
   */
  settledAtEnd: boolean;
}
