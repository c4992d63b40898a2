import {
  ASK_FORM,
  ASK_TOASTS,
  QUESTION_BOX_MIN_HEIGHT_PX,
  PLANS,
  QUESTION_MAX_LENGTH,
  type SessionUser,
  canChangeAgents,
  canPickDebateLeader,
  canUseDebate,
  canUseReasoning,
  memberAnswerKind,
  nobodyCanAnswer,
  spendableTokens,
  WEIGH_IN_TEXTS,
} from '@council/contracts';
import { RotateCcw, Send } from 'lucide-react';
import { type FormEvent, useId, useMemo, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Label } from '@/components/ui/label';
import { Textarea } from '@/components/ui/textarea';
import { Skeleton } from '@/components/ui/skeleton';
import { toast } from '@/components/ui/use-toast';
import { type Catalogue } from '@/lib/catalogue';
import { type AskQuestionInput } from '../api/ask-question';
import { useCouncilStore } from '../stores/council-store';
import { askCheckFailure } from '../utils/ask-checks';
import { councilQuote } from '../utils/council-quote';
import { checkTokenCap } from '../utils/token-cap-check';
import { AddMemberControl } from './add-member-control';
import { CouncilMemberCard } from './council-member-card';
import { DemoHint } from './demo-hint';
import { QuestionQuote } from './question-quote';
import { OptionCheckbox } from './option-checkbox';
import { TokenCapField } from './token-cap-field';

interface QuestionFormProps {
  user: SessionUser | null | undefined;
  catalogue: Catalogue | null;
  pending: boolean;
  onSubmit: (input: AskQuestionInput) => void;
  /** The agents or models could not be loaded: say so, offer to try again, and ask nothing. */
  catalogueFailed?: boolean;
  onRetryCatalogue?: () => void;
}

/** The question form (spec §2, §4, §5). */
export function QuestionForm({
  user,
  catalogue,
  catalogueFailed = false,
  onRetryCatalogue,
  pending,
  onSubmit,
}: QuestionFormProps) {
  const id = useId();
  const [question, setQuestion] = useState('');
  const council = useCouncilStore();
  const tier = user?.subscriptionTier ?? 'free';
  const premium = Boolean(user) && canUseDebate(tier);
  const reasoningAllowed = Boolean(user) && canUseReasoning(tier);
  const editable = Boolean(user) && canChangeAgents(tier);
  const leaderPickable =
    Boolean(user) && canPickDebateLeader(tier, council.showDebate, council.members.length);
  const { members, showDebate, showReasoning, debateLeaderId } = council;
  const capCheck = useMemo(
    () => checkTokenCap(council.tokenCap, user ? spendableTokens(user) : null),
    [council.tokenCap, user],
  );
  const tokenCap = capCheck.ok ? capCheck.cap : null;
  // The cap's message waits until the asker leaves the field or asks, not at the first digit typed.
  const [capVisited, setCapVisited] = useState(false);
  const capInput = useRef<HTMLInputElement>(null);
  // The price before you ask: recomputed as the question, the council and the cap change.
  const quote = useMemo(
    () =>
      catalogue
        ? councilQuote({
            question,
            members,
            showDebate,
            showReasoning,
            debateLeaderId,
            catalogue,
            user,
            tokenCap,
          })
        : null,
    [question, members, showDebate, showReasoning, debateLeaderId, catalogue, user, tokenCap],
  );

  const seated = useMemo(
    () =>
      catalogue
        ? members.flatMap((member) => catalogue.agents.find((agent) => agent.id === member.agentId) ?? [])
        : [],
    [catalogue, members],
  );
  // Nobody could answer: the hint says why, and the question is not sent (the server refuses it too).
  const unanswerable =
    question.trim() !== '' &&
    nobodyCanAnswer(seated.map((agent) => memberAnswerKind(agent.demo === true, question.trim())));

  const handleSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending || unanswerable) return;
    const failure = askCheckFailure({
      question,
      user,
      showDebate: council.showDebate,
      showReasoning: council.showReasoning,
    });
    if (failure) {
      toast(failure);
      return;
    }
    if (!capCheck.ok) {
      setCapVisited(true);
      capInput.current?.focus();
      return;
    }
    onSubmit(buildAskInput(question, council, capCheck.cap));
  };

  /** A free user who somehow toggles a premium option gets the spec's toast instead. */
  const guardPremium = (allowed: boolean, apply: () => void) => {
    if (!allowed) {
      toast(ASK_TOASTS.premiumFeature);
      return;
    }
    apply();
  };

  return (
    <form
      onSubmit={handleSubmit}
      noValidate
      className="space-y-6 rounded-2xl border border-border bg-card p-4 shadow-xs sm:p-6"
    >
      <div className="space-y-2">
        <Label htmlFor={`${id}-question`}>{ASK_FORM.questionLabel}</Label>
        <Textarea
          id={`${id}-question`}
          name="question"
          value={question}
          onChange={(event) => setQuestion(event.target.value)}
          onKeyDown={(event) => {
            // Ctrl+Enter (Cmd+Enter on a Mac) asks, as in other chat products; Enter alone is a new line.
            if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) {
              event.preventDefault();
              event.currentTarget.form?.requestSubmit();
            }
          }}
          placeholder={ASK_FORM.questionPlaceholder}
          maxLength={QUESTION_MAX_LENGTH}
          style={{ minHeight: QUESTION_BOX_MIN_HEIGHT_PX }}
          aria-describedby={quote ? `${id}-quote` : undefined}
        />
        {quote ? <QuestionQuote id={`${id}-quote`} summary={quote.summary} capLine={quote.capLine} /> : null}
      </div>

      {catalogue ? <DemoHint members={seated} question={question} onPickExample={setQuestion} /> : null}

      <div className="grid gap-3 sm:grid-cols-2">
        <OptionCheckbox
          id={`${id}-debate`}
          label={ASK_FORM.debateLabel}
          hint={ASK_FORM.debateHint}
          checked={council.showDebate}
          enabled={premium}
          onChange={(value) => guardPremium(premium, () => council.setShowDebate(value))}
        />
        <OptionCheckbox
          id={`${id}-reasoning`}
          label={ASK_FORM.reasoningLabel}
          hint={ASK_FORM.reasoningHint}
          checked={council.showReasoning}
          enabled={reasoningAllowed}
          onChange={(value) => guardPremium(reasoningAllowed, () => council.setShowReasoning(value))}
        />
        {premium && council.showDebate ? (
          <OptionCheckbox
            id={`${id}-weigh-in`}
            label={WEIGH_IN_TEXTS.switchLabel}
            hint={WEIGH_IN_TEXTS.switchHint}
            checked={council.weighIn}
            enabled
            onChange={council.setWeighIn}
          />
        ) : null}
        <TokenCapField
          id={`${id}-token-cap`}
          value={council.tokenCap}
          error={capVisited && !capCheck.ok ? capCheck.error : null}
          onChange={council.setTokenCap}
          onBlur={() => setCapVisited(true)}
          inputRef={capInput}
        />
      </div>

      <div role="group" aria-labelledby={`${id}-council`} className="space-y-3">
        <div className="flex flex-wrap items-end justify-between gap-2">
          <div>
            <h2 id={`${id}-council`} className="text-sm font-semibold text-foreground">
              {ASK_FORM.councilHeading}
            </h2>
            <p className="mt-1 text-xs text-muted-foreground">
              {leaderPickable
                ? ASK_FORM.leaderHint
                : editable
                  ? ASK_FORM.councilHintPaid
                  : ASK_FORM.councilHintFree}
            </p>
          </div>
          <AddMemberControl
            tier={tier}
            editable={editable}
            catalogue={catalogue}
            members={council.members}
            onAdd={() => catalogue && council.addMember(tier, catalogue)}
          />
        </div>
        <div className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
          {catalogue
            ? council.members.map((member) => (
                <CouncilMemberCard
                  key={member.order}
                  member={member}
                  agents={catalogue.agents}
                  models={catalogue.models}
                  roles={catalogue.roles}
                  editable={editable}
                  removable={Boolean(user) && PLANS[tier].features.removeAgents}
                  leaderPickable={leaderPickable}
                  isLeader={leaderPickable && council.debateLeaderId === member.agentId}
                  onAgentChange={(agentId) => council.changeAgent(tier, member.order, agentId, catalogue)}
                  onModelChange={(modelId) => council.changeModel(tier, member.order, modelId)}
                  onRoleChange={(roleId) => council.changeRole(tier, member.order, roleId)}
                  onRemove={() => council.removeMember(tier, member.order)}
                  onPickLeader={() => council.toggleDebateLeader(member.agentId)}
                />
              ))
            : null}
        </div>
        {!catalogue && catalogueFailed ? (
          <div
            role="alert"
            className="flex flex-wrap items-center justify-between gap-3 rounded-xl border border-destructive/40 bg-destructive/5 p-4 text-sm text-foreground"
          >
            <span>{ASK_FORM.catalogueFailed}</span>
            <Button variant="outline" size="sm" onClick={onRetryCatalogue}>
              <RotateCcw aria-hidden="true" />
              {ASK_FORM.catalogueRetry}
            </Button>
          </div>
        ) : null}
        {!catalogue && !catalogueFailed ? (
          <div
            role="status"
            aria-label={ASK_FORM.catalogueLoading}
            className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3"
          >
            {[0, 1, 2].map((index) => (
              <Skeleton key={index} className="h-40 rounded-xl" />
            ))}
          </div>
        ) : null}
      </div>

      {/* On a phone the members stack far below the question box: the ask stays in reach. */}
      <div
        className="sticky bottom-0 z-10 -mx-1 flex justify-end border-t border-border bg-background/95 px-1 py-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0 sm:backdrop-blur-none"
        data-testid="ask-action"
      >
        <Button
          type="submit"
          size="lg"
          disabled={pending || !catalogue || unanswerable}
          className="w-full sm:w-auto"
        >
          <Send aria-hidden="true" />
          {pending ? ASK_FORM.submitting : ASK_FORM.submit}
        </Button>
      </div>
    </form>
  );
}

/**
 * The POST body (spec §3 "Question submission"): the leader only with debate on and one chosen;
 * weighIn only with debate on and the option chosen; tokenCap only with a limit (checkTokenCap).
 */
export function buildAskInput(
  question: string,
  council: Pick<
    ReturnType<typeof useCouncilStore.getState>,
    'members' | 'showDebate' | 'showReasoning' | 'debateLeaderId' | 'weighIn'
  >,
  tokenCap: number | null = null,
): AskQuestionInput {
  const input: AskQuestionInput = {
    question: question.trim(),
    showDebate: council.showDebate,
    showReasoning: council.showReasoning,
    agents: council.members.map(({ agentId, modelId, roleId, order }) =>
      roleId === null ? { agentId, modelId, order } : { agentId, modelId, roleId, order },
    ),
  };
  if (council.showDebate && council.debateLeaderId !== null) input.debateLeaderId = council.debateLeaderId;
  if (council.showDebate && council.weighIn) input.weighIn = true;
  if (tokenCap !== null) input.tokenCap = tokenCap;
  return input;
}
