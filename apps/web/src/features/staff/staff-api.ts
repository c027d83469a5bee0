import { type BackOfficeSection, mayUse, type StaffAccess } from '@mitrebox/domain';
import { useQuery } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { STAFF_TOKEN_KEY } from '../../lib/auth-storage.ts';
import { type CallArgs, call as callRoute, type RouteName } from '../../lib/call.ts';

/**
 * The staff sign-in, kept apart from the customer's (localStorage 'staffToken'; a shop sign-out keeps it).
 * Every back-office call goes through `staffCall`, which sends the staff token as the bearer; a 401 ends the
 * staff sign-in and shows the staff sign-in screen again.
 */
const listeners = new Set<() => void>();
const read = () => {
  try {
    return localStorage.getItem(STAFF_TOKEN_KEY);
  } catch {
    return null;
  }
};
let token: string | null = read();

export const staffSession = {
  get token() {
    return token;
  },
  set(next: string | null) {
    token = next;
    try {
      if (next) localStorage.setItem(STAFF_TOKEN_KEY, next);
      else localStorage.removeItem(STAFF_TOKEN_KEY);
    } catch {
      /* storage disabled: the sign-in lasts as long as the page */
    }
    for (const l of listeners) l();
  },
  subscribe(listener: () => void) {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
};

export function useStaffToken(): string | null {
  return useSyncExternalStore(staffSession.subscribe, () => staffSession.token);
}

/**
 * A back-office call of the API contract, named by method and path (`staffCall('GET /api/staff/me')`): the
 * staff token goes as the bearer, and a 401 ends the staff sign-in. Body, parameters and answer are typed from
 * the contract, as `call` types them for the shop.
 */
export async function staffCall<K extends RouteName>(
  route: K,
  ...args: CallArgs<K>
): ReturnType<typeof callRoute<K>> {
  const bearer = staffSession.token;
  const input = { ...args[0], auth: bearer ? { bearer } : 'none', resetOnUnauthorized: false };
  try {
    return await callRoute(route, ...([input] as CallArgs<K>));
  } catch (err) {
    if ((err as { status?: number }).status === 401 && bearer) staffSession.set(null);
    throw err;
  }
}

export const fetchStaffMe = () => staffCall('GET /api/staff/me');

/** The signed-in staff member (GET /api/staff/me), shared by every screen that asks. */
export const useStaffMe = () => useQuery({ queryKey: ['staff', 'me'], queryFn: fetchStaffMe, retry: false });

/**
 * Whether the signed-in staff member's role may read (or write) a section, by the role matrix the API enforces:
 * a screen shows a change only to a role that may make it. False until the member is known.
 */
export function useStaffMay(section: BackOfficeSection, access: StaffAccess): boolean {
  const role = useStaffMe().data?.role;
  return role !== undefined && mayUse(role, section, access);
}

/**
 * Downloads a file of the back office (a CSV export) with the staff token — a plain link would carry no
 * sign-in — under the server's file name, else `fallbackName`.
 */
export async function downloadStaffFile(path: string, fallbackName: string, failure: string) {
  const res = await fetch(path, { headers: { authorization: `Bearer ${staffSession.token ?? ''}` } });
  if (!res.ok) throw new Error(failure);
  const name = /filename="([^"]+)"/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
