// Client measurements, taken in effects after hydration: container width, md breakpoint, and the dark class.
import { useEffect, useRef, useState, type RefObject } from 'react';
import { MD_BREAKPOINT } from '../core/chart-size';
import type { Theme } from '../core/palette';

/** The server's drawing width until the container has been measured. */
export const SERVER_WIDTH = 800;

/**
 * The content width of an element, tracked with a ResizeObserver; `fallback` before the first measurement.
 * `measured` turns true once the browser has measured it (after hydration).
 */
export function useContainerWidth<T extends HTMLElement>(fallback: number): [RefObject<T | null>, number, boolean] {
  const ref = useRef<T>(null);
  const [size, setSize] = useState({ width: fallback, measured: false });
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      const w = Math.floor(el.getBoundingClientRect().width);
      if (w > 0) setSize((s) => (s.width === w && s.measured ? s : { width: w, measured: true }));
    };
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  return [ref, size.width, size.measured];
}

/** True from the md breakpoint (768px of viewport); true on the server, whose default width is wide. */
export function useMdViewport(): boolean {
  const [md, setMd] = useState(true);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const query = window.matchMedia(`(min-width: ${MD_BREAKPOINT}px)`);
    const update = () => setMd(query.matches);
    update();
    query.addEventListener('change', update);
    return () => query.removeEventListener('change', update);
  }, []);
  return md;
}

/** The theme from the `dark` class on <html>, following its changes; light on the server. */
export function useDocumentTheme(initial: Theme = 'light'): Theme {
  const [theme, setTheme] = useState<Theme>(initial);
  useEffect(() => {
    const root = document.documentElement;
    const update = () => setTheme(root.classList.contains('dark') ? 'dark' : 'light');
    update();
    const observer = new MutationObserver(update);
    observer.observe(root, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);
  return theme;
}
