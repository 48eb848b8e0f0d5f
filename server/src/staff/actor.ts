import type { Request } from 'express';
import { currentUser } from '../auth/middleware.ts';
import { byAddress } from '../platform/http.ts';
import type { Id } from '../platform/ids.ts';

/** Who did a staff action and from where: what every audit entry records. */
export interface StaffActor {
  id: Id;
  role: string;
  name: string;
  address: string | null;
}

/** The staff member behind a request (after `requireUser` and a staff guard). */
export function actorOf(req: Request): StaffActor {
  const { user } = currentUser(req);
  return { id: user.id, role: user.role, name: user.name, address: byAddress(req) };
}
