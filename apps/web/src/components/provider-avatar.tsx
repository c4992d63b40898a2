import type { BuiltInProvider, CONSENSUS_PROVIDER, ResponseProvider } from '@council/contracts';
import { cn } from '@/lib/utils';

const PROVIDER_COLOURS: Readonly<Record<BuiltInProvider | typeof CONSENSUS_PROVIDER, string>> = {
  openai: 'bg-emerald-100 text-emerald-800',
  anthropic: 'bg-orange-100 text-orange-800',
  xai: 'bg-slate-200 text-slate-800',
  consensus: 'bg-primary text-primary-foreground',
};

/** Colours for providers an operator adds; none repeats a built-in one, so the two never look alike. */
export const ADDED_PROVIDER_COLOURS = [
  'bg-sky-100 text-sky-800',
  'bg-violet-100 text-violet-800',
  'bg-rose-100 text-rose-800',
  'bg-amber-100 text-amber-900',
  'bg-teal-100 text-teal-800',
  'bg-indigo-100 text-indigo-800',
] as const;

/** The built-in colours, else one picked by the provider's key, so a provider keeps it on every page. */
export function providerColour(provider: ResponseProvider): string {
  if (Object.hasOwn(PROVIDER_COLOURS, provider)) {
    return PROVIDER_COLOURS[provider as keyof typeof PROVIDER_COLOURS];
  }
  let hash = 0;
  for (const character of provider) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) >>> 0;
  return ADDED_PROVIDER_COLOURS[hash % ADDED_PROVIDER_COLOURS.length] ?? ADDED_PROVIDER_COLOURS[0];
}

interface ProviderAvatarProps {
  provider: ResponseProvider;
  name: string;
  logoUrl?: string | null;
  className?: string;
}

/** An agent's logo, or its initial on the provider's colour. Decorative: the name is shown beside it. */
export function ProviderAvatar({ provider, name, logoUrl, className }: ProviderAvatarProps) {
  const base = 'inline-flex size-9 shrink-0 items-center justify-center rounded-full text-sm font-semibold';
  if (logoUrl) {
    return <img src={logoUrl} alt="" className={cn(base, 'bg-muted object-cover', className)} />;
  }
  return (
    <span aria-hidden="true" className={cn(base, providerColour(provider), className)}>
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
