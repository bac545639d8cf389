// The app in-process for the public-site tests: a fresh database with sample datasets and a real local SMTP peer.
import type { Database } from '../../db/client';
import { createApp } from '../../server/app';
import { loadConfig } from '../../server/config';
import { databaseWithGeos } from '../setup/database';
import { startSmtp, type SmtpPeer } from '../setup/smtp';

export const operators = 'operators@statistics.example';

export interface SiteHarness {
  app: ReturnType<typeof createApp>;
  database: Database;
  smtp: SmtpPeer;
  close(): Promise<void>;
}

export const hicp = 'eurostat/prc_hicp_manr/estat_prc_hicp_manr_filtered.tsv';
export const tec00118 = 'eurostat/tec00118/estat_tec00118.tsv';
export const regionalGdp = 'eurostat/nama_10r_3gdp/nama_10r_3gdp.tsv.gz';

export async function startSite(samples: string[] = []): Promise<SiteHarness> {
  const database = await databaseWithGeos(...samples);
  const smtp = await startSmtp();
  const config = loadConfig({
    PUBLIC_URL: 'http://localhost:3000',
    SMTP_URL: smtp.url,
    AUTH_SECRET: 'site-integration-secret-0123456789abcdef',
    TRUST_PROXY: '1',
  });
  process.env.CONTACT_EMAIL = operators;
  const app = createApp({ db: database.db, config });
  return {
    app,
    database,
    smtp,
    close: async () => {
      await smtp.close();
      await database.close();
    },
  };
}

/** Headers of a page navigation typed in Chromium's address bar. */
export const navigation = {
  Accept: 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8',
  'Sec-Fetch-Mode': 'navigate',
  'Sec-Fetch-Dest': 'document',
  'Sec-Fetch-Site': 'none',
};
