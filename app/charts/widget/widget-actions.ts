// Browser actions of the widget: follow (plan check), copy with feedback, and saving files and PNGs.

/**
 * The chart page a follow opens, with the intent to follow (`follow=1`): the chart page follows the view it is given
 * once, on arrival, so one click follows (decision 198).
 */
export function followTarget(datasetId: number | string): string {
  return `/app/chart?id=${encodeURIComponent(String(datasetId))}&follow=1`;
}

/**
 * Follow: GET /api/account/current-plan; on success go to the chart page, which follows, otherwise (not signed in,
 * or the check failed) ask the page to open the sign-in modal.
 */
export async function followChart(
  base: string,
  datasetId: number | string,
  handlers: { navigate: (href: string) => void; requireSignIn: (datasetId: number | string) => void },
): Promise<'followed' | 'sign-in'> {
  try {
    const res = await fetch(`${base}/api/account/current-plan`, {
      credentials: 'same-origin',
      headers: { Accept: 'application/json' },
    });
    if (res.ok) {
      handlers.navigate(followTarget(datasetId));
      return 'followed';
    }
  } catch {
    // A network failure is treated like a missing session: the modal lets the visitor try again.
  }
  handlers.requireSignIn(datasetId);
  return 'sign-in';
}

/** Copies text; failures are only logged (specification §8). Returns whether it worked. */
export async function copyText(text: string): Promise<boolean> {
  try {
    await navigator.clipboard.writeText(text);
    return true;
  } catch (error) {
    console.warn('Copy to the clipboard failed:', error);
    return false;
  }
}

/** Offers a blob as a download under `fileName`. */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Pixel density of PNG exports (client and server alike). */
export const PNG_DENSITY = 2;

/** Rasterises SVG markup of `width` × `height` at `density` times its size into a PNG blob, in the browser. */
export async function svgMarkupToPng(
  markup: string,
  width: number,
  height: number,
  density = PNG_DENSITY,
): Promise<Blob> {
  const url = URL.createObjectURL(new Blob([markup], { type: 'image/svg+xml;charset=utf-8' }));
  try {
    const image = new Image();
    image.decoding = 'async';
    await new Promise<void>((resolve, reject) => {
      image.onload = () => resolve();
      image.onerror = () => reject(new Error('the chart SVG could not be loaded as an image'));
      image.src = url;
    });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(width * density);
    canvas.height = Math.round(height * density);
    const ctx = canvas.getContext('2d');
    if (!ctx) throw new Error('no 2D canvas');
    ctx.scale(density, density);
    ctx.drawImage(image, 0, 0, width, height);
    return await new Promise<Blob>((resolve, reject) =>
      canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('PNG encoding failed'))), 'image/png'),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
