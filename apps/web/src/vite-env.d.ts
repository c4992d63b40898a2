/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** Stripe's public key, only for the session-id checkout fallback (spec §7, DECISIONS 9). */
  readonly VITE_STRIPE_PUBLISHABLE_KEY?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
