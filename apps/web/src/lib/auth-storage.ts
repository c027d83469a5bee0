import type { SessionUser } from '@mitrebox/api-contract';
import { sessionHintValue, syncSessionHint } from './session-hint.ts';

/**
 * What the browser keeps of a session (storefront §3 "User session"): the access token, the signed-in user,
 * the temporary verification token and user of a first-time sign-in, and the last-activity time used by
 * the inactivity sign-out. Everything lives in localStorage so that every tab shares one session.
 */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  vtoken: 'vtoken',
  vuser: 'vuser',
  idle: 'idleTime',
} as const;

/**
 * The back office's own sign-in (features/staff). It is not the customer's session: a shop sign-out or a
 * customer 401 (clearAll) leaves it in place.
 */
export const STAFF_TOKEN_KEY = 'staffToken';

/**
 * A read-only "view as" session opened by staff: the banner's text (the company). Cleared with the rest of
 * the customer's session.
 */
export const VIEW_AS_KEY = 'viewAs';

/** The part of the Web Storage interface this module uses (a Map-backed one stands in for tests). */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
  clear(): void;
}

export interface AuthSnapshot {
  token: string | null;
  user: SessionUser | null;
  vtoken: string | null;
  vuser: SessionUser | null;
}

export function memoryStore(): KeyValueStore {
  const map = new Map<string, string>();
  return {
    getItem: (k) => map.get(k) ?? null,
    setItem: (k, v) => void map.set(k, String(v)),
    removeItem: (k) => void map.delete(k),
    clear: () => map.clear(),
  };
}

function parseUser(raw: string | null): SessionUser | null {
  if (!raw) return null;
  try {
    const value = JSON.parse(raw) as SessionUser;
    return value && typeof value === 'object' && Array.isArray(value.accounts) ? value : null;
  } catch {
    return null;
  }
}

/**
 * The server's render of a signed-in screen (prerender.tsx, ADR 013) names the session of the render it is in: read
 * instead of the store while it returns one. Never set in a browser.
 */
let renderSession: (() => AuthSnapshot | undefined) | null = null;
export function setRenderSession(source: () => AuthSnapshot | undefined): void {
  renderSession = source;
}

export function createAuthStorage(store: KeyValueStore, extraStores: KeyValueStore[] = []) {
  const listeners = new Set<() => void>();
  let snapshot: AuthSnapshot | null = null;

  const read = (): AuthSnapshot => ({
    token: store.getItem(STORAGE_KEYS.token) || null,
    user: parseUser(store.getItem(STORAGE_KEYS.user)),
    vtoken: store.getItem(STORAGE_KEYS.vtoken) || null,
    vuser: parseUser(store.getItem(STORAGE_KEYS.vuser)),
  });

  const changed = () => {
    snapshot = null;
    for (const listener of listeners) listener();
  };

  const set = (key: string, value: string | null) => {
    if (value === null) store.removeItem(key);
    else store.setItem(key, value);
  };

  return {
    /** A stable object until something changes (for React's useSyncExternalStore). */
    getSnapshot(): AuthSnapshot {
      const rendering = renderSession?.();
      if (rendering) return rendering;
      snapshot ??= read();
      return snapshot;
    },
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    /** Another tab changed the storage: re-read. */
    refresh: changed,

    get token() {
      return this.getSnapshot().token;
    },
    get user() {
      return this.getSnapshot().user;
    },
    get vtoken() {
      return this.getSnapshot().vtoken;
    },
    get vuser() {
      return this.getSnapshot().vuser;
    },

    setToken(token: string | null) {
      set(STORAGE_KEYS.token, token);
      changed();
    },
    setUser(user: SessionUser | null) {
      set(STORAGE_KEYS.user, user ? JSON.stringify(user) : null);
      changed();
    },
    /** A first-time sign-in: the verification token and the user it belongs to. */
    setVerification(vtoken: string, user: SessionUser | null) {
      set(STORAGE_KEYS.vtoken, vtoken);
      set(STORAGE_KEYS.vuser, user ? JSON.stringify(user) : null);
      changed();
    },
    clearVerification() {
      set(STORAGE_KEYS.vtoken, null);
      set(STORAGE_KEYS.vuser, null);
      changed();
    },

    lastActivity(): number | null {
      const raw = store.getItem(STORAGE_KEYS.idle);
      const n = raw === null ? Number.NaN : Number(raw);
      return Number.isFinite(n) ? n : null;
    },
    touch(now: number) {
      store.setItem(STORAGE_KEYS.idle, String(now));
    },

    /** Sign-out and 401: every stored value goes, in every store the app uses. */
    clearAll() {
      const staffToken = store.getItem(STAFF_TOKEN_KEY);
      store.clear();
      if (staffToken) store.setItem(STAFF_TOKEN_KEY, staffToken);
      for (const s of extraStores) s.clear();
      changed();
    },
  };
}

export type AuthStorage = ReturnType<typeof createAuthStorage>;

function browserStore(kind: 'localStorage' | 'sessionStorage'): KeyValueStore | null {
  try {
    const s = (globalThis as Record<string, unknown>)[kind] as Storage | undefined;
    if (!s) return null;
    const probe = '__mitrebox_probe__';
    s.setItem(probe, '1');
    s.removeItem(probe);
    return s;
  } catch {
    return null; // private mode or storage disabled: fall back to memory
  }
}

const local = browserStore('localStorage') ?? memoryStore();
const session = browserStore('sessionStorage');

/** The app's one session store. */
export const authStorage = createAuthStorage(local, session ? [session] : []);

if (typeof window !== 'undefined') {
  const hint = () => syncSessionHint(sessionHintValue(authStorage.token, authStorage.user?.id));
  hint();
  authStorage.subscribe(hint);
  window.addEventListener('storage', (event) => {
    if (event.key === null || Object.values(STORAGE_KEYS).includes(event.key as never)) authStorage.refresh();
  });
}
