// Not-found screen (spec §2). Both buttons lead home.
export const NOT_FOUND_SCREEN = {
  title: 'Page Not Found',
  text: "The page you're looking for doesn't exist or has been moved.",
  goBackLabel: 'Go Back',
  backHomeLabel: 'Back to Home',
} as const;
