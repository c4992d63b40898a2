import { SUPPORT_SECTION_IDS } from '@council/contracts';
import { ArrowRight } from 'lucide-react';
import { Card, CardContent, CardDescription, CardFooter, CardHeader, CardTitle } from '@/components/ui/card';
import { DOCUMENTATION_CATEGORIES, type DocumentationCategory } from '../content/documentation';
import { FAQ_ITEMS } from '../content/faq';

interface DocumentationSectionProps {
  /** Opens the help centre with this category's questions. */
  onBrowse: (category: DocumentationCategory) => void;
}

/** Documentation categories (spec §2): a short guide each, and a way into the matching questions. */
export function DocumentationSection({ onBrowse }: DocumentationSectionProps) {
  return (
    <section id={SUPPORT_SECTION_IDS.documentation} aria-labelledby="documentation-heading">
      <div className="max-w-2xl">
        <h2 id="documentation-heading" className="text-2xl font-bold tracking-tight text-foreground">
          Documentation
        </h2>
        <p className="mt-2 text-muted-foreground">
          Short guides to every part of Council. Each topic links to the questions people ask about it.
        </p>
      </div>
      <ul className="mt-6 grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
        {DOCUMENTATION_CATEGORIES.map((category) => {
          const Icon = category.icon;
          const questions = FAQ_ITEMS.filter((item) => item.category === category.id).length;
          return (
            <li key={category.id} className="flex">
              <Card className="w-full">
                <CardHeader className="pb-4">
                  <span className="mb-2 flex size-10 items-center justify-center rounded-lg bg-secondary text-secondary-foreground">
                    <Icon aria-hidden="true" className="size-5" />
                  </span>
                  <CardTitle as="h3">{category.title}</CardTitle>
                  <CardDescription>{category.description}</CardDescription>
                </CardHeader>
                <CardContent>
                  <ul className="space-y-2 text-sm text-foreground">
                    {category.guides.map((guide) => (
                      <li key={guide} className="flex gap-2">
                        <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-primary" />
                        <span>{guide}</span>
                      </li>
                    ))}
                  </ul>
                </CardContent>
                <CardFooter>
                  <button
                    type="button"
                    onClick={() => onBrowse(category)}
                    className="inline-flex items-center gap-1.5 rounded-sm text-sm font-medium text-primary underline-offset-4 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                  >
                    {`Browse ${questions} questions`}
                    <span className="sr-only">{` about ${category.title}`}</span>
                    <ArrowRight aria-hidden="true" className="size-4" />
                  </button>
                </CardFooter>
              </Card>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
