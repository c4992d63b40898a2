import {
  COMING_SOON_MODEL_PROVIDERS,
  COMING_SOON_MODELS,
  LEGAL_LAST_UPDATED,
  MINIMUM_USER_AGE,
} from './marketing.constants';
import { FOOTER_LINK_GROUPS } from './navigation.constants';
import {
  PUBLIC_HEADER_LINKS,
  PUBLIC_HEADER_SIGN_IN_LINK,
  publicHeaderLinkTarget,
} from './public-header.constants';
import { PRODUCT_FEATURES_SECTION_ID, SUPPORT_SECTION_IDS } from './support.constants';

describe('marketing facts (spec §1)', () => {
  it('dates the legal pages, sets the age floor and names the coming-soon models', () => {
    expect(LEGAL_LAST_UPDATED).toBe('24 April 2025');
    expect(MINIMUM_USER_AGE).toBe(13);
    expect(COMING_SOON_MODELS).toEqual(['Llama', 'Gemini', 'Mistral']);
  });

  it('names the catalogue providers that serve each of them', () => {
    expect(COMING_SOON_MODEL_PROVIDERS).toEqual({
      Llama: ['llama', 'local'],
      Gemini: ['gemini'],
      Mistral: ['mistral'],
    });
  });
});

describe('public header (spec §2, DECISIONS 1)', () => {
  it('links to the spec paths, which land on the real routes', () => {
    expect(PUBLIC_HEADER_LINKS.map((link) => [link.path, publicHeaderLinkTarget(link.path)])).toEqual([
      ['/features', '/product'],
      ['/pricing', '/subscription'],
      ['/meet-the-council', '/company'],
    ]);
    expect(PUBLIC_HEADER_SIGN_IN_LINK).toEqual({ label: 'Sign in', path: '/auth' });
  });
});

describe('anchor targets', () => {
  it('are the ids the footer links scroll to', () => {
    const hashes = FOOTER_LINK_GROUPS.flatMap((group) => group.links)
      .map((link) => link.path.split('#')[1])
      .filter((hash): hash is string => hash !== undefined);
    expect(hashes).toEqual([
      PRODUCT_FEATURES_SECTION_ID,
      SUPPORT_SECTION_IDS.documentation,
      SUPPORT_SECTION_IDS.helpCenter,
      SUPPORT_SECTION_IDS.contact,
    ]);
  });
});
