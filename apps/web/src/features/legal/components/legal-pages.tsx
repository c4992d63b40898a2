import { COOKIES_CONTENT } from '../content/cookies-content';
import { PRIVACY_CONTENT } from '../content/privacy-content';
import { TERMS_CONTENT } from '../content/terms-content';
import { LegalDocument } from './legal-document';

export function TermsPage() {
  return <LegalDocument content={TERMS_CONTENT} />;
}

export function PrivacyPage() {
  return <LegalDocument content={PRIVACY_CONTENT} />;
}

export function CookiesPage() {
  return <LegalDocument content={COOKIES_CONTENT} />;
}
