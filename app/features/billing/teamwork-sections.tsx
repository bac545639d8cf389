// The settings page's plan and billing section and organizations section, from the loader's Teamwork.
import { OrganizationsSection } from '../organizations/organizations-section';
import { BillingSection } from './billing-section';
import type { Teamwork } from './teamwork.server';

export function PlanAndBilling({ teamwork }: { teamwork: Teamwork | null }) {
  if (!teamwork) return null;
  return <BillingSection {...teamwork.billing} />;
}

export function Organizations({ teamwork }: { teamwork: Teamwork | null }) {
  if (!teamwork) return null;
  return (
    <OrganizationsSection
      organizations={teamwork.organizations}
      userId={teamwork.userId}
      offer={teamwork.billing.offer}
    />
  );
}
