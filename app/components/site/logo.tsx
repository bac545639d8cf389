// The site logo: the light (green) version, or the grey version when the `dark` class is on <html>.
import { Link } from 'react-router';
import { SITE_NAME } from './site';

export function LogoMark({ className = 'h-7 w-7' }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={className} data-logo>
      <rect width="32" height="32" rx="6" className="fill-brand dark:fill-slate-400" />
      <g className="fill-white dark:fill-slate-900">
        <rect x="7" y="17" width="4" height="8" rx="1" />
        <rect x="14" y="11" width="4" height="14" rx="1" />
        <rect x="21" y="6" width="4" height="19" rx="1" />
      </g>
    </svg>
  );
}

function Logo() {
  return (
    <span className="flex items-center gap-2 font-semibold tracking-tight">
      <LogoMark />
      {/* Below the sm breakpoint the mark alone leaves room for the theme switch, sign-in and menu. */}
      <span className="hidden sm:inline">{SITE_NAME}</span>
    </span>
  );
}

/**
 * The logo as the link home. Its name starts with the name it shows (WCAG 2.5.3, label in name), and names the link
 * below the sm breakpoint, where only the mark shows.
 */
export function HomeLink() {
  return (
    <Link to="/" aria-label={`${SITE_NAME} home`} className="shrink-0">
      <Logo />
    </Link>
  );
}

/** The first stop of the keyboard: hidden until focused, it jumps past the header to `<main id="main">`. */
export function SkipLink() {
  return (
    <a
      href="#main"
      className="sr-only rounded-md bg-white px-3 py-2 text-sm font-medium text-slate-900 shadow focus:not-sr-only focus:absolute focus:top-2 focus:left-2 focus:z-50 focus:outline-2 focus:outline-brand-dark dark:bg-slate-900 dark:text-white"
    >
      Skip to main content
    </a>
  );
}
