import 'server-only';
import { cookies } from 'next/headers';
import { ACTING_AS_COOKIE } from '../acting-as';

/** True while the browser acts as someone else (staff impersonation): prefetch nothing as the staff member. */
export async function actingAsSomeone(): Promise<boolean> {
  return (await cookies()).get(ACTING_AS_COOKIE)?.value === '1';
}
