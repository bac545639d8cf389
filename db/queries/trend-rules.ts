// Trend-tracking rules and their firings (docs/decisions/133). Functions that read or change one account's rules take
// its id: another account's rule is never found (the API answers 404).
import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db, ReadDb } from '../client';
import { datasets, dimensionValues } from '../schema/datasets';
import { trendRuleFirings, trendRules, type TrendRuleKind } from '../schema/notifications';

export type TrendRuleRow = typeof trendRules.$inferSelect;
export type TrendRuleFiringRow = typeof trendRuleFirings.$inferSelect;
export type { TrendRuleKind };

/** Rules an account may hold at once. */
export const MAX_TREND_RULES = 50;

export interface ListedTrendRule extends TrendRuleRow {
  datasetCode: string;
  datasetName: string;
  frequency: string;
  /** The latest firing, if the rule ever fired. */
  lastFiring: { value: number; period: number; firedAt: Date } | null;
  firings: number;
}

export async function createTrendRule(
  db: Db,
  rule: Pick<
    typeof trendRules.$inferInsert,
    | 'userId'
    | 'datasetId'
    | 'seriesId'
    | 'geo'
    | 'kind'
    | 'threshold'
    | 'label'
    | 'lastState'
    | 'lastValue'
    | 'lastPeriod'
  >,
): Promise<TrendRuleRow> {
  const [row] = await db.insert(trendRules).values(rule).returning();
  return row!;
}

export async function countTrendRules(db: ReadDb, userId: string): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(trendRules)
    .where(eq(trendRules.userId, userId));
  return row?.n ?? 0;
}

/** The account's rules, newest first, with their dataset and latest firing. */
export async function listTrendRules(db: ReadDb, userId: string): Promise<ListedTrendRule[]> {
  const rows = await db
    .select({
      rule: trendRules,
      datasetCode: datasets.code,
      datasetName: datasets.name,
      frequency: datasets.frequency,
      firings: sql<number>`(SELECT count(*)::int FROM ${trendRuleFirings} f WHERE f.rule_id = ${trendRules.id})`,
      lastValue: sql<number | null>`(SELECT f.value FROM ${trendRuleFirings} f WHERE f.rule_id = ${trendRules.id}
        ORDER BY f.id DESC LIMIT 1)`,
      lastPeriod: sql<number | null>`(SELECT f.period FROM ${trendRuleFirings} f WHERE f.rule_id = ${trendRules.id}
        ORDER BY f.id DESC LIMIT 1)`,
      lastFiredAt: sql<string | null>`(SELECT f.fired_at FROM ${trendRuleFirings} f WHERE f.rule_id = ${trendRules.id}
        ORDER BY f.id DESC LIMIT 1)`,
    })
    .from(trendRules)
    .innerJoin(datasets, eq(datasets.id, trendRules.datasetId))
    .where(eq(trendRules.userId, userId))
    .orderBy(desc(trendRules.id));
  return rows.map((r) => ({
    ...r.rule,
    datasetCode: r.datasetCode,
    datasetName: r.datasetName,
    frequency: r.frequency,
    firings: Number(r.firings),
    lastFiring:
      r.lastValue === null || r.lastPeriod === null || r.lastFiredAt === null
        ? null
        : { value: Number(r.lastValue), period: Number(r.lastPeriod), firedAt: new Date(r.lastFiredAt) },
  }));
}

export async function getTrendRule(db: ReadDb, userId: string, id: number): Promise<TrendRuleRow | undefined> {
  const [row] = await db
    .select()
    .from(trendRules)
    .where(and(eq(trendRules.id, id), eq(trendRules.userId, userId)));
  return row;
}

/** Pauses or resumes one of the account's rules; false when it has no such rule. */
export async function setTrendRulePaused(db: Db, userId: string, id: number, paused: boolean): Promise<boolean> {
  const rows = await db
    .update(trendRules)
    .set({ pausedAt: paused ? new Date() : null })
    .where(and(eq(trendRules.id, id), eq(trendRules.userId, userId)))
    .returning({ id: trendRules.id });
  return rows.length > 0;
}

export async function deleteTrendRule(db: Db, userId: string, id: number): Promise<boolean> {
  const rows = await db
    .delete(trendRules)
    .where(and(eq(trendRules.id, id), eq(trendRules.userId, userId)))
    .returning({ id: trendRules.id });
  return rows.length > 0;
}

/** The rules of a dataset that are not paused: what a refresh evaluates. */
export async function activeTrendRules(db: ReadDb, datasetId: number): Promise<TrendRuleRow[]> {
  return db
    .select()
    .from(trendRules)
    .where(and(eq(trendRules.datasetId, datasetId), isNull(trendRules.pausedAt)))
    .orderBy(trendRules.id);
}

/**
 * Records what an evaluation saw. `expectState` guards against two processes evaluating the same release: only the
 * one that still finds the state it read moves it (and so only that one fires). Returns whether it moved it.
 */
export async function advanceTrendRule(
  db: Db,
  id: number,
  seen: { lastState: 'past' | 'within' | null; lastValue: number; lastPeriod: number },
  expect: { lastValue: number | null; lastPeriod: number | null },
): Promise<boolean> {
  const rows = await db
    .update(trendRules)
    .set(seen)
    .where(
      and(
        eq(trendRules.id, id),
        expect.lastValue === null ? isNull(trendRules.lastValue) : eq(trendRules.lastValue, expect.lastValue),
        expect.lastPeriod === null ? isNull(trendRules.lastPeriod) : eq(trendRules.lastPeriod, expect.lastPeriod),
      ),
    )
    .returning({ id: trendRules.id });
  return rows.length > 0;
}

export async function insertTrendRuleFiring(
  db: Db,
  firing: Pick<typeof trendRuleFirings.$inferInsert, 'ruleId' | 'importRunId' | 'period' | 'value' | 'previousValue'>,
): Promise<TrendRuleFiringRow> {
  const [row] = await db.insert(trendRuleFirings).values(firing).returning();
  return row!;
}

/**
 * The labels of a series' codes (dim1…dimN) that tell it apart: null codes (the caller's main-series values) and
 * dimensions with a single value in the dataset (the frequency, usually) are left out.
 */
export async function dimensionValueLabels(
  db: ReadDb,
  datasetId: number,
  dims: readonly (string | null)[],
): Promise<string[]> {
  const rows = await db
    .select({ position: dimensionValues.position, code: dimensionValues.code, label: dimensionValues.label })
    .from(dimensionValues)
    .where(eq(dimensionValues.datasetId, datasetId));
  const counts = new Map<number, number>();
  for (const r of rows) counts.set(r.position, (counts.get(r.position) ?? 0) + 1);
  return dims.flatMap((code, i) => {
    if (code === null || (counts.get(i + 1) ?? 0) <= 1) return [];
    const row = rows.find((r) => r.position === i + 1 && r.code === code);
    return [row?.label ?? code];
  });
}
