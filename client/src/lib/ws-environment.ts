/**
 * What the realtime client needs of its surroundings besides the socket: timers and the device's
 * network state. Passed in, so the client's life cycle is tested on a fake clock and network.
 */

export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

/** Whether the device has a network, and word when that changes. */
export interface NetworkWatch {
  online(): boolean;
  /** Answers an unsubscribe function. */
  subscribe(onOnline: () => void, onOffline: () => void): () => void;
}

export const browserTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Always online, never told otherwise: the default where no watch is passed in. */
export const alwaysOnline: NetworkWatch = { online: () => true, subscribe: () => () => {} };

/** The browser's online/offline events; always online where there is no window. */
export function browserNetwork(): NetworkWatch {
  const hasWindow = typeof window !== 'undefined' && typeof window.addEventListener === 'function';
  return {
    online: () => (typeof navigator === 'undefined' || typeof navigator.onLine !== 'boolean' ? true : navigator.onLine),
    subscribe(onOnline, onOffline) {
      if (!hasWindow) return () => {};
      window.addEventListener('online', onOnline);
      window.addEventListener('offline', onOffline);
      return () => {
        window.removeEventListener('online', onOnline);
        window.removeEventListener('offline', onOffline);
      };
    },
  };
}
