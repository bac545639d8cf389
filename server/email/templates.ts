// The account e-mails, each as plain text and HTML, with the product's name and absolute links.
import type { Mail } from './transport';

export const productName = 'Statistics publisher';

interface Content {
  subject: string;
  greeting: string;
  paragraphs: string[];
  action: { label: string; url: string };
  footnote: string;
}

export function confirmationMail(to: string, name: string, url: string): Mail {
  return render(to, {
    subject: `Confirm your e-mail address for ${productName}`,
    greeting: `Hello ${name},`,
    paragraphs: [`Thank you for signing up to ${productName}. Please confirm your e-mail address to finish.`],
    action: { label: 'Confirm my e-mail address', url },
    footnote: 'The link works for 24 hours. If you did not sign up, you can ignore this e-mail.',
  });
}

/** Sent to the new address when a signed-in user changes the account's e-mail; the change happens on confirming. */
export function emailChangeMail(to: string, name: string, url: string): Mail {
  return render(to, {
    subject: `Confirm your new e-mail address for ${productName}`,
    greeting: `Hello ${name},`,
    paragraphs: [
      `You asked to use this address for your ${productName} account. Confirm it with this link; until then your account keeps its current address.`,
    ],
    action: { label: 'Confirm my new e-mail address', url },
    footnote: 'The link works for 24 hours. If you did not ask for this, you can ignore this e-mail.',
  });
}

/**
 * Sent to the account's current address when someone signed in to it asks to move it to another address: the owner
 * hears of it before the change can happen, and can secure the account if it was not them.
 */
export function emailChangeNoticeMail(to: string, name: string, newEmail: string, url: string): Mail {
  return render(to, {
    subject: `Your ${productName} e-mail address is being changed`,
    greeting: `Hello ${name},`,
    paragraphs: [
      `Someone signed in to your ${productName} account asked to change its e-mail address to ${newEmail}. We sent a confirmation link there; the account keeps this address until that link is used.`,
      'If this was not you, change your password now and sign out the other sessions in Settings.',
    ],
    action: { label: 'Open Settings', url },
    footnote: 'If this was you, no action is needed.',
  });
}

export function resetPasswordMail(to: string, name: string, url: string): Mail {
  return render(to, {
    subject: `Reset your ${productName} password`,
    greeting: `Hello ${name},`,
    paragraphs: ['Someone asked to reset the password of your account. Choose a new password with this link.'],
    action: { label: 'Choose a new password', url },
    footnote: 'The link works for one hour and only once. If you did not ask for it, your password stays as it is.',
  });
}

/** Sent instead of a second account when someone signs up with an address that already has one. */
export function existingAccountMail(to: string, name: string, url: string): Mail {
  return render(to, {
    subject: `You already have a ${productName} account`,
    greeting: `Hello ${name},`,
    paragraphs: [
      'Someone tried to sign up with this e-mail address, which already has an account. Sign in instead; if you forgot your password, use "Forgot your password?" in the sign-in window.',
    ],
    action: { label: 'Sign in', url },
    footnote: 'If this was not you, no action is needed.',
  });
}

/**
 * An invitation to join an organization; the link opens /accept-invite with the token (docs/decisions/074). It carries
 * nothing the sender typed (decision 185): the inviter is named by their confirmed address, the organization's name is
 * shown on our accept page, and the only link is ours, so the mail cannot be made into a phishing letter.
 */
export function organizationInvitationMail(
  to: string,
  invite: { inviterEmail: string; role: string; url: string; days: number },
): Mail {
  return render(to, {
    subject: `${invite.inviterEmail} invited you to an organization on ${productName}`,
    greeting: 'Hello,',
    paragraphs: [
      `${invite.inviterEmail} invited you to join their organization on ${productName} as ${invite.role === 'admin' ? 'an admin' : 'a member'}. Its members share its plan.`,
      'Open this link to see the organization and accept: sign in, or create an account with this e-mail address.',
    ],
    action: { label: 'See the invitation', url: invite.url },
    footnote: `The link works for ${invite.days} days and only once. If you do not know the sender, you can ignore this e-mail.`,
  });
}

function render(to: string, c: Content): Mail {
  const text = [
    c.greeting,
    '',
    ...c.paragraphs.flatMap((p) => [p, '']),
    `${c.action.label}: ${c.action.url}`,
    '',
    c.footnote,
    '',
    `— ${productName}`,
  ].join('\n');
  const html = `<!doctype html>
<html lang="en"><body style="margin:0;padding:24px;background:#f8fafc;font-family:Arial,Helvetica,sans-serif;color:#0f172a">
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border:1px solid #e2e8f0;border-radius:8px">
<tr><td style="padding:24px 28px">
<p style="margin:0 0 20px;font-weight:bold;color:#2a8a38">${escapeHtml(productName)}</p>
<p style="margin:0 0 16px">${escapeHtml(c.greeting)}</p>
${c.paragraphs.map((p) => `<p style="margin:0 0 16px;line-height:1.5">${escapeHtml(p)}</p>`).join('\n')}
<p style="margin:24px 0"><a href="${escapeHtml(c.action.url)}" style="background:#2a8a38;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none;font-weight:bold">${escapeHtml(c.action.label)}</a></p>
<p style="margin:0 0 16px;font-size:13px;color:#475569">Or open this address: <a href="${escapeHtml(c.action.url)}" style="color:#2a8a38;word-break:break-all">${escapeHtml(c.action.url)}</a></p>
<p style="margin:0;font-size:13px;color:#64748b">${escapeHtml(c.footnote)}</p>
</td></tr></table></body></html>`;
  return { to, subject: c.subject, text, html };
}

export function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}
