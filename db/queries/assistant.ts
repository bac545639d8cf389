// Queries of the chat assistant: its conversations and messages per user, and the places and series it reads.
import { and, asc, desc, eq, sql } from 'drizzle-orm';
import type { Db, ReadDb } from '../client';
import { assistantConversations, assistantMessages } from '../schema';
import { queryRows } from '../sql';

export type ConversationRow = typeof assistantConversations.$inferSelect;
export type MessageRow = typeof assistantMessages.$inferSelect;

export async function createConversation(db: Db, id: string, userId: string, title: string): Promise<ConversationRow> {
  const [row] = await db.insert(assistantConversations).values({ id, userId, title }).returning();
  return row!;
}

/** One of the user's conversations; another user's is as absent as one that never existed. */
export async function findConversation(db: ReadDb, userId: string, id: string): Promise<ConversationRow | undefined> {
  const rows = await db
    .select()
    .from(assistantConversations)
    .where(and(eq(assistantConversations.id, id), eq(assistantConversations.userId, userId)));
  return rows[0];
}

export async function listConversations(db: ReadDb, userId: string, limit = 100): Promise<ConversationRow[]> {
  return db
    .select()
    .from(assistantConversations)
    .where(eq(assistantConversations.userId, userId))
    .orderBy(desc(assistantConversations.updatedAt), desc(assistantConversations.createdAt))
    .limit(limit);
}

export async function deleteConversation(db: Db, userId: string, id: string): Promise<boolean> {
  const rows = await db
    .delete(assistantConversations)
    .where(and(eq(assistantConversations.id, id), eq(assistantConversations.userId, userId)))
    .returning({ id: assistantConversations.id });
  return rows.length > 0;
}

export async function listMessages(db: ReadDb, conversationId: string): Promise<MessageRow[]> {
  return db
    .select()
    .from(assistantMessages)
    .where(eq(assistantMessages.conversationId, conversationId))
    .orderBy(asc(assistantMessages.position));
}

/** The newest answer of a conversation (what a follow-up continues from). */
export async function lastAnswer(db: ReadDb, conversationId: string): Promise<MessageRow | undefined> {
  const rows = await db
    .select()
    .from(assistantMessages)
    .where(and(eq(assistantMessages.conversationId, conversationId), eq(assistantMessages.role, 'assistant')))
    .orderBy(desc(assistantMessages.position))
    .limit(1);
  return rows[0];
}

/** Appends a question and its answer in one transaction and marks the conversation as just used. */
export async function appendExchange(
  db: Db,
  conversationId: string,
  question: string,
  answer: { content: string; payload: Record<string, unknown> },
): Promise<void> {
  await db.transaction(async (tx) => {
    const [last] = await queryRows<{ n: number | null }>(
      tx,
      sql`SELECT max(position)::int AS n FROM assistant_messages WHERE conversation_id = ${conversationId}`,
    );
    const next = (last?.n ?? 0) + 1;
    await tx.insert(assistantMessages).values([
      { conversationId, position: next, role: 'user', content: question },
      { conversationId, position: next + 1, role: 'assistant', content: answer.content, payload: answer.payload },
    ]);
    await tx
      .update(assistantConversations)
      .set({ updatedAt: new Date() })
      .where(eq(assistantConversations.id, conversationId));
  });
}

export interface RegionPlace {
  code: string;
  name: string;
  level: number;
  kind: 'region';
}

/** Every NUTS region (no extra-regio codes) with its Latin-script name, for the assistant's place names. */
export async function listRegions(db: ReadDb): Promise<RegionPlace[]> {
  return queryRows<RegionPlace>(
    db,
    sql`SELECT code, name, level, kind FROM geos WHERE kind = 'region' AND code !~ '^[A-Z]{2}Z+$' ORDER BY code`,
  );
}

/** The NUTS regions of one level whose codes start with a country's or region's code. */
export async function regionsWithin(db: ReadDb, prefix: string, level: number): Promise<string[]> {
  const rows = await queryRows<{ code: string }>(
    db,
    sql`SELECT code FROM geos WHERE kind = 'region' AND level = ${level} AND code LIKE ${`${prefix}%`}
      AND code !~ '^[A-Z]{2}Z+$' ORDER BY code`,
  );
  return rows.map((r) => r.code);
}
