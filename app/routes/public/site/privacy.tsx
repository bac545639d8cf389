// /privacy: what personal data the site keeps, why, for how long, and the visitor's rights.
import { Link } from 'react-router';
import type { Route } from './+types/privacy';
import { PageHeader, Section } from '#app/components/site/content';
import { pageMeta } from '#app/components/site/page-meta';
import { SITE_NAME } from '#app/components/site/site';
import { sharedPage } from '#core/page-handle';

/** Every anonymous visitor sees the same page: the response cache keeps it (decision 201). */
export const handle = sharedPage;

export function meta({ matches }: Route.MetaArgs) {
  return pageMeta(matches, {
    title: 'Privacy notice',
    description: `What personal data ${SITE_NAME} keeps (account, sessions, contact messages, two cookies), why, for how long, and your rights under the GDPR.`,
    path: '/privacy',
  });
}

const storage = [
  ['theme (cookie)', 'Your colour mode: light, dark or system. Kept 400 days, so pages open in the right colours.'],
  ['session cookie', 'Keeps you signed in. Set only when you sign in; removed when you sign out.'],
  ['debug (local storage)', 'Set by you to 1 to switch on debug logging in the browser console. We never set it.'],
  ['attempted-api-url (session storage)', 'The API address you opened in the browser, shown on the API error page.'],
  [
    'build-reloaded-at (session storage)',
    'When the page last reloaded itself for a new release, so it never reloads twice in 10 s.',
  ],
] as const;

export default function Privacy() {
  return (
    <div className="max-w-3xl">
      <PageHeader
        eyebrow="Legal"
        title="Privacy notice"
        lead={
          <p>
            Reading charts needs no account and sets no tracking cookie. This notice lists the little we keep and why.
          </p>
        }
      />
      <Section title="What we keep">
        <ul className="list-disc space-y-2 pl-5">
          <li>
            <strong>Account:</strong> your e-mail address, the display name you chose, a hash of your password (never
            the password), or the identity your Google or Microsoft sign-in returns; the charts you follow.
          </li>
          <li>
            <strong>Sessions:</strong> for each signed-in device, the time, the browser’s user agent and the IP address,
            so you can see and end your sessions.
          </li>
          <li>
            <strong>Abuse protection:</strong> counters of sign-in, sign-up and contact attempts per IP address and per
            e-mail address, kept for the length of the time window they count (at most an hour).
          </li>
          <li>
            <strong>Contact messages:</strong> the name, e-mail address, topic and message you send through the{' '}
            <Link to="/contact">contact form</Link>, stored in our database and e-mailed to the operators.
          </li>
          <li>
            <strong>Server logs:</strong> errors with the address requested, kept 30 days to fix faults.
          </li>
        </ul>
      </Section>
      <Section title="Cookies and browser storage">
        <table className="w-full text-left text-sm">
          <thead>
            <tr className="border-b border-slate-300 dark:border-slate-700">
              <th scope="col" className="py-2 pr-4">
                Name
              </th>
              <th scope="col" className="py-2">
                Purpose and lifetime
              </th>
            </tr>
          </thead>
          <tbody>
            {storage.map(([name, purpose]) => (
              <tr key={name} className="border-b border-slate-100 align-top dark:border-slate-800">
                <td className="py-2 pr-4 font-mono text-xs">{name}</td>
                <td className="py-2">{purpose}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <p>All of them are needed for the site to work as you asked, so no consent banner is shown.</p>
      </Section>
      <Section title="Why, and on what basis">
        <p>
          Account and session data are needed to provide the account you asked for (Art. 6(1)(b) GDPR). Abuse counters,
          logs and contact messages are kept in our legitimate interest in a safe service and in answering you (Art.
          6(1)(f)). We do not sell data, show advertising or use third-party analytics.
        </p>
      </Section>
      <Section title="How long">
        <p>
          Account data until you delete the account; then it is removed at once, sessions included. Contact messages are
          deleted 12 months after the conversation ends.
        </p>
      </Section>
      <Section title="Your rights">
        <p>
          You may ask for a copy of your data, its correction or deletion, restrict or object to its use, and take it
          elsewhere. Write to us through the <Link to="/contact">contact form</Link>; you may also complain to your data
          protection authority.
        </p>
      </Section>
    </div>
  );
}
