import {
  FREE_QUERIES_TOTAL,
  PAGE_TITLES,
  PRODUCT_FEATURES_SECTION_ID,
  ROUTE_PATHS,
} from '@council/contracts';
import { ArrowRight, Check } from 'lucide-react';
import { Link } from 'react-router-dom';
import { PageHeader } from '@/components/layout/page-header';
import { Badge } from '@/components/ui/badge';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { HOW_IT_WORKS_STEPS, PRODUCT_FEATURES } from '../content/features';

/** /product (spec §2): what Council does, in six feature cards. */
export function ProductPage() {
  return (
    <div className="page-container space-y-16 py-12 sm:py-16">
      <div>
        <PageHeader
          title={PAGE_TITLES.product}
          description="One question, several AI assistants, one clearer answer. Council lets you compare leading models side by side, watch them debate, and see how they reason."
        />
        <div className="mt-8 flex flex-col gap-3 sm:flex-row">
          <Button asChild size="lg">
            <Link to={ROUTE_PATHS.register}>
              {`Start with ${FREE_QUERIES_TOTAL} free queries`}
              <ArrowRight aria-hidden="true" />
            </Link>
          </Button>
          <Button asChild size="lg" variant="outline">
            <Link to={ROUTE_PATHS.subscription}>See pricing</Link>
          </Button>
        </div>
      </div>

      <section id={PRODUCT_FEATURES_SECTION_ID} aria-labelledby="features-heading">
        <h2 id="features-heading" className="text-2xl font-bold tracking-tight text-foreground">
          Everything the council can do
        </h2>
        <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
          {PRODUCT_FEATURES.map((feature) => {
            const Icon = feature.icon;
            return (
              <li key={feature.id} className="flex">
                <Card className="w-full">
                  <CardHeader className="pb-4">
                    <div className="mb-2 flex items-center justify-between gap-3">
                      <span className="flex size-10 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
                        <Icon aria-hidden="true" className="size-5" />
                      </span>
                      <Badge variant={feature.availability === 'Every plan' ? 'muted' : 'secondary'}>
                        {feature.availability}
                      </Badge>
                    </div>
                    <CardTitle as="h3">{feature.title}</CardTitle>
                    <CardDescription>{feature.summary}</CardDescription>
                  </CardHeader>
                  <CardContent>
                    <ul className="space-y-2 text-sm text-foreground">
                      {feature.points.map((point) => (
                        <li key={point} className="flex gap-2">
                          <Check aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
                          <span>{point}</span>
                        </li>
                      ))}
                    </ul>
                  </CardContent>
                </Card>
              </li>
            );
          })}
        </ul>
      </section>

      <section aria-labelledby="how-it-works-heading">
        <h2 id="how-it-works-heading" className="text-2xl font-bold tracking-tight text-foreground">
          How it works
        </h2>
        <ol className="mt-6 grid gap-4 md:grid-cols-3">
          {HOW_IT_WORKS_STEPS.map((step, index) => (
            <li key={step.title} className="rounded-xl border border-border bg-card p-6 shadow-xs">
              <span
                aria-hidden="true"
                className="flex size-8 items-center justify-center rounded-full bg-primary text-sm font-semibold text-primary-foreground"
              >
                {index + 1}
              </span>
              <h3 className="mt-4 font-semibold text-foreground">{step.title}</h3>
              <p className="mt-2 text-sm leading-relaxed text-muted-foreground">{step.text}</p>
            </li>
          ))}
        </ol>
      </section>

      <section
        aria-labelledby="product-cta-heading"
        className="flex flex-col items-start gap-6 rounded-2xl bg-primary p-6 text-primary-foreground sm:p-10 md:flex-row md:items-center md:justify-between"
      >
        <div className="max-w-xl">
          <h2 id="product-cta-heading" className="text-2xl font-bold tracking-tight">
            Put your next question to the council
          </h2>
          <p className="mt-2 text-primary-foreground/90">
            {`Create a free account and get ${FREE_QUERIES_TOTAL} queries to try it. No card needed.`}
          </p>
        </div>
        <div className="flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
          <Button asChild size="lg" variant="secondary">
            <Link to={ROUTE_PATHS.register}>Create a free account</Link>
          </Button>
          <Button
            asChild
            size="lg"
            variant="ghost"
            className="text-primary-foreground hover:bg-primary-hover hover:text-primary-foreground"
          >
            <Link to={ROUTE_PATHS.company}>Meet the Council</Link>
          </Button>
        </div>
      </section>
    </div>
  );
}
