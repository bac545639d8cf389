// The widget's Values menu (decision 034): values as published, an index to the first shown period, percent change
// and difference on the previous period or a year earlier. The choice travels in every URL of the view.
import { DropdownMenu } from 'radix-ui';
import { periodsPerYear, type Frequency } from '#core/periods';
import type { TransformRequest } from '#core/selection';
import { transformUnit } from '#core/selection-transform';
import { ChevronIcon } from './widget-icons';
import { BUTTON, WIDE_LABEL } from './widget-menus';

const MENU =
  'z-50 min-w-56 rounded-md border border-slate-200 bg-white p-1 text-sm text-slate-800 shadow-lg ' +
  'dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';
const ITEM =
  'flex cursor-pointer select-none items-center gap-2 rounded px-2 py-1.5 outline-none ' +
  'data-[highlighted]:bg-slate-100 data-[state=checked]:font-semibold dark:data-[highlighted]:bg-slate-800';

/** The menu's choices for a dataset's frequency; `base` is the period an index is 100 at. */
export function transformChoices(
  freq: Frequency,
  base: string | undefined,
): { key: string; label: string; value?: TransformRequest }[] {
  const choices: { key: string; label: string; value?: TransformRequest }[] = [{ key: 'none', label: 'As published' }];
  if (base)
    choices.push({
      key: 'index',
      label: transformUnit({ kind: 'index', base }, freq, ''),
      value: { kind: 'index', base },
    });
  const lags = periodsPerYear(freq) > 1 ? [1, periodsPerYear(freq)] : [1];
  for (const kind of ['change', 'diff'] as const) {
    for (const lag of lags) {
      choices.push({ key: `${kind}:${lag}`, label: transformUnit({ kind, lag }, freq, ''), value: { kind, lag } });
    }
  }
  return choices;
}

/** The key of a transformation among the choices ('index', 'change:12'); 'none' for values as published. */
export function transformKey(t: TransformRequest | undefined): string {
  if (!t) return 'none';
  return t.kind === 'index' ? 'index' : `${t.kind}:${t.lag}`;
}

interface TransformMenuProps {
  freq: Frequency;
  value: TransformRequest | undefined;
  /** The period an index choice is 100 at: the first period shown. */
  base: string | undefined;
  onChange: (value: TransformRequest | undefined) => void;
}

export function TransformMenu({ freq, value, base, onChange }: TransformMenuProps) {
  const choices = transformChoices(freq, value?.kind === 'index' ? value.base : base);
  const current = transformKey(value);
  // A lag the menu does not offer (lag=3 from a URL) is shown as chosen too.
  if (!choices.some((c) => c.key === current) && value)
    choices.push({ key: current, label: transformUnit(value, freq, ''), value });
  const label = current === 'none' ? 'Values' : choices.find((c) => c.key === current)!.label;
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={BUTTON} aria-label={`Values: ${current === 'none' ? 'as published' : label}`}>
        <span aria-hidden className="font-semibold">
          %
        </span>
        <span className={`${WIDE_LABEL} max-w-40 truncate`}>{label}</span>
        <ChevronIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={MENU} align="end" sideOffset={4}>
          <DropdownMenu.RadioGroup
            value={current}
            onValueChange={(key) => onChange(choices.find((c) => c.key === key)?.value)}
          >
            {choices.map((c) => (
              <DropdownMenu.RadioItem key={c.key} value={c.key} className={ITEM}>
                {c.label}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
