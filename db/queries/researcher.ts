// Queries of the researcher's saved reports: per user (another user's report is as absent as a missing one), and one
// by its share token for the shared view.
import { and, count, desc, eq } from 'drizzle-orm';
import type { Db, ReadDb } from '../client';
import { researchReports } from '../schema';

export type ResearchReportRow = typeof researchReports.$inferSelect;

export async function insertResearchReport(
  db: Db,
  row: Pick<ResearchReportRow, 'id' | 'userId' | 'question' | 'plan' | 'report' | 'shareToken'>,
): Promise<ResearchReportRow> {
  const [saved] = await db.insert(researchReports).values(row).returning();
  return saved!;
}

/** How many reports the user keeps. */
export async function countResearchReports(db: ReadDb, userId: string): Promise<number> {
  const [row] = await db.select({ n: count() }).from(researchReports).where(eq(researchReports.userId, userId));
  return row?.n ?? 0;
}

/** The user's reports, newest first (without their bodies). */
export async function listResearchReports(
  db: ReadDb,
  userId: string,
  limit = 100,
): Promise<Pick<ResearchReportRow, 'id' | 'question' | 'shareToken' | 'createdAt'>[]> {
  return db
    .select({
      id: researchReports.id,
      question: researchReports.question,
      shareToken: researchReports.shareToken,
      createdAt: researchReports.createdAt,
    })
    .from(researchReports)
    .where(eq(researchReports.userId, userId))
    .orderBy(desc(researchReports.createdAt), desc(researchReports.id))
    .limit(limit);
}

export async function findResearchReport(
  db: ReadDb,
  userId: string,
  id: string,
): Promise<ResearchReportRow | undefined> {
  const rows = await db
    .select()
    .from(researchReports)
    .where(and(eq(researchReports.id, id), eq(researchReports.userId, userId)));
  return rows[0];
}

export async function findSharedResearchReport(db: ReadDb, token: string): Promise<ResearchReportRow | undefined> {
  const rows = await db.select().from(researchReports).where(eq(researchReports.shareToken, token));
  return rows[0];
}

export async function deleteResearchReport(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(researchReports)
    .where(and(eq(researchReports.id, id), eq(researchReports.userId, userId)))
    .returning({ id: researchReports.id });
  return rows.length > 0;
}
