// Settings: light, dark or system colours. Stored on the account, so every device signed in to it follows.
import type { ThemePreference } from '#core/theme';
import { useThemePreference } from '../../components/site/theme';
import { SettingsSection } from './settings-section';

const choices: { value: ThemePreference; label: string; hint: string }[] = [
  { value: 'light', label: 'Light', hint: 'Always light' },
  { value: 'dark', label: 'Dark', hint: 'Always dark' },
  { value: 'system', label: 'System', hint: "Follows this device's setting" },
];

export function AppearanceSettings() {
  const { preference, setPreference } = useThemePreference();
  return (
    <SettingsSection
      id="appearance"
      title="Appearance"
      description="Saved with your account: every device you sign in on uses it."
    >
      <div role="radiogroup" aria-labelledby="appearance-heading" className="grid gap-2 sm:grid-cols-3">
        {choices.map((c) => (
          <label
            key={c.value}
            className="flex cursor-pointer items-start gap-2 rounded-md border border-slate-200 px-3 py-2 text-sm has-[:checked]:border-brand-dark has-[:checked]:bg-brand/10 dark:border-slate-700"
          >
            <input
              type="radio"
              name="theme"
              value={c.value}
              checked={preference === c.value}
              onChange={() => setPreference(c.value)}
              className="mt-0.5 accent-[#2a8a38]"
            />
            <span>
              <span className="block font-medium">{c.label}</span>
              <span className="block text-xs text-slate-600 dark:text-slate-400">{c.hint}</span>
            </span>
          </label>
        ))}
      </div>
    </SettingsSection>
  );
}
