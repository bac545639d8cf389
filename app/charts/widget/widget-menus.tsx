// The header's menus: chart type and export, as Radix menus when scripts run or as <details> links when they do not.
import { DropdownMenu } from 'radix-ui';
import type { ReactNode } from 'react';
import { CHART_TYPES, type ChartType } from '../core/slider';
import { ChartTypeIcon, ChevronIcon, DownloadIcon, MoreIcon } from './widget-icons';

export const CHART_TYPE_LABELS: Record<ChartType, string> = {
  line: 'Line',
  bar: 'Bar',
  'horizontal-bar': 'Horizontal bar',
  map: 'Map',
  table: 'Table',
};

/** Button labels show from 500px of widget width (the 'full' layout); below, the icons alone (container query). */
export const WIDE_LABEL = 'hidden @[500px]:inline';

export const BUTTON =
  'inline-flex h-8 items-center gap-1.5 rounded-md border border-slate-300 bg-white px-2.5 text-sm font-medium ' +
  'text-slate-700 hover:bg-slate-50 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand ' +
  'dark:border-slate-700 dark:bg-slate-900 dark:text-slate-200 dark:hover:bg-slate-800';
const MENU =
  'z-50 min-w-44 rounded-md border border-slate-200 bg-white p-1 text-sm text-slate-800 shadow-lg ' +
  'dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100';
const ITEM =
  'flex cursor-pointer select-none items-center gap-2 rounded px-2 py-1.5 outline-none ' +
  'data-[highlighted]:bg-slate-100 data-[state=checked]:font-semibold dark:data-[highlighted]:bg-slate-800';

interface TypeMenuProps {
  type: ChartType;
  /** The types offered (the dataset's allowed ones); default all five. */
  types?: readonly ChartType[];
  onChange: (type: ChartType) => void;
}

/** Chart-type menu: a radio group of the views the dataset allows (all five by default). */
export function TypeMenu({ type, types = CHART_TYPES, onChange }: TypeMenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={BUTTON} aria-label={`Chart type: ${CHART_TYPE_LABELS[type]}`}>
        <ChartTypeIcon type={type} />
        <span className={WIDE_LABEL}>{CHART_TYPE_LABELS[type]}</span>
        <ChevronIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={MENU} align="end" sideOffset={4}>
          <DropdownMenu.RadioGroup value={type} onValueChange={(v) => onChange(v as ChartType)}>
            {types.map((t) => (
              <DropdownMenu.RadioItem key={t} value={t} className={ITEM}>
                <ChartTypeIcon type={t} />
                {CHART_TYPE_LABELS[t]}
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

export type ExportKind = 'png' | 'svg' | 'csv' | 'json' | 'api' | 'embed';

export const EXPORT_LABELS: Record<ExportKind, string> = {
  png: 'PNG image',
  svg: 'SVG image',
  csv: 'CSV data',
  json: 'JSON data',
  api: 'API',
  embed: 'Embed',
};

interface ExportMenuProps {
  onSelect: (kind: ExportKind) => void;
}

/** Export menu: PNG, SVG, CSV, JSON, API, Embed. */
export function ExportMenu({ onSelect }: ExportMenuProps) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={BUTTON} aria-label="Export">
        <DownloadIcon />
        <span className={WIDE_LABEL}>Export</span>
        <ChevronIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={MENU} align="end" sideOffset={4}>
          {(Object.keys(EXPORT_LABELS) as ExportKind[]).map((k) => (
            <DropdownMenu.Item key={k} className={ITEM} onSelect={() => onSelect(k)}>
              {EXPORT_LABELS[k]}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

/** Something the page hosting the chart offers in the chart's own menu (the dataset page: "Track a trend…"). */
export interface WidgetAction {
  key: string;
  label: string;
  onSelect: () => void;
}

/** The chart's menu of the host page's actions (⋯). */
export function ActionsMenu({ actions }: { actions: readonly WidgetAction[] }) {
  return (
    <DropdownMenu.Root modal={false}>
      <DropdownMenu.Trigger className={BUTTON} aria-label="More">
        <MoreIcon />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={MENU} align="end" sideOffset={4}>
          {actions.map((a) => (
            <DropdownMenu.Item key={a.key} className={ITEM} onSelect={a.onSelect}>
              {a.label}
            </DropdownMenu.Item>
          ))}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}

interface LinkMenuProps {
  label: string;
  icon: ReactNode;
  links: { key: string; label: string; href: string; current?: boolean; download?: boolean }[];
}

/** A menu without scripts: <details> opens a list of links (the embed page's type switch and exports). */
export function LinkMenu({ label, icon, links }: LinkMenuProps) {
  return (
    <details className="widget-link-menu relative">
      <summary className={`${BUTTON} cursor-pointer list-none [&::-webkit-details-marker]:hidden`} aria-label={label}>
        {icon}
        <span className={WIDE_LABEL}>{label}</span>
        <ChevronIcon />
      </summary>
      <ul className={`${MENU} absolute right-0 mt-1`}>
        {links.map((l) => (
          <li key={l.key}>
            <a
              href={l.href}
              className={`${ITEM} ${l.current ? 'font-semibold' : ''}`}
              aria-current={l.current ? 'true' : undefined}
              download={l.download ? '' : undefined}
              target={l.download ? undefined : '_self'}
            >
              {l.label}
            </a>
          </li>
        ))}
      </ul>
    </details>
  );
}
