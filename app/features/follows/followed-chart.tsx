// The chart page of a followed chart (/app/chart?id=): the chart with its saved view, every change saved
// (debounced), title, subtitle and note edited in place, and Follow / Following in the widget's header.
import { useMemo, useRef, useState } from 'react';
import { Link } from 'react-router';
import {
  ChartWidget,
  type ChartType,
  type ChartViewSpec,
  type LoadedOutlines,
  type Theme,
  type WidgetData,
} from '../../charts';
import {
  mapSettingsChange,
  settingsOfView,
  sliderChange,
  transformChange,
  widgetPropsOfSettings,
  type FollowSettings,
} from './follow-view';
import { followDataset, unfollow } from './follows-client';
import { UnfollowNotice } from './undo-unfollow';
import { useFollowSaver, type SaveStatus } from './use-follow-saver';

export interface FollowedChartProps {
  datasetId: number;
  /** The view the page loaded: the saved one, or the one the visitor came with. */
  view: ChartViewSpec;
  follow: { id: number; settings: FollowSettings } | null;
  data: WidgetData | null;
  outlines: LoadedOutlines | null;
  error: string | null;
  coverageNote: { text: string; href: string } | null;
  serverWidth: number;
  theme: Theme;
}

const STATUS_TEXT: Record<SaveStatus, string> = {
  idle: 'Changes to this chart are saved as you make them.',
  pending: 'Saving…',
  saving: 'Saving…',
  saved: 'All changes saved',
  error: 'Could not save your changes. They will be saved with the next change.',
};

const FIELD =
  'w-full rounded-md border border-transparent bg-transparent px-1 -mx-1 hover:border-slate-300 focus:border-brand-dark focus:outline-none dark:hover:border-slate-600 dark:focus:border-brand';

export function FollowedChart(props: FollowedChartProps) {
  const [followId, setFollowId] = useState<number | null>(props.follow?.id ?? null);
  // What the page opened with: the widget restores it once; later changes live in the widget and in `current`.
  const saved = useMemo(() => props.follow?.settings ?? settingsOfView(props.view), [props.follow, props.view]);
  const restore = useMemo(() => widgetPropsOfSettings(saved), [saved]);
  const current = useRef<FollowSettings>({ ...settingsOfView(props.view), ...saved });
  const type = useRef<ChartType>(props.view.chartType);
  const [text, setText] = useState({
    title: saved.title ?? '',
    subtitle: saved.subtitle ?? '',
    note: saved.note ?? '',
  });
  const [message, setMessage] = useState<string | null>(null);
  // After an unfollow: the settings the follow had, for Undo.
  const [unfollowed, setUnfollowed] = useState<FollowSettings | null>(null);
  const saver = useFollowSaver(followId);

  const change = (next: FollowSettings) => {
    current.current = { ...current.current, ...next };
    setMessage(null);
    saver.save(next);
  };
  const editText = (field: 'title' | 'subtitle' | 'note', value: string) => {
    setText((t) => ({ ...t, [field]: value }));
    change({ [field]: value });
  };

  const follow = async (settings: FollowSettings) => {
    const created = await followDataset(props.datasetId, settings);
    setFollowId(created.id);
    setUnfollowed(null);
    setMessage('Following: this chart is on your dashboard.');
  };
  const onFollowClick = async () => {
    setMessage(null);
    setUnfollowed(null);
    try {
      if (followId !== null) {
        await saver.flush();
        await unfollow(followId);
        setFollowId(null);
        setUnfollowed({ ...current.current });
        setMessage('You no longer follow this chart.');
      } else {
        await follow(current.current);
      }
    } catch (e) {
      setMessage(e instanceof Error ? e.message : String(e));
    }
  };
  const undo = async () => {
    if (!unfollowed) return;
    try {
      await follow(unfollowed);
    } catch (e) {
      setUnfollowed(null);
      setMessage(e instanceof Error ? e.message : String(e));
    }
  };

  const following = followId !== null;
  return (
    <div className="space-y-4">
      <div className="rounded-xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900">
        <ChartWidget
          datasetId={props.datasetId}
          dimensions={props.view.dimensions}
          countries={props.view.countries}
          chartType={props.view.chartType}
          timeStart={props.view.timeStart}
          timeEnd={props.view.timeEnd}
          initialData={props.data}
          initialOutlines={props.outlines}
          initialError={props.error}
          coverageNote={props.coverageNote}
          serverWidth={props.serverWidth}
          theme={props.theme}
          {...restore}
          title={text.title || undefined}
          subtitle={text.subtitle || undefined}
          following={following}
          onFollowClick={() => void onFollowClick()}
          onChartTypeChange={(t) => {
            type.current = t;
            change({ chart_type: t });
          }}
          onSelectionChange={(s) => change({ dimensions: s.dimensions, countries: s.countries })}
          onPeriodIndexChange={(index, periods) => change(sliderChange(type.current, index, periods))}
          onMapTransformChange={(t, reference) => change(transformChange(t, reference))}
          onChartSettingsChange={(s) => change(mapSettingsChange(s))}
          renderHeading={
            following
              ? (heading) => (
                  <div className="space-y-1">
                    <input
                      aria-label="Title"
                      className={`${FIELD} text-base leading-snug font-semibold text-slate-900 dark:text-slate-100`}
                      value={text.title}
                      placeholder={heading.title}
                      maxLength={200}
                      onChange={(e) => editText('title', e.target.value)}
                    />
                    <input
                      aria-label="Subtitle"
                      className={`${FIELD} text-sm leading-snug text-slate-600 dark:text-slate-300`}
                      value={text.subtitle}
                      placeholder={heading.subtitle || 'Subtitle'}
                      maxLength={300}
                      onChange={(e) => editText('subtitle', e.target.value)}
                    />
                  </div>
                )
              : undefined
          }
        />
      </div>
      {following ? (
        <label className="block max-w-3xl text-sm">
          <span className="font-medium text-slate-700 dark:text-slate-200">Note</span>
          <textarea
            className="mt-1 block w-full rounded-md border border-slate-300 bg-white p-2 text-slate-800 focus:border-brand-dark focus:outline-none dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
            rows={3}
            maxLength={2000}
            placeholder="Your own note on this chart"
            value={text.note}
            onChange={(e) => editText('note', e.target.value)}
          />
        </label>
      ) : null}
      <div className="flex flex-wrap items-center gap-x-6 gap-y-2 text-sm">
        <p role="status" className="text-slate-600 dark:text-slate-300" data-save-status={saver.status}>
          {message && unfollowed ? (
            <UnfollowNotice message={message} onUndo={undo} />
          ) : (
            (message ??
            (following ? STATUS_TEXT[saver.status] : 'Follow this chart to keep this view on your dashboard.'))
          )}
        </p>
        <Link to="/app/dashboard" className="text-brand-dark underline dark:text-brand">
          Back to the dashboard
        </Link>
      </div>
    </div>
  );
}
