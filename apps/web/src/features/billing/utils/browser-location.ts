// Full-page navigations of the billing flows (checkout, portal), behind one object so tests can spy
// on them: jsdom cannot navigate.
export const browserLocation = {
  /** Leaves the app for `url` (a checkout or portal page, or our own page with a fresh load). */
  assign(url: string): void {
    window.location.assign(url);
  },
};
