import { type ResponseProvider } from '@council/contracts';
import { cn } from '@/lib/utils';

const PROVIDER_COLOURS: Readonly<Record<ResponseProvider, string>> = {
  openai: 'bg-emerald-100 text-emerald-800',
  anthropic: 'bg-orange-100 text-orange-800',
  xai: 'bg-slate-200 text-slate-800',
  consensus: 'bg-primary text-primary-foreground',
};

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
    <span aria-hidden="true" className={cn(base, PROVIDER_COLOURS[provider], className)}>
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
