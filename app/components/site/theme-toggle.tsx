// Light, dark and system colour modes as a three-way switch; the choice is kept in a cookie.
import type { ThemePreference } from '#core/theme';
import { useThemePreference } from './theme';

const options: { value: ThemePreference; label: string; icon: React.ReactNode }[] = [
  {
    value: 'light',
    label: 'Light',
    icon: (
      <g>
        <circle cx="12" cy="12" r="4" />
        <path d="M12 2v2M12 20v2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M2 12h2M20 12h2M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4" />
      </g>
    ),
  },
  { value: 'dark', label: 'Dark', icon: <path d="M20 14.5A8 8 0 0 1 9.5 4 8 8 0 1 0 20 14.5Z" /> },
  {
    value: 'system',
    label: 'System',
    icon: (
      <g>
        <rect x="3" y="4" width="18" height="12" rx="2" />
        <path d="M8 20h8M12 16v4" />
      </g>
    ),
  },
];

export function ThemeToggle() {
  const { preference, setPreference } = useThemePreference();
  return (
    <div
      role="radiogroup"
      aria-label="Colour theme"
      className="flex items-center rounded-full border border-slate-200 p-0.5 dark:border-slate-700"
    >
      {options.map((o) => {
        const checked = preference === o.value;
        return (
          <button
            key={o.value}
            type="button"
            role="radio"
            aria-checked={checked}
            aria-label={`${o.label} theme`}
            title={`${o.label} theme`}
            onClick={() => setPreference(o.value)}
            className={`rounded-full p-1.5 ${
              checked
                ? 'bg-slate-200 text-slate-900 dark:bg-slate-700 dark:text-white'
                : 'text-slate-500 hover:text-slate-900 dark:text-slate-400 dark:hover:text-white'
            }`}
          >
            <svg
              viewBox="0 0 24 24"
              aria-hidden="true"
              className="h-4 w-4"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              strokeLinecap="round"
              strokeLinejoin="round"
            >
              {o.icon}
            </svg>
          </button>
        );
      })}
    </div>
  );
}
