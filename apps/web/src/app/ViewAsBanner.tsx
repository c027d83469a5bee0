import { authStorage, VIEW_AS_KEY } from '../lib/auth-storage.ts';
import { call } from '../lib/call.ts';
import { useSession } from '../lib/session.ts';

function viewAs(): { company: string; acctnum: string } | null {
  try {
    const raw = localStorage.getItem(VIEW_AS_KEY);
    const v = raw ? (JSON.parse(raw) as { company?: unknown; acctnum?: unknown }) : null;
    return v && typeof v.company === 'string' && typeof v.acctnum === 'string'
      ? { company: v.company, acctnum: v.acctnum }
      : null;
  } catch {
    return null;
  }
}

/** A staff member viewing the shop as an account (read-only, opened from the back office): says so, always. */
export function ViewAsBanner() {
  const session = useSession();
  const view = session.signedIn ? viewAs() : null;
  if (!view) return null;
  const end = async () => {
    await call('POST /api/logout', { resetOnUnauthorized: false }).catch(() => {});
    authStorage.clearAll();
    window.location.assign('/staff/accounts');
  };
  return (
    <section aria-label="Viewing as an account" className="mb-view-as">
      <span>
        Viewing the shop as <strong>{view.company}</strong> ({view.acctnum}) — read-only: nothing can be
        changed.
      </span>
      <button type="button" onClick={end}>
        End the view
      </button>
    </section>
  );
}
