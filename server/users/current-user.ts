// The signed-in user as auth/is-authenticated/ describes it, with the customer it belongs to.
import { eq } from 'drizzle-orm';
import type { CurrentUser } from '../../src/lib/contract/auth';
import type { AuthUser } from '../auth/auth-user';
import type { Db } from '../db/client';
import { customers } from '../db/schema';

/** What describing needs of the request's user (the token and customer kind do not matter). */
export type SignedInUser = Omit<AuthUser, 'customerKind' | 'tokenId'>;

export async function describeCurrentUser(db: Db, user: SignedInUser): Promise<CurrentUser> {
  const [customer] = user.customerId ? await db.select().from(customers).where(eq(customers.id, user.customerId)) : [];
  return {
    id: user.id,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    is_agent: user.isAgent,
    agent_profile: user.isAgent ? { id: user.id } : null,
    customer_profile: customer
      ? { id: customer.id, business_name: customer.businessName, first_name: customer.firstName, last_name: customer.lastName, kind: customer.kind }
      : null,
    must_change_password: user.mustChangePassword,
  };
}
