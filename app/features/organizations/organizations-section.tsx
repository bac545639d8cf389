// Settings: the user's organizations: create one, invite by e-mail, members and roles, remove, leave, and the
// organization's Pro plan (owners and admins pay and manage it).
import { useState } from 'react';
import { useRevalidator } from 'react-router';
import { canManageMembers, type OrganizationRole } from '#core/organizations';
import { CreateKeyForm } from '../../components/api-keys/create-key-form';
import { UsageChart } from '../../components/api-keys/usage-chart';
import { ErrorText, PrimaryButton, TextField, useFormError } from '../../components/auth/form-controls';
import type { BillingOffer } from '../billing/billing-client';
import { ManageBillingButton, subscriptionLine } from '../billing/billing-section';
import { UpgradeButton } from '../billing/upgrade-button';
import type { OrganizationView } from './organizations.server';

const smallButton =
  'rounded-md border border-slate-300 px-2.5 py-1 text-xs font-medium hover:bg-slate-50 disabled:opacity-60 dark:border-slate-700 dark:hover:bg-slate-800';
const selectClass =
  'rounded-md border border-slate-300 bg-white px-2 py-1 text-sm dark:border-slate-700 dark:bg-slate-950 dark:text-slate-100';

async function call(path: string, method: string, body?: unknown): Promise<string | null> {
  try {
    const res = await fetch(path, {
      method,
      credentials: 'same-origin',
      headers: body === undefined ? { accept: 'application/json' } : { 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.ok) return null;
    const data = (await res.json().catch(() => ({}))) as { error?: { message?: string } };
    return data.error?.message ?? 'An unexpected error occurred';
  } catch {
    return 'The server could not be reached. Please try again.';
  }
}

const roleLabel: Record<OrganizationRole, string> = { owner: 'Owner', admin: 'Admin', member: 'Member' };

function PlanBadge({ plan }: { plan: 'free' | 'pro' }) {
  return (
    <span
      className={`rounded-full px-2 py-0.5 text-xs font-semibold ${
        plan === 'pro'
          ? 'bg-brand-dark text-white dark:bg-brand dark:text-slate-950'
          : 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200'
      }`}
    >
      {plan === 'pro' ? 'Pro' : 'Free'}
    </span>
  );
}

/**
 * An organization's API keys: its requests count against the organization and its plan (decision 077). Owners and
 * admins see them all and may revoke any of them, whoever created it.
 */
function OrganizationKeys({ org }: { org: OrganizationView }) {
  const revalidator = useRevalidator();
  const [name, setName] = useState('');
  const [pending, setPending] = useState(false);
  const error = useFormError<'name'>();
  const [shown, setShown] = useState<{ name: string; key: string } | null>(null);

  async function create(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    error.clear();
    setShown(null);
    try {
      const res = await fetch('/api/account/api-keys', {
        method: 'POST',
        credentials: 'same-origin',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ name: name.trim(), organization_id: org.id }),
      });
      const body = (await res.json().catch(() => ({}))) as {
        key?: string;
        name?: string;
        error?: { message?: string };
      };
      if (!res.ok || !body.key) error.fail(body.error?.message ?? 'An unexpected error occurred', 'name');
      else {
        setShown({ name: body.name ?? name, key: body.key });
        setName('');
        await revalidator.revalidate();
      }
    } catch {
      error.fail('The server could not be reached. Please try again.');
    }
    setPending(false);
  }

  async function revoke(id: string) {
    setPending(true);
    error.clear();
    const problem = await call(`/api/account/api-keys/${encodeURIComponent(id)}`, 'DELETE');
    setPending(false);
    if (problem) error.fail(problem);
    else await revalidator.revalidate();
  }

  return (
    <div className="space-y-3">
      <h4 className="text-sm font-semibold">Organization API keys</h4>
      <p className="text-xs text-slate-500 dark:text-slate-400">
        Requests with these keys count against {org.name}
        {org.plan === 'pro' ? ', which has unlimited requests' : '’s daily limit, shared by all its keys'}.
      </p>
      {org.keys.length > 0 ? (
        <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
          {org.keys.map((k) => (
            <li key={k.id} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <span className="font-medium">{k.name}</span>{' '}
                <code className="text-xs text-slate-600 dark:text-slate-300">{k.prefix}…</code>{' '}
                <span className="text-xs text-slate-500 dark:text-slate-400">by {k.createdBy}</span>
              </span>
              <button type="button" className={smallButton} disabled={pending} onClick={() => void revoke(k.id)}>
                Revoke
              </button>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">No organization keys yet.</p>
      )}
      {org.usage && org.usage.keys.length > 0 ? (
        <div data-org-usage>
          <h5 className="text-xs font-semibold text-slate-700 dark:text-slate-200">Requests per day with these keys</h5>
          <UsageChart usage={org.usage} session={false} />
        </div>
      ) : null}
      {shown && (
        <div
          role="status"
          className="space-y-1 rounded-md bg-emerald-50 px-3 py-2 text-sm text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
        >
          <p>Key “{shown.name}” created. Copy it now: it will not be shown again.</p>
          <code data-org-api-key className="block break-all font-mono text-xs">
            {shown.key}
          </code>
        </div>
      )}
      <CreateKeyForm
        label="Organization key name"
        name="org-key"
        placeholder="e.g. Newsroom dashboard"
        value={name}
        onChange={setName}
        onSubmit={(e) => void create(e)}
        pending={pending}
        error={error}
      />
    </div>
  );
}

/** The owner deletes the organization after typing its name: Stripe cancels its Pro, its keys stop working. */
function DeleteOrganization({ org }: { org: OrganizationView }) {
  const revalidator = useRevalidator();
  const [open, setOpen] = useState(false);
  const [typed, setTyped] = useState('');
  const [pending, setPending] = useState(false);
  const error = useFormError<'confirmation'>();

  async function submit(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    error.clear();
    const problem = await call('/api/organizations/delete', 'POST', { organization_id: org.id, confirmation: typed });
    setPending(false);
    if (problem) return error.fail(problem, 'confirmation');
    await revalidator.revalidate();
  }

  if (!open)
    return (
      <button type="button" className={`${smallButton} text-red-700 dark:text-red-400`} onClick={() => setOpen(true)}>
        Delete organization
      </button>
    );
  return (
    <form
      onSubmit={(e) => void submit(e)}
      className="space-y-3 rounded-md border border-red-300 p-3 dark:border-red-900"
      aria-label={`Delete ${org.name}`}
    >
      <p className="text-sm">
        Deleting {org.name} removes all its members and stops its API keys at once
        {org.plan === 'pro' || org.subscription ? ', and cancels its Pro subscription at Stripe' : ''}. This cannot be
        undone.
      </p>
      <TextField
        label={`Type ${org.name} to confirm`}
        name="confirm-organization"
        required
        autoComplete="off"
        value={typed}
        {...error.field('confirmation')}
        onChange={(e) => setTyped(e.target.value)}
      />
      <div className="flex flex-wrap gap-3">
        <button
          type="submit"
          disabled={pending || typed.trim() !== org.name}
          className="rounded-md bg-red-700 px-3 py-2 text-sm font-semibold text-white hover:bg-red-800 disabled:opacity-60"
        >
          Delete {org.name}
        </button>
        <button type="button" className={smallButton} onClick={() => setOpen(false)}>
          Cancel
        </button>
      </div>
      <ErrorText {...error.messageProps}>{error.message}</ErrorText>
    </form>
  );
}

function OrganizationCard({ org, userId, offer }: { org: OrganizationView; userId: string; offer: BillingOffer }) {
  const revalidator = useRevalidator();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'member' | 'admin'>('member');
  const [pending, setPending] = useState(false);
  const error = useFormError<'email'>();
  const [notice, setNotice] = useState('');
  const manager = canManageMembers(org.role);

  /** A change of the members; a refusal of an invitation is about the address typed. True when it was done. */
  async function run(task: () => Promise<string | null>, done?: string, field?: 'email'): Promise<boolean> {
    setPending(true);
    error.clear();
    setNotice('');
    const problem = await task();
    setPending(false);
    if (problem) {
      error.fail(problem, field);
      return false;
    }
    if (done) setNotice(done);
    await revalidator.revalidate();
    return true;
  }

  async function invite(event: React.FormEvent) {
    event.preventDefault();
    const to = email.trim();
    const sent = await run(
      () => call('/api/organizations/invite', 'POST', { organization_id: org.id, email: to, role }),
      `Invitation sent to ${to}.`,
      'email',
    );
    // A refused address stays in the field, to be corrected.
    if (sent) setEmail('');
  }

  const mayRemove = (target: OrganizationRole) =>
    target !== 'owner' && (org.role === 'owner' || (org.role === 'admin' && target === 'member'));

  return (
    <li className="space-y-4 rounded-md border border-slate-200 p-4 dark:border-slate-800" aria-label={org.name}>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <div className="flex items-center gap-2">
          <h3 className="font-semibold">{org.name}</h3>
          <PlanBadge plan={org.plan} />
        </div>
        <span className="text-sm text-slate-600 dark:text-slate-300">Your role: {roleLabel[org.role]}</span>
      </div>

      {manager && (
        <div className="space-y-2">
          {org.subscription && <p className="text-sm">{subscriptionLine(org.subscription)}</p>}
          <div className="flex flex-wrap items-start gap-3">
            {org.plan !== 'pro' && (
              <UpgradeButton offer={offer} organizationId={org.id} label={`Upgrade ${org.name} to Pro`} />
            )}
            {org.hasCustomer && offer.configured && <ManageBillingButton organizationId={org.id} />}
          </div>
          <p className="text-xs text-slate-500 dark:text-slate-400">
            An organization’s Pro plan covers all its members, and its API keys count against the organization.
          </p>
        </div>
      )}

      <div>
        <h4 className="mb-2 text-sm font-semibold">Members</h4>
        <ul className="divide-y divide-slate-200 text-sm dark:divide-slate-800">
          {org.members.map((m) => (
            <li key={m.userId} className="flex flex-wrap items-center justify-between gap-2 py-2">
              <span className="min-w-0 [overflow-wrap:anywhere]">
                <span className="font-medium">{m.name}</span>{' '}
                <span className="text-slate-600 dark:text-slate-300">{m.email}</span>
              </span>
              <span className="flex items-center gap-2">
                {org.role === 'owner' && m.role !== 'owner' ? (
                  <select
                    aria-label={`Role of ${m.email}`}
                    className={selectClass}
                    value={m.role}
                    disabled={pending}
                    onChange={(e) =>
                      void run(
                        () =>
                          call('/api/organizations/members', 'PATCH', {
                            organization_id: org.id,
                            user_id: m.userId,
                            role: e.target.value,
                          }),
                        e.target.value === 'member'
                          ? `${m.email} is now a member. Any API keys they created for the organization are revoked.`
                          : undefined,
                      )
                    }
                  >
                    <option value="member">Member</option>
                    <option value="admin">Admin</option>
                  </select>
                ) : (
                  <span className="text-slate-600 dark:text-slate-300">{roleLabel[m.role]}</span>
                )}
                {org.role === 'owner' && m.role !== 'owner' && (
                  <button
                    type="button"
                    className={`${smallButton} whitespace-nowrap`}
                    disabled={pending}
                    onClick={() => {
                      if (!window.confirm(`Make ${m.email} the owner of ${org.name}? You will become an admin.`))
                        return;
                      void run(
                        () =>
                          call('/api/organizations/transfer', 'POST', { organization_id: org.id, user_id: m.userId }),
                        `${m.email} is now the owner.`,
                      );
                    }}
                  >
                    Make owner
                  </button>
                )}
                {m.userId !== userId && mayRemove(m.role) && (
                  <button
                    type="button"
                    className={smallButton}
                    disabled={pending}
                    onClick={() =>
                      void run(
                        () =>
                          call(
                            `/api/organizations/members?organization_id=${encodeURIComponent(org.id)}&user_id=${encodeURIComponent(m.userId)}`,
                            'DELETE',
                          ),
                        // Their organization keys stop working with them (decision 184): say so to those who remain.
                        `${m.email} was removed. Any API keys they created for the organization are revoked.`,
                      )
                    }
                  >
                    Remove
                  </button>
                )}
              </span>
            </li>
          ))}
        </ul>
      </div>

      {manager && org.invitations.length > 0 && (
        <div>
          <h4 className="mb-2 text-sm font-semibold">Pending invitations</h4>
          <ul className="space-y-1 text-sm text-slate-600 dark:text-slate-300">
            {org.invitations.map((i) => (
              <li key={i.id} className="[overflow-wrap:anywhere]">
                {i.email} · {roleLabel[i.role]} · until {i.expiresAt.slice(0, 10)}
              </li>
            ))}
          </ul>
        </div>
      )}

      {manager && (
        <form onSubmit={(e) => void invite(e)} className="flex flex-wrap items-end gap-3">
          <TextField
            label="Invite by e-mail"
            type="email"
            name="email"
            required
            maxLength={254}
            placeholder="colleague@example.org"
            value={email}
            {...error.field('email')}
            onChange={(e) => setEmail(e.target.value)}
            className="min-w-[14rem] flex-1"
          />
          <label className="text-sm">
            <span className="mb-1 block font-medium text-slate-700 dark:text-slate-300">Role</span>
            <select
              className={`${selectClass} py-2`}
              value={role}
              onChange={(e) => setRole(e.target.value as 'member' | 'admin')}
            >
              <option value="member">Member</option>
              <option value="admin">Admin</option>
            </select>
          </label>
          <PrimaryButton wide={false} disabled={pending}>
            Send invitation
          </PrimaryButton>
        </form>
      )}

      {manager && <OrganizationKeys org={org} />}

      {org.role === 'owner' && <DeleteOrganization org={org} />}

      {org.role !== 'owner' && (
        <button
          type="button"
          className={smallButton}
          disabled={pending}
          onClick={() => void run(() => call('/api/organizations/leave', 'POST', { organization_id: org.id }))}
        >
          Leave {org.name}
        </button>
      )}
      <ErrorText {...error.messageProps}>{error.message}</ErrorText>
      {notice && (
        <p role="status" className="text-sm text-emerald-700 dark:text-emerald-400">
          {notice}
        </p>
      )}
    </li>
  );
}

export function OrganizationsSection({
  organizations,
  userId,
  offer,
}: {
  organizations: OrganizationView[];
  userId: string;
  offer: BillingOffer;
}) {
  const revalidator = useRevalidator();
  const [name, setName] = useState('');
  const [pending, setPending] = useState(false);
  const error = useFormError<'name'>();

  async function create(event: React.FormEvent) {
    event.preventDefault();
    setPending(true);
    error.clear();
    const problem = await call('/api/organizations', 'POST', { name: name.trim() });
    setPending(false);
    if (problem) return error.fail(problem, 'name');
    setName('');
    await revalidator.revalidate();
  }

  return (
    <section
      id="organizations"
      aria-labelledby="organizations-heading"
      className="space-y-4 rounded-lg border border-slate-200 p-5 dark:border-slate-800"
    >
      <div>
        <h2 id="organizations-heading" className="text-lg font-semibold">
          Organizations
        </h2>
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-300">
          Work as a team: invite colleagues by e-mail. Owners and admins invite and remove members; an organization’s
          Pro plan covers everyone in it.
        </p>
      </div>
      {organizations.length > 0 ? (
        <ul className="space-y-4">
          {organizations.map((org) => (
            <OrganizationCard key={org.id} org={org} userId={userId} offer={offer} />
          ))}
        </ul>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-300">You are not in an organization yet.</p>
      )}
      <form onSubmit={(e) => void create(e)} className="flex flex-wrap items-end gap-3">
        <TextField
          label="New organization"
          name="organization"
          required
          maxLength={100}
          placeholder="e.g. Newsroom data desk"
          value={name}
          {...error.field('name')}
          onChange={(e) => setName(e.target.value)}
          className="min-w-[14rem] flex-1"
        />
        <PrimaryButton wide={false} disabled={pending}>
          Create organization
        </PrimaryButton>
      </form>
      <ErrorText {...error.messageProps}>{error.message}</ErrorText>
    </section>
  );
}
