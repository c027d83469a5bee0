import { describe, expect, it } from 'vitest';
import { createAuthStorage, memoryStore, STORAGE_KEYS } from './auth-storage.ts';

const user = {
  id: 1,
  email: 'a@b.example',
  name: 'Marie',
  accounts: [
    { Acctnum: '10001', Company: 'Crescent', Shipvia: null, ActiveType: 'Y', terms: 'Net 30', Location: 'C' },
  ],
  purchaseBlocked: false,
  mfaEnabled: false,
};

describe('auth storage', () => {
  it('keeps one snapshot object until something changes', () => {
    const storage = createAuthStorage(memoryStore());
    const first = storage.getSnapshot();
    expect(storage.getSnapshot()).toBe(first);
    storage.setToken('t');
    expect(storage.getSnapshot()).not.toBe(first);
    expect(storage.token).toBe('t');
  });

  it('notifies subscribers', () => {
    const storage = createAuthStorage(memoryStore());
    let calls = 0;
    const stop = storage.subscribe(() => calls++);
    storage.setUser(user);
    storage.setVerification('v', user);
    stop();
    storage.clearVerification();
    expect(calls).toBe(2);
  });

  it('holds the verification token and user apart from the session', () => {
    const storage = createAuthStorage(memoryStore());
    storage.setVerification('v', user);
    expect(storage.vtoken).toBe('v');
    expect(storage.vuser?.accounts[0].Acctnum).toBe('10001');
    expect(storage.user).toBeNull();
    storage.clearVerification();
    expect(storage.vtoken).toBeNull();
  });

  it('ignores a stored user that is not valid JSON', () => {
    const store = memoryStore();
    store.setItem(STORAGE_KEYS.user, '{nope');
    expect(createAuthStorage(store).user).toBeNull();
  });

  it('clears every store on clearAll', () => {
    const local = memoryStore();
    const session = memoryStore();
    session.setItem('something', '1');
    const storage = createAuthStorage(local, [session]);
    storage.setToken('t');
    storage.touch(5);
    storage.clearAll();
    expect(storage.token).toBeNull();
    expect(storage.lastActivity()).toBeNull();
    expect(session.getItem('something')).toBeNull();
  });

  it('reads the last-activity stamp', () => {
    const storage = createAuthStorage(memoryStore());
    expect(storage.lastActivity()).toBeNull();
    storage.touch(1234);
    expect(storage.lastActivity()).toBe(1234);
  });
});
