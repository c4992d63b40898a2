import AxeBuilder from '@axe-core/playwright';
import { expect, test } from '@playwright/test';

// Serious and critical WCAG A/AA findings (contrast, names, landmarks) fail the build; minor ones are
// left to review.
for (const path of ['/auth', '/product', '/no-such-page']) {
  test(`${path} has no serious accessibility violations`, async ({ page }) => {
    await page.goto(path);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const { violations } = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa']).analyze();
    const serious = violations.filter((violation) =>
      ['serious', 'critical'].includes(violation.impact ?? ''),
    );
    expect(
      serious.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
  });
}
