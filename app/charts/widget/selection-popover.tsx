// The selection editor: one choice per dimension and the countries shown; applying it refetches the data.
import { Popover } from 'radix-ui';
import { useState } from 'react';
import type { DatasetMeta } from '#core/schemas/dataset';
import { FilterIcon } from './widget-icons';
import { BUTTON, WIDE_LABEL } from './widget-menus';

export interface Selection {
  dimensions: Record<string, string[]>;
  countries: string[];
}

export interface SelectionPopoverProps {
  meta: DatasetMeta;
  selection: Selection;
  onChange: (selection: Selection) => void;
}

const FIELD =
  'w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-950';

/** A short summary for the trigger: 'All countries' or '3 countries'. */
export function selectionSummary(selection: Selection): string {
  const n = selection.countries.length;
  return n === 0 ? 'All countries' : n === 1 ? '1 country' : `${n} countries`;
}

/** The Apply button: brand green with white text in both themes (BUTTON's white background would win otherwise). */
export const PRIMARY_BUTTON =
  'inline-flex h-8 items-center gap-1.5 rounded-md border border-brand-dark bg-brand-dark px-3 text-sm font-semibold ' +
  'text-white hover:bg-brand focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand';

/** The countries whose name or code contains the query (case and accents ignored). */
export function filterCountries<T extends { code: string; name: string }>(countries: readonly T[], query: string): T[] {
  const fold = (text: string) =>
    text
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase();
  const q = fold(query.trim());
  if (!q) return [...countries];
  return countries.filter((c) => fold(c.name).includes(q) || c.code.toLowerCase().includes(q));
}

export function SelectionPopover({ meta, selection, onChange }: SelectionPopoverProps) {
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<Selection>(selection);
  const [query, setQuery] = useState('');
  const shown = filterCountries(meta.available_countries, query);
  const choosable = meta.dimensions.filter((d) => d.values.length > 1);
  const chosen = new Set(draft.countries);
  const toggle = (code: string) =>
    setDraft((d) => ({
      ...d,
      countries: d.countries.includes(code) ? d.countries.filter((c) => c !== code) : [...d.countries, code],
    }));
  return (
    <Popover.Root
      open={open}
      onOpenChange={(o) => {
        setOpen(o);
        if (o) {
          setDraft(selection);
          setQuery('');
        }
      }}
    >
      <Popover.Trigger className={BUTTON} aria-label={`Data: ${selectionSummary(selection)}`}>
        <FilterIcon />
        <span className={WIDE_LABEL}>{selectionSummary(selection)}</span>
      </Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="end"
          sideOffset={4}
          collisionPadding={8}
          // Never taller than the room the window leaves (an 800px window, a phone): the form scrolls inside.
          style={{ maxHeight: 'var(--radix-popover-content-available-height)' }}
          className="z-50 flex w-80 max-w-[calc(100vw-16px)] flex-col overflow-hidden rounded-md border border-slate-200 bg-white text-sm text-slate-800 shadow-lg dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        >
          <form
            className="flex min-h-0 flex-col gap-3 overflow-y-auto p-3"
            onSubmit={(e) => {
              e.preventDefault();
              onChange(draft);
              setOpen(false);
            }}
          >
            {choosable.map((d) => (
              <label key={d.key} className="flex flex-col gap-1">
                <span className="text-xs font-medium text-slate-600 dark:text-slate-400">{d.label}</span>
                <select
                  className={FIELD}
                  value={draft.dimensions[d.key]?.[0] ?? d.default}
                  onChange={(e) =>
                    setDraft((s) => ({ ...s, dimensions: { ...s.dimensions, [d.key]: [e.target.value] } }))
                  }
                >
                  {d.values.map((v) => (
                    <option key={v.code} value={v.code}>
                      {v.label}
                    </option>
                  ))}
                </select>
              </label>
            ))}
            <fieldset className="flex flex-col gap-1">
              <legend className="flex w-full items-center justify-between text-xs font-medium text-slate-600 dark:text-slate-400">
                <span>Countries ({draft.countries.length === 0 ? 'all' : draft.countries.length})</span>
                <button
                  type="button"
                  className="text-brand-dark underline dark:text-brand"
                  onClick={() => setDraft((d) => ({ ...d, countries: [] }))}
                >
                  All
                </button>
              </legend>
              {meta.available_countries.length > 8 ? (
                <input
                  type="search"
                  className={FIELD}
                  placeholder="Search countries"
                  aria-label="Search countries"
                  value={query}
                  onChange={(e) => setQuery(e.target.value)}
                />
              ) : null}
              <ul className="max-h-56 overflow-auto rounded-md border border-slate-200 p-1 dark:border-slate-700">
                {shown.length === 0 ? (
                  <li className="px-1 py-0.5 text-slate-500 dark:text-slate-400">No country matches</li>
                ) : null}
                {shown.map((c) => (
                  <li key={c.code}>
                    <label className="flex cursor-pointer items-center gap-2 rounded px-1 py-0.5 hover:bg-slate-50 dark:hover:bg-slate-800">
                      <input type="checkbox" checked={chosen.has(c.code)} onChange={() => toggle(c.code)} />
                      <span>{c.name}</span>
                    </label>
                  </li>
                ))}
              </ul>
            </fieldset>
            <div className="sticky bottom-0 -mx-3 -mb-3 flex justify-end gap-2 border-t border-slate-200 bg-white p-3 dark:border-slate-700 dark:bg-slate-900">
              <Popover.Close className={BUTTON}>Cancel</Popover.Close>
              <button type="submit" className={PRIMARY_BUTTON}>
                Apply
              </button>
            </div>
          </form>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
