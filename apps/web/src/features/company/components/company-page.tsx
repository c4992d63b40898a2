import {
  MODEL_AVAILABILITY_TEXTS,
  type ModelResponse,
  PAGE_TITLES,
  type BuiltInProvider,
  type Provider,
  ROUTE_PATHS,
  SUPPORT_SECTION_IDS,
  contextWindowLabel,
  modelLabel,
} from '@council/contracts';
import { Check, Minus } from 'lucide-react';
import { Link } from 'react-router-dom';
import { DefaultCouncilSummary } from '@/components/council/default-council-summary';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useAvailableModels, useCatalogue } from '@/lib/catalogue';
import { defaultCouncil } from '@/lib/default-council';
import { cn } from '@/lib/utils';
import { COMING_SOON_PROFILES, COMPANY_VALUES, MODEL_PROFILES, type ModelProfile } from '../content/company';

const PROVIDER_MARK: Readonly<Record<BuiltInProvider, { letter: string; className: string }>> = {
  openai: { letter: 'O', className: 'bg-emerald-700' },
  anthropic: { letter: 'A', className: 'bg-orange-700' },
  xai: { letter: 'x', className: 'bg-slate-900' },
};

function ProviderMark({ provider }: { provider: BuiltInProvider }) {
  const mark = PROVIDER_MARK[provider];
  return (
    <span
      aria-hidden="true"
      className={cn(
        'flex size-11 shrink-0 items-center justify-center rounded-xl text-lg font-bold text-white',
        mark.className,
      )}
    >
      {mark.letter}
    </span>
  );
}

/** The model a new council seats for each provider, from the catalogue (so it matches the cards). */
function useDefaultModels(): Partial<Record<Provider, ModelResponse>> {
  const { catalogue } = useCatalogue();
  if (!catalogue) return {};
  const byProvider: Partial<Record<Provider, ModelResponse>> = {};
  for (const member of defaultCouncil(catalogue)) {
    const agent = catalogue.agents.find((candidate) => candidate.id === member.agentId);
    const model = catalogue.models.find((candidate) => candidate.id === member.modelId);
    if (agent && model) byProvider[agent.provider] = model;
  }
  return byProvider;
}

function ProfileCard({ profile, model }: { profile: ModelProfile; model?: ModelResponse }) {
  const headingId = `profile-${profile.provider}`;
  return (
    <Card aria-labelledby={headingId} role="article" className="h-full">
      <CardHeader className="pb-4">
        <div className="flex items-center gap-3">
          <ProviderMark provider={profile.provider} />
          <div>
            <CardTitle as="h3" id={headingId}>
              {profile.assistant}
            </CardTitle>
            <p className="text-sm text-muted-foreground">{`by ${profile.developer}`}</p>
          </div>
        </div>
        {model ? (
          <div className="mt-3 flex flex-wrap gap-2">
            <Badge variant="secondary">{modelLabel(model)}</Badge>
            <Badge variant="outline">{`${contextWindowLabel(model.contextWindow)} context`}</Badge>
            {model.facts ? <Badge variant="outline">{`Released ${model.facts.releaseDate}`}</Badge> : null}
          </div>
        ) : null}
        <CardDescription className="mt-2">{profile.summary}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-1 flex-col gap-5">
        <div>
          <h4 className="text-sm font-semibold text-foreground">Strengths</h4>
          <ul className="mt-2 space-y-2 text-sm text-foreground">
            {profile.pros.map((pro) => (
              <li key={pro} className="flex gap-2">
                <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-emerald-700" />
                <span>{pro}</span>
              </li>
            ))}
          </ul>
        </div>
        <div>
          <h4 className="text-sm font-semibold text-foreground">Limitations</h4>
          <ul className="mt-2 space-y-2 text-sm text-foreground">
            {profile.cons.map((con) => (
              <li key={con} className="flex gap-2">
                <Minus aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-orange-700" />
                <span>{con}</span>
              </li>
            ))}
          </ul>
        </div>
        <p className="mt-auto border-t border-border pt-4 text-sm text-muted-foreground">
          <span className="font-medium text-foreground">Also on the council: </span>
          {profile.alsoOnTheCouncil.join(', ')}
        </p>
      </CardContent>
    </Card>
  );
}

/** The models the spec lists as coming soon, each marked available once the server serves it. */
function MoreModels() {
  const available = useAvailableModels();
  const someAvailable = available.size > 0;
  return (
    <section aria-labelledby="coming-soon-heading">
      <h2 id="coming-soon-heading" className="text-2xl font-bold tracking-tight text-foreground">
        {someAvailable
          ? MODEL_AVAILABILITY_TEXTS.sectionSomeAvailable
          : MODEL_AVAILABILITY_TEXTS.sectionComingSoon}
      </h2>
      <p className="mt-2 max-w-2xl text-muted-foreground">
        {someAvailable
          ? MODEL_AVAILABILITY_TEXTS.introSomeAvailable
          : MODEL_AVAILABILITY_TEXTS.introComingSoon}
      </p>
      <ul className="mt-6 grid gap-4 sm:grid-cols-3">
        {COMING_SOON_PROFILES.map((model) => {
          const isAvailable = available.has(model.name);
          return (
            <li
              key={model.name}
              className={cn(
                'rounded-xl border bg-card p-6',
                isAvailable ? 'border-border shadow-xs' : 'border-dashed border-input bg-card/60',
              )}
            >
              <div className="flex items-center justify-between gap-3">
                <h3 className="text-lg font-semibold text-foreground">{model.name}</h3>
                <Badge variant={isAvailable ? 'secondary' : 'outline'}>
                  {isAvailable ? MODEL_AVAILABILITY_TEXTS.available : MODEL_AVAILABILITY_TEXTS.comingSoon}
                </Badge>
              </div>
              <p className="mt-1 text-sm text-muted-foreground">{`by ${model.developer}`}</p>
              <p className="mt-3 text-sm leading-relaxed text-foreground">{model.text}</p>
              {isAvailable ? (
                <p className="mt-3 text-sm font-medium text-foreground">
                  {MODEL_AVAILABILITY_TEXTS.availableNote}
                </p>
              ) : null}
            </li>
          );
        })}
      </ul>
    </section>
  );
}

/** /company (spec §2): the assistants with their pros and cons, the models coming soon, mission and values. */
export function CompanyPage() {
  const defaultModels = useDefaultModels();
  return (
    <div className="page-container space-y-16 py-12 sm:py-16">
      <PageHeader
        title={PAGE_TITLES.company}
        description="Council brings the leading AI assistants to one table, so you can hear them all before you decide what to believe."
      />

      <section aria-labelledby="mission-heading" className="grid gap-8 lg:grid-cols-2 lg:items-center">
        <div>
          <h2 id="mission-heading" className="text-2xl font-bold tracking-tight text-foreground">
            Our mission
          </h2>
          <div className="mt-4 space-y-4 leading-relaxed text-muted-foreground">
            <p>
              Every AI model is trained differently, and every one of them is sometimes confidently wrong.
              Asking just one means trusting its blind spots without seeing them.
            </p>
            <p>
              We build Council for researchers, professionals, students and anyone curious, so that they can
              put the same question to several assistants, see where they agree, and let them argue out where
              they do not. The collective view is more reliable than any single voice.
            </p>
          </div>
        </div>
        <figure className="rounded-2xl border border-border bg-card p-6 shadow-xs sm:p-8">
          <blockquote className="text-lg font-medium leading-relaxed text-foreground">
            “When models disagree, that disagreement is information. Council makes it visible instead of
            hiding it behind one confident answer.”
          </blockquote>
          <figcaption className="mt-4 text-sm text-muted-foreground">The Council team</figcaption>
        </figure>
      </section>

      <section aria-labelledby="members-heading">
        <h2 id="members-heading" className="text-2xl font-bold tracking-tight text-foreground">
          The council members
        </h2>
        <p className="mt-2 max-w-2xl text-muted-foreground">
          Three providers, each with its own strengths. The default council seats one assistant from each
          provider that is connected; on Premium and Max you can choose other agents and models too.
        </p>
        <div className="mt-6">
          <DefaultCouncilSummary headingId="default-council-heading" />
        </div>
        <ul className="mt-6 grid gap-4 lg:grid-cols-3">
          {MODEL_PROFILES.map((profile) => (
            <li key={profile.provider}>
              <ProfileCard profile={profile} model={defaultModels[profile.provider]} />
            </li>
          ))}
        </ul>
      </section>

      <MoreModels />

      <section aria-labelledby="values-heading">
        <h2 id="values-heading" className="text-2xl font-bold tracking-tight text-foreground">
          What we value
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2">
          {COMPANY_VALUES.map(({ title, text, icon: Icon }) => (
            <li key={title} className="flex gap-4 rounded-xl border border-border bg-card p-6 shadow-xs">
              <span className="flex size-10 shrink-0 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
                <Icon aria-hidden="true" className="size-5" />
              </span>
              <div>
                <h3 className="font-semibold text-foreground">{title}</h3>
                <p className="mt-1 text-sm leading-relaxed text-muted-foreground">{text}</p>
              </div>
            </li>
          ))}
        </ul>
      </section>

      <section
        aria-labelledby="company-cta-heading"
        className="flex flex-col items-start gap-4 rounded-2xl border border-border bg-secondary p-6 sm:p-10 md:flex-row md:items-center md:justify-between"
      >
        <div>
          <h2 id="company-cta-heading" className="text-xl font-bold tracking-tight text-secondary-foreground">
            Questions about Council?
          </h2>
          <p className="mt-1 text-secondary-foreground">
            We read every message and reply within one working day.
          </p>
        </div>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button asChild variant="outline">
            <Link to={`${ROUTE_PATHS.support}#${SUPPORT_SECTION_IDS.contact}`}>Contact us</Link>
          </Button>
          <Button asChild>
            <Link to={ROUTE_PATHS.product}>Explore the features</Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
