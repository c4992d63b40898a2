import { BRAND_NAME } from '@council/contracts';

/** Sets the tab title; React 19 hoists a rendered <title> into <head>. */
export function DocumentTitle({ title }: { title: string }) {
  return <title>{`${title} · ${BRAND_NAME}`}</title>;
}
