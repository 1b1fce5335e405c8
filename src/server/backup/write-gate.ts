/**
 * Holds writes for the instant of a snapshot: a held gate lets the writes under way finish, makes
 * new ones wait (never fail), and lets them through on release. Wrapped around the services'
 * writing methods by main.ts until the storage layer offers its own hold.
 */
export function createWriteGate() {
  let inFlight = 0;
  let idle: (() => void) | null = null;
  let held: Promise<void> | null = null;

  return {
    wrap<A extends unknown[], R>(write: (...args: A) => Promise<R>): (...args: A) => Promise<R> {
      return async (...args: A) => {
        while (held) await held;
        inFlight += 1;
        try {
          return await write(...args);
        } finally {
          inFlight -= 1;
          if (inFlight === 0) idle?.();
        }
      };
    },
    /** Resolves once no write is under way, with the function that lets new writes through. */
    async hold(): Promise<() => void> {
      while (held) await held;
      let release = () => {};
      held = new Promise<void>((resolve) => {
        release = () => {
          held = null;
          resolve();
        };
      });
      if (inFlight > 0) await new Promise<void>((resolve) => (idle = resolve));
      idle = null;
      return release;
    },
  };
}
