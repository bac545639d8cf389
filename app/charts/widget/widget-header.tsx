// The widget's header: title, chart-type menu, Export menu and Follow button (links when scripts do not run).
import { useEffect, useState, type ReactNode } from 'react';
import { CHART_TYPES, type ChartType } from '../core/slider';
import type { StaticLinks } from '../export/view-urls';
import { COPY_FEEDBACK_MS } from './copy-dialog';
import { copyText } from './widget-actions';
import { ChartTypeIcon, CheckIcon, DownloadIcon, LinkIcon, StarIcon } from './widget-icons';
import {
  ActionsMenu,
  BUTTON,
  CHART_TYPE_LABELS,
  ExportMenu,
  LinkMenu,
  TypeMenu,
  WIDE_LABEL,
  type ExportKind,
  type WidgetAction,
} from './widget-menus';

export interface WidgetHeaderProps {
  title: string;
  /** The selected dimension values and unit ('Food and non-alcoholic beverages · Annual rate of change'). */
  subtitle?: string;
  type: ChartType;
  /** The types the dataset allows (decision 190); the menu offers only these. */
  types?: readonly ChartType[];
  onTypeChange: (type: ChartType) => void;
  onExport: (kind: ExportKind) => void;
  onFollow: () => void;
  /** The chart is followed: the button reads "Following" and a click unfollows. */
  following?: boolean;
  /** Replaces the title and subtitle (the chart page edits them in place). */
  heading?: ReactNode;
  /** Present on a page without scripts: every control is a link. */
  links?: StaticLinks;
  /** Extra controls before the menus (the selection popover). */
  children?: ReactNode;
  /** The host page's actions, in the chart's menu (⋯) after Follow; scripted pages only. */
  actions?: readonly WidgetAction[];
  /** The path of the view shown (/datasets/…?…), for "Copy link" beside the Export menu; scripted pages only. */
  link?: string;
}

/** Where the Export menu's words are the specification's (PNG, CSV, JSON, API, Embed), the link is copied beside it. */
export const COPY_LINK_LABEL = 'Copy link';

/** Copies the shown view's address; its icon turns into a check for a moment, and it says so to screen readers. */
function CopyLinkButton({ link }: { link: string }) {
  const [copied, setCopied] = useState(false);
  useEffect(() => {
    if (!copied) return;
    const timer = setTimeout(() => setCopied(false), COPY_FEEDBACK_MS.embed);
    return () => clearTimeout(timer);
  }, [copied]);
  return (
    <button
      type="button"
      className={BUTTON}
      aria-label={copied ? 'Link copied' : COPY_LINK_LABEL}
      title={copied ? 'Link copied' : COPY_LINK_LABEL}
      data-copy-link={link}
      onClick={() => void copyText(`${window.location.origin}${link}`).then((ok) => ok && setCopied(true))}
    >
      {copied ? <CheckIcon /> : <LinkIcon />}
      <span className={WIDE_LABEL}>{copied ? 'Copied' : COPY_LINK_LABEL}</span>
    </button>
  );
}

export function WidgetHeader({
  title,
  subtitle,
  type,
  types = CHART_TYPES,
  onTypeChange,
  onExport,
  onFollow,
  following,
  heading,
  links,
  children,
  actions,
  link,
}: WidgetHeaderProps) {
  return (
    <div
      className="widget-header flex flex-col gap-2 @[500px]:flex-row @[500px]:items-start @[500px]:justify-between"
      data-embed-part="header"
    >
      <div className={heading ? 'min-w-0 flex-1' : 'min-w-0'}>
        {heading ?? (
          <>
            <h2 className="text-base leading-snug font-semibold text-slate-900 dark:text-slate-100">{title}</h2>
            {subtitle ? (
              <p className="chart-subtitle mt-0.5 text-sm leading-snug text-slate-600 dark:text-slate-300">
                {subtitle}
              </p>
            ) : null}
          </>
        )}
      </div>
      {/* Narrow widgets show the controls as icons, 4 px apart: six of them fit one row of a 375 px phone. */}
      <div className="flex shrink-0 flex-wrap items-center gap-1 @[500px]:gap-1.5">
        {children}
        {links ? (
          <>
            <LinkMenu
              label={CHART_TYPE_LABELS[type]}
              icon={<ChartTypeIcon type={type} />}
              links={types.map((t) => ({
                key: t,
                label: CHART_TYPE_LABELS[t],
                href: links.types[t],
                current: t === type,
              }))}
            />
            <LinkMenu
              label="Export"
              icon={<DownloadIcon />}
              links={[
                { key: 'png', label: 'PNG image', href: links.png, download: true },
                { key: 'svg', label: 'SVG image', href: links.svg, download: true },
                { key: 'csv', label: 'CSV data', href: links.csv, download: true },
                { key: 'json', label: 'JSON data', href: links.json, download: true },
                { key: 'api', label: 'API', href: links.api },
              ]}
            />
            <a className={BUTTON} href={links.follow} target="_blank" rel="noopener" aria-label="Follow">
              <StarIcon />
              <span className={WIDE_LABEL}>Follow</span>
            </a>
          </>
        ) : (
          <>
            <TypeMenu type={type} types={types} onChange={onTypeChange} />
            <ExportMenu onSelect={onExport} />
            {link ? <CopyLinkButton link={link} /> : null}
            <button
              type="button"
              className={BUTTON}
              onClick={onFollow}
              aria-label={following ? 'Following' : 'Follow'}
              aria-pressed={following === undefined ? undefined : following}
              title={following ? 'Unfollow' : undefined}
              data-following={following ? 'true' : undefined}
            >
              <StarIcon filled={following} />
              <span className={WIDE_LABEL}>{following ? 'Following' : 'Follow'}</span>
            </button>
            {actions && actions.length > 0 ? <ActionsMenu actions={actions} /> : null}
          </>
        )}
      </div>
    </div>
  );
}
