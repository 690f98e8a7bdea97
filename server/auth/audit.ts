// The audit log of what agents do on a customer's behalf.
import type { Db } from '../db/client';
import { auditLog } from '../db/schema';
import type { AuthUser } from './auth-user';

export async function auditAgentAction(
  db: Db,
  user: AuthUser,
  customerId: number,
  action: string,
  entity: string,
  entityId: string | number | null,
  data?: Record<string, unknown>,
): Promise<void> {
  if (!user.isAgent) return;
  await db.insert(auditLog).values({ agentId: user.id, customerId, action, entity, entityId: entityId === null ? null : String(entityId), data: data ?? null });
}
