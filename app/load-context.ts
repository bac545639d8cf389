// What the server hands every loader and action: the database handle (one path to the data), the visitor's session
// and the map outlines the server has read (the server owns files; pages never read them themselves).
import type { AdminImports } from '../core/admin-imports';
import type { AskChartAnswer } from '../core/assistant/compose';
import type { CatalogueImports } from '../core/catalogue-imports';
import type { RobotPages } from '../core/robot/template';
import type { PageAuth } from '../core/schemas/account';
import type { Db } from '../db/client';
import type { LoadedOutlines, OutlineChoice } from './charts';

/** Map outlines: world countries, or NUTS regions from the data mirror. */
export interface PageOutlines {
  /** Null when the server has no outlines for the choice (NUTS without a data mirror). */
  forChoice(choice: OutlineChoice): Promise<LoadedOutlines | null>;
}

declare module 'react-router' {
  interface AppLoadContext {
    db: Db;
    auth: PageAuth;
    outlines: PageOutlines;
    /**
     * The site's public address without a trailing slash (config.publicUrl: PUBLIC_URL or http://localhost:$PORT):
     * the start of every absolute address a page writes, never the request's Host (decision 183).
     */
    siteUrl: string;
    /** Signed, short-lived: the chart widget sends it with its API fetches so our own pages are not counted. */
    pageToken?: string;
    /** This request's Content-Security-Policy nonce; app/entry.server.tsx puts it on every script (decision 060). */
    cspNonce?: string;
    /** The refresh from Eurostat and the imports admins start on /app/admin/imports (server/refresh/service.ts). */
    imports?: AdminImports;
    /** Import on demand of catalogue entries not imported yet (server/refresh/import-queue.ts, decision 188). */
    catalogueImports?: CatalogueImports;
    /** Whether this server takes payments for Pro (STRIPE_SECRET_KEY) and the periods on offer (decision 075). */
    billing?: { configured: boolean; intervals: ('month' | 'year')[] };
    /** The content-writing robot's output for the case study (server/robot/service.ts, decision 144). */
    robot?: RobotPages;
    /**
     * Answers a question about a view of a dataset for the page opened with `?ask=`, so that the answer is in the HTML
     * without scripts; counted as the question sent from the page's box would be (server/assistant/page-ask.ts).
     */
    askChart?: (question: string, view: { dataset_code: string; query: string }) => Promise<AskChartAnswer>;
    /** Set by app/entry.server.tsx's handleError when a loader failed because the database was away (answer 503). */
    failures?: { databaseUnavailable: boolean };
  }
}

export {};
