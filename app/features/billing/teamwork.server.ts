// The settings page's plan, billing and organizations sections in one read (issue 14).
import type { ReadDb } from '#db/client';
import { organizationSettings, type OrganizationView } from '../organizations/organizations.server';
import type { BillingOffer } from './billing-client';
import type { BillingSectionProps } from './billing-section';
import { billingSettings } from './billing.server';

export interface Teamwork {
  userId: string;
  billing: BillingSectionProps;
  organizations: OrganizationView[];
}

export async function teamworkSettings(db: ReadDb, userId: string, offer: BillingOffer): Promise<Teamwork> {
  const [billing, organizations] = await Promise.all([
    billingSettings(db, userId, offer),
    organizationSettings(db, userId),
  ]);
  return { userId, billing, organizations };
}
