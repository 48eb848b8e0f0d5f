import type { Request } from 'express';
import { currentUser } from '../auth/middleware.ts';
import { byAddress } from '../platform/http.ts';

/** Who did a staff action and from where: what every audit entry records. */
export interface StaffActor {
  id: string;
  role: string;
  name: string;
  address: string | null;
}

/** The staff member behind a request (after `requireUser` and a staff guard). */
export function actorOf(req: Request): StaffActor {
  const { user } = currentUser(req);
  return { id: String(user.id), role: user.role, name: user.name, address: byAddress(req) };
}
