// The audit log of changes made through the management API: the row names the key (ADR 0028).
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';

export async function auditKeyAction(db: Db, apiKeyId: number, action: string, entity: string, data: Record<string, unknown>): Promise<void> {
  await db.insert(auditLog).values({ apiKeyId, action, entity, data });
}
