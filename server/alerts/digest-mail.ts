// The alert digest e-mail: every notification not yet mailed, each with its figures and the chart as an image (the
// PNG export), and a one-click unsubscribe (List-Unsubscribe with List-Unsubscribe-Post, RFC 8058).
import type { NotificationRow } from '../../db/queries/notifications';
import { escapeHtml, productName } from '../email/templates';
import type { Mail } from '../email/transport';

export interface DigestInput {
  to: string;
  name: string;
  items: NotificationRow[];
  publicUrl: string;
  /** The address a POST to unsubscribes (RFC 8058) and a GET to shows the one-click page. */
  unsubscribeUrl: string;
  /** The account's settings, to choose daily digests instead. */
  settingsUrl: string;
  daily?: boolean;
}

/** The chart image of a notification: the PNG export of the view it links to. */
export function chartImageUrl(publicUrl: string, url: string): string | null {
  const at = new URL(url, publicUrl);
  const match = /^\/datasets\/([^/]+)$/.exec(at.pathname);
  if (!match) return null;
  const query = new URLSearchParams(at.search);
  query.set('datasetId', decodeURIComponent(match[1]!));
  query.set('width', '600');
  query.set('height', '320');
  return `${publicUrl.replace(/\/+$/, '')}/api/charts/download-png?${query.toString()}`;
}

export function digestMail(d: DigestInput): Mail {
  const base = d.publicUrl.replace(/\/+$/, '');
  const subject =
    d.items.length === 1
      ? d.items[0]!.title
      : `${d.items.length} updates to charts you follow${d.daily ? ' today' : ''}`;
  const text = [
    `Hello ${d.name},`,
    '',
    ...d.items.flatMap((n) => [n.title, n.body, `${base}${n.url}`, '']),
    `Unsubscribe from these e-mails with one click: ${d.unsubscribeUrl}`,
    `Choose daily digests instead: ${d.settingsUrl}`,
    '',
    `— ${productName}`,
  ].join('\n');
  const items = d.items
    .map((n) => {
      const image = chartImageUrl(base, n.url);
      return `<tr><td style="padding:16px 0;border-top:1px solid #e2e8f0">
<p style="margin:0 0 6px;font-weight:bold">${escapeHtml(n.title)}</p>
<p style="margin:0 0 10px;line-height:1.5">${escapeHtml(n.body)}</p>
${image ? `<a href="${escapeHtml(base + n.url)}"><img src="${escapeHtml(image)}" width="504" alt="${escapeHtml(n.title)}" style="display:block;width:100%;max-width:504px;height:auto;border:1px solid #e2e8f0;border-radius:6px"></a>` : ''}
<p style="margin:10px 0 0"><a href="${escapeHtml(base + n.url)}" style="color:#2a8a38;font-weight:bold">Open the chart</a></p>
</td></tr>`;
    })
    .join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px">
<tr><td style="padding:24px 28px">
<p style="margin:0 0 20px;font-weight:bold;color:#2a8a38">${escapeHtml(productName)}</p>
<p style="margin:0 0 16px">${escapeHtml(`Hello ${d.name},`)}</p>
<table role="presentation" width="100%">${items}</table>
<p style="margin:20px 0 0;font-size:13px;color:#64748b">You follow these charts. <a href="${escapeHtml(d.unsubscribeUrl)}" style="color:#64748b">Unsubscribe from these e-mails</a> with one click, or <a href="${escapeHtml(d.settingsUrl)}" style="color:#64748b">choose daily digests</a>.</p>
</td></tr></table></body></html>`;
  return {
    to: d.to,
    subject,
    text,
    html,
    headers: {
      'List-Unsubscribe': `<${d.unsubscribeUrl}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    },
  };
}
