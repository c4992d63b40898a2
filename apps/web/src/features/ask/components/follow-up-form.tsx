import {
  type AskQuestionResult,
  ASK_FORM,
  CONVERSATION_TEXTS,
  QUESTION_MAX_LENGTH,
  type SessionUser,
  WEIGH_IN_TEXTS,
  canUseDebate,
  canUseReasoning,
  memberAnswerKind,
  nobodyCanAnswer,
  spendableTokens,
} from '@council/contracts';
import { MessageSquarePlus } from 'lucide-react';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/components/ui/use-toast';
import { type Catalogue } from '@/lib/catalogue';
import { type CouncilMember } from '@/lib/default-council';
import { type FollowUpInput, useFollowUpThreadLength } from '../api/follow-up';
import { useFollowUp } from '../hooks/use-follow-up';
import { askCheckFailure } from '../utils/ask-checks';
import { councilQuote } from '../utils/council-quote';
import { checkTokenCap } from '../utils/token-cap-check';
import { DemoHint } from './demo-hint';
import { OptionCheckbox } from './option-checkbox';
import { QuestionQuote } from './question-quote';
import { TokenCapField } from './token-cap-field';

interface FollowUpFormProps {
  /** The finished turn to follow up; the new turn joins the end of its conversation. */
  questionId: number;
  /** The conversation's council, which answers again. */
  members: readonly CouncilMember[];
  user: SessionUser | null | undefined;
  catalogue: Catalogue | null;
  onFollowedUp: (result: AskQuestionResult) => void;
}

/**
 * The follow-up box under a finished question (docs/decisions.md, "25. Follow-ups"): the same
 * council answers; debate, reasoning, weigh-in and the cap are chosen again, within the plan. The
 * quote counts the thread each member reads.
 */
export function FollowUpForm({ questionId, members, user, catalogue, onFollowedUp }: FollowUpFormProps) {
  const id = useId();
  const [question, setQuestion] = useState('');
  const [showDebate, setShowDebate] = useState(false);
  const [showReasoning, setShowReasoning] = useState(false);
  const [weighIn, setWeighIn] = useState(false);
  const [capText, setCapText] = useState('');
  const [capVisited, setCapVisited] = useState(false);
  const capInput = useRef<HTMLInputElement>(null);
  const tier = user?.subscriptionTier ?? 'free';
  const premium = Boolean(user) && canUseDebate(tier);
  const reasoningAllowed = Boolean(user) && canUseReasoning(tier);
  const thread = useFollowUpThreadLength(questionId);
  const followUp = useFollowUp({ questionId, onFollowedUp });
  const capCheck = useMemo(
    () => checkTokenCap(capText, user ? spendableTokens(user) : null),
    [capText, user],
  );
  const tokenCap = capCheck.ok ? capCheck.cap : null;
  const quote = useMemo(
    () =>
      catalogue && question.trim() !== ''
        ? councilQuote({
            question,
            members,
            showDebate,
            showReasoning,
            debateLeaderId: null,
            catalogue,
            user,
            tokenCap,
            threadLength: thread.data ?? 0,
          })
        : null,
    [catalogue, question, members, showDebate, showReasoning, user, tokenCap, thread.data],
  );
  const seated = useMemo(
    () =>
      catalogue
        ? members.flatMap((member) => catalogue.agents.find((agent) => agent.id === member.agentId) ?? [])
        : [],
    [catalogue, members],
  );
  const unanswerable =
    question.trim() !== '' &&
    nobodyCanAnswer(seated.map((agent) => memberAnswerKind(agent.demo === true, question.trim())));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (followUp.isPending || unanswerable) return;
    const failure = askCheckFailure({ question, user, showDebate, showReasoning });
    if (failure) {
      toast(failure);
      return;
    }
    if (!capCheck.ok) {
      setCapVisited(true);
      capInput.current?.focus();
      return;
    }
    const input: FollowUpInput = { question: question.trim(), showDebate, showReasoning };
    if (showDebate && weighIn) input.weighIn = true;
    if (capCheck.cap !== null) input.tokenCap = capCheck.cap;
    followUp.mutate(input);
  };

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      aria-label={CONVERSATION_TEXTS.followUpLabel}
      className="space-y-4 rounded-2xl border border-border bg-card p-4 shadow-xs sm:p-6"
    >
      <div className="space-y-2">
        <Label htmlFor={`${id}-question`} className="text-base font-semibold">
          {CONVERSATION_TEXTS.followUpLabel}
        </Label>
        <p id={`${id}-hint`} className="text-sm text-muted-foreground">
          {CONVERSATION_TEXTS.followUpHint}
        </p>
        <Textarea
          id={`${id}-question`}
          name="follow-up"
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
          placeholder={CONVERSATION_TEXTS.followUpPlaceholder}
          maxLength={QUESTION_MAX_LENGTH}
          className="min-h-24"
          aria-describedby={quote ? `${id}-hint ${id}-quote` : `${id}-hint`}
        />
        {quote ? <QuestionQuote id={`${id}-quote`} summary={quote.summary} capLine={quote.capLine} /> : null}
      </div>
      {/* Members without a model answer only the examples: say so here too, and offer them. */}
      <DemoHint members={seated} question={question} onPickExample={setQuestion} />
      <div className="grid gap-3 sm:grid-cols-2">
        <OptionCheckbox
          id={`${id}-debate`}
          label={ASK_FORM.debateLabel}
          hint={ASK_FORM.debateHint}
          checked={showDebate}
          enabled={premium}
          onChange={(value) => {
            setShowDebate(value);
            if (!value) setWeighIn(false);
          }}
        />
        <OptionCheckbox
          id={`${id}-reasoning`}
          label={ASK_FORM.reasoningLabel}
          hint={ASK_FORM.reasoningHint}
          checked={showReasoning}
          enabled={reasoningAllowed}
          onChange={setShowReasoning}
        />
        {premium && showDebate ? (
          <OptionCheckbox
            id={`${id}-weigh-in`}
            label={WEIGH_IN_TEXTS.switchLabel}
            hint={WEIGH_IN_TEXTS.switchHint}
            checked={weighIn}
            enabled
            onChange={setWeighIn}
          />
        ) : null}
        <TokenCapField
          id={`${id}-token-cap`}
          value={capText}
          error={capVisited && !capCheck.ok ? capCheck.error : null}
          onChange={setCapText}
          onBlur={() => setCapVisited(true)}
          inputRef={capInput}
        />
      </div>
      <div className="flex justify-end">
        <Button
          type="submit"
          disabled={followUp.isPending || question.trim() === '' || unanswerable}
          className="w-full sm:w-auto"
        >
          <MessageSquarePlus aria-hidden="true" />
          {followUp.isPending ? CONVERSATION_TEXTS.followUpSending : CONVERSATION_TEXTS.followUpButton}
        </Button>
      </div>
    </form>
  );
}
