// The plans: Free with a daily API request limit, Pro with unlimited access (docs/decisions/022-plans-and-daily-api-limit.md).

/** Every plan an account can be on; a new account is on `free`. */
export const plans = ['free', 'pro'] as const;
export type Plan = (typeof plans)[number];

/** Requests a Free account may send to the data API per day (UTC). */
export const FREE_DAILY_API_REQUESTS = 1000;
/** The Pro plan's price in euro, per month and per year. */
/** Days of the API usage charts (settings, organizations, /api/account/api-usage), today included. */
export const USAGE_DAYS = 30;

export const PRO_PRICE_EUR = { month: 12, year: 120 } as const;
