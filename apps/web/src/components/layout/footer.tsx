import { FOOTER_LINK_GROUPS, FOOTER_TAGLINE, copyrightLine } from '@council/contracts';
import { Link } from 'react-router-dom';
import { Logo } from './logo';

export function Footer() {
  return (
    <footer className="border-t border-border bg-card">
      <div className="page-container grid gap-10 py-12 md:grid-cols-[2fr_3fr]">
        <div>
          <Logo />
          <p className="mt-3 max-w-sm text-sm leading-relaxed text-muted-foreground">{FOOTER_TAGLINE}</p>
        </div>
        <div className="grid grid-cols-2 gap-8 sm:grid-cols-3">
          {FOOTER_LINK_GROUPS.map((group) => (
            <nav key={group.title} aria-label={group.title}>
              <h2 className="text-sm font-semibold text-foreground">{group.title}</h2>
              <ul className="mt-3 space-y-2">
                {group.links.map((link) => (
                  <li key={link.path}>
                    <Link
                      to={link.path}
                      className="rounded-sm text-sm text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-ring"
                    >
                      {link.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </nav>
          ))}
        </div>
      </div>
      <div className="border-t border-border">
        <p className="page-container py-6 text-sm text-muted-foreground">
          {copyrightLine(new Date().getFullYear())}
        </p>
      </div>
    </footer>
  );
}
