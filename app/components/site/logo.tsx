// The site logo: the light (green) version, or the grey version when the `dark` class is on <html>.
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

export function Logo() {
  return (
    <span className="flex items-center gap-2 font-semibold tracking-tight">
      <LogoMark />
      {/* Below the sm breakpoint the mark alone leaves room for the theme switch, sign-in and menu. */}
      <span className="hidden sm:inline">{SITE_NAME}</span>
    </span>
  );
}
