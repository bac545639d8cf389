// The colour mode charts draw in: the one the server rendered with, then the page's `dark` class as it changes.
import type { Theme } from '../../charts';
import { useSiteRootData } from '../site/root-data';
import { useResolvedTheme } from '../site/theme';

export function useChartTheme(): Theme {
  const root = useSiteRootData();
  return useResolvedTheme(root?.resolvedTheme ?? 'light');
}
