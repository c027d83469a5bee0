/**
 * The load's users and which connection works as each (load-loop.ts).
 *
 * autocannon gives a connection a fresh context every time it starts the request list over
 * (requestIterator.nextRequest → resetContext), so a user cannot be kept in the context from one loop to the
 * next: a connection takes a free user at its loop's first request and gives it back after its loop's last
 * answer. A user therefore belongs to one connection at a time — two connections working as one user would
 * put lines in one cart and one's order would take the other's line (the other's order: 422 "Your cart is
 * empty."). A loop that lost an answer (a timeout: autocannon reconnects and goes on with the next request)
 * keeps its user for good — the request may still be running on the server — and a spare user takes its place.
 */
export interface LoadUser {
  token: string;
  /** The user's first invoice; it pays invoice firstInvnum + (paid % invoicesPerUser) next. */
  firstInvnum: number;
  paid: number;
  /** The moulding it orders. */
  code: string;
  /** The account's saved card. */
  cardId: number;
}

/** The free users and those in a loop. */
export function createUserPool(users: LoadUser[]) {
  const free = [...users];
  /** Users in a loop, oldest first (the one to share when spares run out). */
  const busy = new Set<LoadUser>();
  let sharedLoops = 0;

  return {
    /** A free user for a loop that begins; the oldest busy one when none is free. */
    take(): LoadUser {
      const user = free.shift();
      if (user) {
        busy.add(user);
        return user;
      }
      sharedLoops++;
      const oldest = busy.values().next().value as LoadUser;
      busy.delete(oldest);
      busy.add(oldest);
      return oldest;
    },
    /** Gives a user back after its loop's last answer; false when it was not in a loop (it was shared). */
    giveBack(user: LoadUser): boolean {
      if (!busy.delete(user)) return false;
      free.push(user);
      return true;
    },
    /** Loops that found no free user and shared one. */
    sharedLoops: () => sharedLoops,
  };
}
