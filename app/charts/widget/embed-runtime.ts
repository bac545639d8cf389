// The embed page's only script (inlined, no React): slider and resize re-render on the server, map tooltip, table sort,
// the keyboard walk of a chart's points, a map's regions and a table's cells, and a chart's tooltip under the pointer.
import { nearestTarget } from '../core/chart-tooltip';
import { cellStep, pointStep, regionStep } from '../core/key-walk';
import type { WalkPoint } from '../core/tooltip-layer';
import type { MapWalkData } from '../map/map-svg';

/**
 * Runs in the browser as `(${embedRuntime})(${pointStep}, ${regionStep}, ${cellStep}, ${nearestTarget})`: it must not
 * use imports or anything outside its body and its arguments, the page's own key steps (core/key-walk.ts) and pointer
 * pick (core/chart-tooltip.ts), whose source the script carries.
 * The server renders every state of the chart; this script asks for the state the visitor picks (slider
 * position, frame width) by fetching the same embed URL and swapping the figure, so no chart code ships.
 */
export function embedRuntime(
  stepPoint: typeof pointStep,
  stepRegion: typeof regionStep,
  stepCell: typeof cellStep,
  nearest: typeof nearestTarget,
): void {
  const root = document.querySelector<HTMLElement>('[data-chart-widget]');
  if (!root) return;
  // The time slider: one thumb (a period), or a start and an end thumb (a range; decision 199) over one track.
  const track = root.querySelector<HTMLElement>('.time-slider [data-periods]');
  const slider = root.querySelector<HTMLInputElement>('input[data-thumb="start"], input[data-thumb="period"]');
  const endSlider = root.querySelector<HTMLInputElement>('input[data-thumb="end"]');
  const periods: string[] = track ? JSON.parse(track.dataset.periods || '[]') : [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let pending: AbortController | undefined;
  let shownWidth = Number(root.querySelector('[data-embed-part="figure"]')?.getAttribute('data-width')) || 0;

  const endIndex = () => (endSlider ? Number(endSlider.value) : periods.length - 1);
  const label = (i: number) => {
    const p = periods[i] || '';
    const last = periods[endIndex()] || '';
    return track?.dataset.mode === 'period' || i >= endIndex() ? p : `${p} \u2013 ${last}`;
  };
  const width = () => Math.round(root.getBoundingClientRect().width);
  const target = () => {
    const url = new URL(location.href);
    url.searchParams.set('width', String(width()));
    if (slider && periods[Number(slider.value)]) {
      url.searchParams.set('time_start', periods[Number(slider.value)]!);
      // `time` (a map's period in a shared address) would win over the slider's choice.
      url.searchParams.delete('time');
    }
    // An end thumb before the last period loaded names the range's end; at it, the address keeps its own.
    if (endSlider && endIndex() < periods.length - 1) url.searchParams.set('time_end', periods[endIndex()]!);
    return url;
  };
  // Links to other views carry the frame's width (and theme), so the next page arrives drawn to fit.
  const theme = new URL(location.href).searchParams.get('theme');
  const sizeLinks = () => {
    for (const a of root.querySelectorAll<HTMLAnchorElement>('a[href*="embed=true"]')) {
      const url = new URL(a.href);
      url.searchParams.set('width', String(width()));
      if (theme) url.searchParams.set('theme', theme);
      a.href = url.toString();
    }
  };
  const swap = (doc: Document) => {
    for (const part of ['header', 'figure']) {
      const next = doc.querySelector(`[data-embed-part="${part}"]`);
      const current = root.querySelector(`[data-embed-part="${part}"]`);
      if (next && current) current.replaceWith(document.importNode(next, true));
    }
    const layout = doc.querySelector('[data-chart-widget]')?.getAttribute('data-layout');
    if (layout) root.dataset.layout = layout;
    sizeLinks();
    sortTable();
  };
  const refresh = () => {
    pending?.abort();
    const controller = new AbortController();
    pending = controller;
    const url = target();
    fetch(url, { signal: controller.signal, headers: { Accept: 'text/html' } })
      .then((res) => (res.ok ? res.text() : Promise.reject(new Error(`HTTP ${res.status}`))))
      .then((html) => {
        swap(new DOMParser().parseFromString(html, 'text/html'));
        shownWidth = Number(url.searchParams.get('width'));
        root.dataset.embedState = 'updated';
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) console.warn('embed update failed', error);
      });
  };
  const schedule = (ms: number) => {
    clearTimeout(timer);
    timer = setTimeout(refresh, ms);
  };

  // The frame's height (decision 200): the page tells the page that frames it how tall its content is, on load and
  // whenever it changes (a swapped figure, a wrapped title), as { type: 'embed-height', height, href }. The embed
  // snippet's script sets the iframe's height from it. Only a number leaves the frame, so any framing origin may hear.
  const content = document.querySelector<HTMLElement>('[data-embed-content]');
  let toldHeight = 0;
  const tellHeight = () => {
    if (!content || window.parent === window) return;
    const height = Math.ceil(content.getBoundingClientRect().height);
    if (height === toldHeight) return;
    toldHeight = height;
    window.parent.postMessage({ type: 'embed-height', height, href: location.href }, '*');
  };
  // No guard: every browser that can read this script (its `?.`) has ResizeObserver.
  if (content) new ResizeObserver(tellHeight).observe(content);
  window.addEventListener('load', tellHeight);
  tellHeight();

  sizeLinks();
  // The step buttons beside the track (decision 214): one period earlier or later for a thumb, never past the
  // timeline's ends or the other thumb; unavailable (aria-disabled, still focusable) where they cannot step.
  const steps = [...root.querySelectorAll<HTMLButtonElement>('.time-slider [data-step-thumb]')];
  const stepTarget = (b: HTMLButtonElement): number | null => {
    const thumb = b.dataset.stepThumb;
    const start = Number(slider?.value ?? 0);
    const end = endIndex();
    const at = (thumb === 'end' ? end : start) + Number(b.dataset.step);
    const min = thumb === 'end' ? start : 0;
    const max = thumb === 'start' ? end : periods.length - 1;
    return at < min || at > max ? null : at;
  };
  const refreshSteps = () => {
    for (const b of steps) {
      if (stepTarget(b) === null) b.setAttribute('aria-disabled', 'true');
      else b.removeAttribute('aria-disabled');
    }
  };
  const moved = (thumb: HTMLInputElement) => {
    // The thumbs do not pass each other.
    if (slider && endSlider && Number(slider.value) > Number(endSlider.value)) {
      if (thumb === slider) slider.value = endSlider.value;
      else endSlider.value = slider.value;
    }
    const start = Number(slider?.value ?? 0);
    const out = root.querySelector('[data-slider-value]');
    if (out) out.textContent = label(start);
    for (const input of [slider, endSlider]) input?.setAttribute('aria-valuetext', label(start));
    // Thumbs that meet in the right half of the track can only part leftwards: the start thumb goes on top there.
    if (slider && endSlider) {
      const startTop = start > (periods.length - 1) / 2;
      slider.style.zIndex = startTop ? '2' : '1';
      endSlider.style.zIndex = startTop ? '1' : '2';
    }
    const range = root.querySelector<HTMLElement>('[data-slider-range]');
    const last = Math.max(1, periods.length - 1);
    if (range) {
      range.style.left = `${(start / last) * 100}%`;
      range.style.width = `${(Math.max(0, endIndex() - start) / last) * 100}%`;
    }
    refreshSteps();
    schedule(120);
  };
  for (const thumb of [slider, endSlider]) thumb?.addEventListener('input', () => moved(thumb));
  for (const b of steps) {
    b.addEventListener('click', () => {
      const to = stepTarget(b);
      const input = b.dataset.stepThumb === 'end' ? endSlider : slider;
      if (to === null || !input) return;
      input.value = String(to);
      moved(input);
      // The button keeps the focus: the new periods are said once, as the slider's own text would be.
      const said = root.querySelector('[data-slider-said]');
      if (said) said.textContent = label(Number(slider?.value ?? 0));
    });
  }
  new ResizeObserver(() => {
    if (Math.abs(width() - shownWidth) > 4) schedule(150);
  }).observe(root);

  // Table sort (the server-rendered <table>): a header's button sorts as the page's table does — a new value column
  // highest first, the label column A to Z, the same column again the other way; missing values always last.
  // The choice (by column key, as a narrower table may have other columns) is kept and applied again when a resize
  // or the slider swaps in a freshly rendered table; a column the new table lacks leaves it as rendered.
  let sorted: { key: string; dir: 'ascending' | 'descending' } | undefined;
  const sortTable = () => {
    const table = root.querySelector('table');
    const body = table?.tBodies[0];
    const th = sorted && table?.querySelector<HTMLTableCellElement>(`th[data-column="${CSS.escape(sorted.key)}"]`);
    if (!sorted || !table || !body || !th) return;
    const { dir } = sorted;
    const column = th.cellIndex;
    for (const h of table.querySelectorAll<HTMLTableCellElement>('th[scope="col"]')) {
      const state = h === th ? dir : 'none';
      h.setAttribute('aria-sort', state);
      const arrow = h.querySelector('.arrow');
      if (arrow) arrow.textContent = state === 'ascending' ? '\u25B2' : state === 'descending' ? '\u25BC' : '\u2195';
    }
    const sign = dir === 'ascending' ? 1 : -1;
    const label = (r: HTMLTableRowElement) => r.cells[0]?.textContent || '';
    const byLabel = (a: HTMLTableRowElement, b: HTMLTableRowElement) =>
      label(a).localeCompare(label(b), 'en', { sensitivity: 'base' });
    const value = (r: HTMLTableRowElement) => {
      const v = r.cells[column]?.getAttribute('data-value');
      return v ? Number(v) : null;
    };
    const rows = [...body.rows].sort((a, b) => {
      if (column === 0) return sign * byLabel(a, b);
      const va = value(a);
      const vb = value(b);
      if (va === null || vb === null) return va === vb ? byLabel(a, b) : va === null ? 1 : -1;
      return sign * (va - vb) || byLabel(a, b);
    });
    body.append(...rows);
  };
  root.addEventListener('click', (e) => {
    const th = (e.target as Element).closest?.('th[scope="col"]');
    const key = th?.getAttribute('data-column');
    if (!th || !key || !th.closest('table')) return;
    const column = (th as HTMLTableCellElement).cellIndex;
    const was = th.getAttribute('aria-sort');
    const dir = was === 'ascending' ? 'descending' : was === 'descending' || column === 0 ? 'ascending' : 'descending';
    sorted = { key, dir };
    sortTable();
  });

  // The JSON the server wrote for this script in an element's `script[name]`, read once per element (a new figure
  // brings new ones): the pointer asks on every move.
  const parsed = new WeakMap<Element, unknown>();
  const read = <T>(host: Element, name: string): T => {
    const el = host.querySelector(`script[${name}]`);
    if (el && !parsed.has(el)) parsed.set(el, JSON.parse(el.textContent || '0'));
    return (el ? parsed.get(el) : 0) as T;
  };

  // Map tooltip: the region's name and value from the figure's value list, or 'No data'; how it looks is app.css's.
  const tip = document.createElement('div');
  tip.setAttribute('role', 'tooltip');
  tip.className = 'map-tooltip';
  tip.style.display = 'none';
  document.body.append(tip);
  root.addEventListener('pointermove', (e) => {
    const name = (e.target as Element).closest?.('[data-name]')?.getAttribute('data-name');
    tip.style.display = name ? 'block' : 'none';
    if (!name) return;
    tip.textContent = '';
    for (const text of [name, read<Record<string, string>>(root, 'data-map-values')[name] || 'No data'])
      tip.append(Object.assign(document.createElement('div'), { textContent: text }));
    tip.style.left = `${Math.min(e.clientX + 12, innerWidth - tip.offsetWidth - 4)}px`;
    tip.style.top = `${e.clientY + 12}px`;
  });
  root.addEventListener('pointerleave', () => {
    tip.style.display = 'none';
  });

  // The keyboard walk (decision 214), as on the dataset page: the server wrote out each point's and region's words
  // (WalkLayer, MapWalkLayer); the keys step by the page's own functions. `data-at` is the walked index ('' none).
  // How the tooltip's lines and the region's ring look is app.css's.
  const showPoint = (host: HTMLElement, at: number | null, say = true) => {
    const p = at === null ? undefined : read<WalkPoint[]>(host, 'data-walk-points')[at];
    host.dataset.at = p ? String(at) : '';
    const rule = host.querySelector<HTMLElement>('.chart-tooltip-rule');
    const box = host.querySelector<HTMLElement>('.chart-tooltip')!;
    if (rule) {
      rule.hidden = !p;
      rule.style.left = `${p?.x}%`;
    }
    box.hidden = !p;
    box.textContent = '';
    Object.assign(box.style, p?.place);
    for (const text of p?.lines ?? []) box.append(Object.assign(document.createElement('div'), { textContent: text }));
    if (say) host.querySelector(':scope > [aria-live]')!.textContent = p?.said || '';
  };
  // The pointer over a chart, as TooltipLayer on the page: a mouse shows the nearest point where it moves, a touch where
  // it taps; leaving the chart hides it unless the keyboard is walking it. What the pointer shows is not said aloud.
  let hovered: HTMLElement | null = null;
  const hover = (e: PointerEvent) => {
    const host = (e.target as Element).closest?.<HTMLElement>('[data-walk]') || null;
    if (hovered && hovered !== host && hovered !== document.activeElement) showPoint(hovered, null, false);
    hovered = host;
    if (!host) return;
    const box = host.getBoundingClientRect();
    const scale = box.width > 0 ? Number(host.dataset.walkWidth) / box.width : 1;
    const at = (host.dataset.walk === 'y' ? e.clientY - box.top : e.clientX - box.left) * scale;
    const to = nearest(read<WalkPoint[]>(host, 'data-walk-points'), at);
    if (to !== null && String(to) !== host.dataset.at) showPoint(host, to, false);
  };
  root.addEventListener('pointermove', (e) => e.pointerType === 'mouse' && hover(e));
  root.addEventListener('pointerdown', (e) => e.pointerType !== 'mouse' && hover(e));
  root.addEventListener('pointerleave', () => {
    if (hovered && hovered !== document.activeElement) showPoint(hovered, null, false);
    hovered = null;
  });
  const showRegion = (host: HTMLElement, at: number, intro: boolean) => {
    const walk = read<MapWalkData>(host, 'data-map-walk');
    const region = walk.regions[at];
    host.dataset.at = region ? String(at) : '';
    host.querySelector('.map-focus')?.remove();
    const shapes = [...host.querySelectorAll('svg [data-key]')].filter(
      (el) => el.getAttribute('data-key') === region?.[0],
    );
    // A small country's dot, else its outline: drawn again as a ring and, inside it, a thin line of the background.
    const shape = shapes.find((el) => el.tagName === 'circle') || shapes[0];
    if (region && shape) {
      const ring = document.createElementNS(shape.namespaceURI, 'g');
      ring.setAttribute('class', 'map-focus');
      ring.setAttribute('data-key-focus', region[0]);
      for (const line of [shape.cloneNode(), shape.cloneNode()] as SVGElement[]) {
        if (line instanceof SVGCircleElement) line.r.baseVal.value += 3;
        ring.append(line);
      }
      (shape.closest('.map-zoom') || shape.parentNode)?.append(ring);
    }
    host.querySelector('[data-map-said]')!.textContent = region ? (intro ? walk.intro : '') + region[2] : '';
  };
  root.addEventListener('keydown', (e) => {
    const host = e.target as HTMLElement;
    const at = host.dataset?.at ? Number(host.dataset.at) : null;
    if (host.matches('[data-walk]')) {
      const to = stepPoint(e.key, at, read<WalkPoint[]>(host, 'data-walk-points').length, host.dataset.walk || 'x');
      if (to === undefined) return;
      showPoint(host, to);
    } else if (host.matches('[data-walk-map]')) {
      const walk = read<MapWalkData>(host, 'data-map-walk');
      // No pan here: the walk's keys start it as Enter does; Escape ends it.
      const to =
        e.key === 'Escape'
          ? -1
          : e.key === 'Enter'
            ? at === null
              ? 0
              : undefined
            : stepRegion(
                walk.regions.map((r) => r[1]),
                at ?? -1,
                e.key,
                walk.steps,
              );
      if (to === undefined) return;
      showRegion(host, to, at === null);
    } else if (host.matches('td')) {
      // A table's cell: the key moves the focus (the focusin below makes the cell the tab stop and says it).
      const row = host.parentElement as HTMLTableRowElement;
      const rows = row.parentElement!.children as HTMLCollectionOf<HTMLTableRowElement>;
      const cell = (host as HTMLTableCellElement).cellIndex - 1;
      const to = stepCell(e.key, e.ctrlKey || e.metaKey, row.sectionRowIndex, cell, rows.length, row.cells.length - 1);
      if (!to) return;
      rows[to[0]]!.cells[to[1] + 1]!.focus();
    } else return;
    e.preventDefault();
  });
  // A table's cell that takes the focus (TableChart) becomes its one tab stop and is said by the live text after the
  // table: its column's words (the header's data-said) with the row's place and the cell's value (its data-said, else
  // its text) in their slots.
  root.addEventListener('focusin', (e) => {
    const td = e.target as HTMLTableCellElement;
    const table = td.matches?.('td') && td.closest('table');
    if (!table) return;
    for (const c of table.querySelectorAll<HTMLElement>('td[tabindex="0"]')) c.tabIndex = -1;
    td.tabIndex = 0;
    table.nextElementSibling!.textContent = table.rows[0]!.cells[td.cellIndex]!.dataset.said!.replace(
      '{place}',
      (td.parentElement as HTMLTableRowElement).cells[0]!.textContent!,
    ).replace('{value}', td.dataset.said || td.textContent!);
  });
  root.addEventListener('focusout', (e) => {
    const host = e.target as HTMLElement;
    if (host.matches?.('[data-walk]')) showPoint(host, null);
    else if (host.matches?.('[data-walk-map]')) showRegion(host, -1, false);
  });
}

/**
 * The runtime as the text of an inline script, each line's indentation dropped (the bundler's formatting is no part of
 * the 5 KB gzipped the browser test lets it weigh): none of these functions has a string that runs over a line.
 */
export function embedRuntimeScript(): string {
  const script = `(${embedRuntime.toString()})(${pointStep.toString()}, ${regionStep.toString()}, ${cellStep.toString()}, ${nearestTarget.toString()});`;
  return script.replace(/\n\s+/g, '\n');
}
