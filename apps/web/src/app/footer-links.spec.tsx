import { FOOTER_LINK_GROUPS } from '@council/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockFetch, textResponse } from '@/testing/mock-fetch';
import { renderApp } from '@/testing/render-app';

const footerPaths = FOOTER_LINK_GROUPS.flatMap((group) => group.links.map((link) => link.path));

describe('footer links (spec §2)', () => {
  it.each(footerPaths)('%s opens a real page with its anchor', async (path) => {
    mockFetch(() => textResponse('Unauthorized', 401, 'Unauthorized'));
    const [pathname = '', hash] = path.split('#');
    const { router } = renderApp(path);

    const heading = await screen.findByRole('heading', { level: 1 });
    expect(heading).not.toHaveTextContent('Page Not Found');
    expect(router.state.location.pathname).toBe(pathname);
    if (hash) expect(document.getElementById(hash)).toBeInTheDocument();
  });
});
