// A question as a Markdown file the owner downloads: the question, each member's final answer (and
// its reasoning when that was on), the consensus, its agreement map as a table, and the debate log;
// a conversation as each of its turns in order. The server writes it (GET /api/questions/{id}/export);
// the same function can render it anywhere, so what is downloaded is exactly what this file says.

import { type AgreementMapResult, type MemberStance, agreementSummary } from '../agreement/agreement-map';
import { AGREEMENT_MAP } from '../agreement/agreement.texts';
import { modelLabel } from '../catalogue/model-label';
import { CONVERSATION_TEXTS } from '../council/conversation';
import { TOKEN_CAP_TEXTS, capShortenedCouncil } from '../council/token-cap';
import { WEIGH_IN_TEXTS } from '../council/weigh-in';
import { BALANCE_STOP_TEXTS } from '../quote/quote.hold';
import { type QuestionDetail, type ResponseRow } from '../dto/question.response';
import { headingLine, nestHeadings } from './markdown-outline';

export const QUESTION_EXPORT_TEXTS = {
  download: 'Download as Markdown',
  title: 'Council question',
  /** The title of a conversation's file (a question and its follow-ups). */
  conversationTitle: 'Council conversation',
  finalAnswers: 'Final answers',
  consensus: 'Consensus',
  debateLog: 'Debate log',
  /** Under an answer when the question showed reasoning: the reasoning that answer wrote. */
  reasoning: 'Reasoning',
  tokensUsed: (tokens: number): string => `Tokens used: ${tokens.toLocaleString('en-GB')}.`,
  noAnswer: (error: string | null): string =>
    `_No answer${error ? `: ${error.trim().replace(/\.$/, '')}` : ''}._`,
  stillRunning: '_The question was still running when this file was made._',
  asked: (date: string, debate: boolean): string => `Asked on ${date}${debate ? ', with debate' : ''}.`,
} as const;

export function questionExportFileName(questionId: number): string {
  return `council-question-${questionId}.md`;
}

/** What the export reads of one turn: the question with its council, and its stored answers. */
export type QuestionExportTurn = Pick<QuestionDetail, 'question' | 'answers'>;

/**
 * The question's Markdown: member answers as the members wrote them, in council order, their own
 * headings moved below the member's heading so they cannot break the file's outline.
 */
export function questionToMarkdown(detail: QuestionExportTurn): string {
  return `${[`# ${QUESTION_EXPORT_TEXTS.title}`, ...turnSections(detail, 2)].join('\n\n')}\n`;
}

/**
 * A conversation's Markdown (docs/decisions.md, "25. Follow-ups"): every turn in order, each under
 * its own heading with its question, answers and consensus. A conversation of one question is
 * exactly that question's file.
 */
export function conversationToMarkdown(turns: readonly QuestionExportTurn[]): string {
  if (turns.length === 1) return questionToMarkdown(turns[0]!);
  const sections = [`# ${QUESTION_EXPORT_TEXTS.conversationTitle}`];
  turns.forEach((turn, index) => {
    sections.push(`## ${CONVERSATION_TEXTS.turnLabel(index + 1)}`, ...turnSections(turn, 3));
  });
  return `${sections.join('\n\n')}\n`;
}

/** One turn's sections, its headings starting at level `level` (2 for a file of one question). */
function turnSections(detail: QuestionExportTurn, level: number): string[] {
  const { question, answers } = detail;
  const heading = (depth: number, text: string): string => `${'#'.repeat(level + depth)} ${text}`;
  const members = [...question.questionAgents].sort((a, b) => a.order - b.order);
  const sections = [
    blockquote(question.question),
    QUESTION_EXPORT_TEXTS.asked(question.createdAt.slice(0, 10), question.showDebate),
  ];
  if (question.tokenCap !== null) sections.push(`${TOKEN_CAP_TEXTS.capLine(question.tokenCap)}.`);
  sections.push(QUESTION_EXPORT_TEXTS.tokensUsed(question.totalTokensUsed));
  // Without a cap an answer stops only when the balance runs out (DECISIONS 26).
  const stops = question.tokenCap === null ? BALANCE_STOP_TEXTS : null;
  if (question.status === 'pending' || question.status === 'running') {
    sections.push(QUESTION_EXPORT_TEXTS.stillRunning);
  }
  sections.push(heading(0, QUESTION_EXPORT_TEXTS.finalAnswers));
  for (const member of members) {
    const role = member.role ? `, ${member.role.name}` : '';
    sections.push(heading(1, `${member.agent.name} (${modelLabel(member.model)}${role})`));
    const final = finalAnswerOf(answers, member.order);
    const answered = final !== undefined && final.status === 'completed' && !final.error;
    sections.push(
      answered
        ? nestHeadings(final.response, level + 1)
        : QUESTION_EXPORT_TEXTS.noAnswer(final?.error ?? null),
    );
    if (final?.stoppedAtLimit) sections.push(cutNote(stops));
    if (answered) sections.push(...reasoningSections(question.showReasoning, final, level + 1));
  }
  const consensus = answers.find((answer) => answer.memberOrder === null);
  if (consensus) {
    const answered = consensus.status === 'completed' && !consensus.error;
    sections.push(heading(0, QUESTION_EXPORT_TEXTS.consensus));
    sections.push(
      answered ? nestHeadings(consensus.response, level) : QUESTION_EXPORT_TEXTS.noAnswer(consensus.error),
    );
    if (consensus.stoppedAtLimit) sections.push(cutNote(stops));
    if (answered) sections.push(...reasoningSections(question.showReasoning, consensus, level));
    if (consensus.status === 'completed' && capShortenedCouncil(answers)) {
      sections.push(`_${(stops ?? TOKEN_CAP_TEXTS).consensusFromWhatThereIs}_`);
    }
    if (consensus.agreementMap) {
      const names = new Map(members.map((member) => [member.order, member.agent.name]));
      sections.push(
        heading(0, AGREEMENT_MAP.exportHeading),
        ...agreementMapMarkdown(consensus.agreementMap, names),
      );
    }
    if (consensus.debateLog?.trim()) {
      sections.push(
        heading(0, QUESTION_EXPORT_TEXTS.debateLog),
        debateLogMarkdown(consensus.debateLog, level),
      );
    }
  }
  return sections;
}

/** An answer's reasoning under its own sub-heading, when the question showed reasoning. */
function reasoningSections(shown: boolean, answer: ResponseRow, answerLevel: number): string[] {
  if (!shown || !answer.reasoning?.trim()) return [];
  return [
    headingLine(answerLevel + 1, QUESTION_EXPORT_TEXTS.reasoning),
    nestHeadings(answer.reasoning, answerLevel + 1),
  ];
}

/** The map's figure and a claims × members table (a stance, its reason, the round it changed in). */
function agreementMapMarkdown(map: AgreementMapResult, names: ReadonlyMap<number, string>): string[] {
  if (map.status === 'unavailable') return [`_${map.note}_`];
  const summary = agreementSummary(map.claims);
  const orders = map.claims[0]?.stances.map((stance) => stance.memberOrder) ?? [];
  const header = [
    AGREEMENT_MAP.claimColumn,
    ...orders.map((order) => names.get(order) ?? `Member ${order + 1}`),
  ];
  const rows = map.claims.map((claim) => [claim.claim, ...claim.stances.map(agreementStanceCell)]);
  return [
    `${AGREEMENT_MAP.figure(summary.percent)} · ${AGREEMENT_MAP.unanimous(summary.unanimous, summary.claims)}`,
    [header, header.map(() => '---'), ...rows]
      .map((cells) => `| ${cells.map(tableCell).join(' | ')} |`)
      .join('\n'),
  ];
}

/** The note under an answer cut off at the cap, or (`balance`) where the balance ran out. */
function cutNote(balance: typeof BALANCE_STOP_TEXTS | null): string {
  return `_${balance ? balance.stopped : TOKEN_CAP_TEXTS.stoppedAtLimit}._`;
}

export function agreementStanceCell(stance: MemberStance): string {
  const label = AGREEMENT_MAP.stances[stance.stance];
  const reason = stance.reason ? `: ${stance.reason}` : '';
  const round = stance.changedInRound ? ` (${AGREEMENT_MAP.exportChangedIn(stance.changedInRound)})` : '';
  return `${label}${reason}${round}`;
}

/** A table cell on one line, its pipes escaped. */
function tableCell(text: string): string {
  return text.replace(/\s+/g, ' ').trim().replace(/\|/g, '\\|');
}

/**
 * A member's final answer: its latest completed one (its last revision when it debated), else its
 * latest row, whose error says why there is none.
 */
function finalAnswerOf(answers: readonly ResponseRow[], order: number): ResponseRow | undefined {
  const own = answers.filter((answer) => answer.memberOrder === order).sort((a, b) => b.round - a.round);
  return own.find((answer) => answer.status === 'completed' && !answer.error) ?? own[0];
}

/** The question verbatim, quoted line by line, so Markdown in it cannot become the file's headings. */
function blockquote(text: string): string {
  return text
    .trim()
    .split(/\r?\n/)
    .map((line) => (line ? `> ${line}` : '>'))
    .join('\n');
}

/**
 * The debate log under a heading of level `parent`: each entry (a member's answer in a round, or the
 * asker's note, as the worker writes them) one level below, and the member's or asker's own text
 * nested under its entry. A log in any other shape is nested as a whole.
 */
function debateLogMarkdown(log: string, parent: number): string {
  const entries: { title: string | null; body: string[] }[] = [{ title: null, body: [] }];
  for (const line of log.trim().split(/\r?\n/)) {
    const title = debateEntryTitle(line);
    if (title === null) entries[entries.length - 1]!.body.push(line);
    else entries.push({ title, body: [] });
  }
  return entries
    .flatMap(({ title, body }) => {
      const text = nestHeadings(body.join('\n'), title === null ? parent : parent + 1);
      return [...(title === null ? [] : [headingLine(parent + 1, title)]), ...(text ? [text] : [])];
    })
    .join('\n\n');
}

/**
 * The title of a debate log entry's heading line; null for any other line. It reads the headings
 * buildDebateLog (libs/llm) writes, so a member's own "### Step 1" stays part of its entry.
 */
function debateEntryTitle(line: string): string | null {
  const title = /^### (.+?)[ \t]*$/.exec(line)?.[1];
  if (!title) return null;
  if (/^(?:Opening answer|Round \d+) — /.test(title)) return title;
  const round = /\d+/.exec(title)?.[0];
  return title === WEIGH_IN_TEXTS.noteHeading(round ? Number(round) : 0) ? title : null;
}
