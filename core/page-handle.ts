// What a page's route module says of itself to the server, as React Router's `handle` export (decision 201).

export interface PageHandle {
  /**
   * The page renders the same for every anonymous visitor (given the address, the colour mode and whether a crawler
   * asks): the response cache keeps it and its loader data (server/site/pages.ts).
   */
  anonymousCache?: boolean;
}

/** The handle of a public page that anonymous visitors share. */
export const sharedPage: PageHandle = { anonymousCache: true };
