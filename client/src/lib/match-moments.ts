/**
 * The match moments waiting to be shown ("It's a match": both photos, the peer's name, Send a
 * message). Several parts of the app start one, and none of them may import the screen that
 * shows it: a like that made a match (discovery, a profile, Like Back) hands in the peer it
 * knows; a `match.created` push, the app's start and a reconnect ask for a check of the server's
 * unseen matches, which the match-moment feature answers. One moment shows at a time, in order.
 *
 * Pure state with subscribers (useSyncExternalStore), so it is tested without React.
 */
import { useSyncExternalStore } from 'react';

export interface MatchMoment {
  matchId: number;
  peer: {
    profileId: number;
    username: string | null | undefined;
    photoUrl: string | null | undefined;
  };
}

type Listener = () => void;

export class MatchMomentQueue {
  private moments: readonly MatchMoment[] = [];
  /** Closed or removed in this tab: a check answered before the server heard of it must not bring it back. */
  private readonly done = new Set<number>();
  private readonly listeners = new Set<Listener>();
  private checker: (() => void) | null = null;
  private checkWanted = false;

  /** Queues a moment unless it is queued, or was closed or removed in this tab. */
  show(moment: MatchMoment): void {
    if (this.done.has(moment.matchId) || this.moments.some((m) => m.matchId === moment.matchId)) return;
    this.moments = [...this.moments, moment];
    this.notify();
  }

  /**
   * The member closed it or went to the chat, or the match ended before it was seen: it leaves
   * the queue for good (in this tab).
   */
  close(matchId: number): void {
    this.done.add(matchId);
    this.drop(matchId);
  }

  /** Forgets everything (the member signed out: the next one starts with an empty queue). */
  clear(): void {
    this.done.clear();
    this.checkWanted = false;
    if (this.moments.length === 0) return;
    this.moments = [];
    this.notify();
  }

  /** What is waiting, the one on screen first. */
  current = (): readonly MatchMoment[] => this.moments;

  subscribe = (listener: Listener): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  /** Asks the registered checker to read the server's unseen matches (now, or once one registers). */
  requestCheck(): void {
    if (this.checker) this.checker();
    else this.checkWanted = true;
  }

  /** The match-moment feature answers check requests; one asked before it was there runs at once. */
  registerChecker(check: () => void): () => void {
    this.checker = check;
    if (this.checkWanted) {
      this.checkWanted = false;
      check();
    }
    return () => {
      if (this.checker === check) this.checker = null;
    };
  }

  private drop(matchId: number): void {
    const next = this.moments.filter((m) => m.matchId !== matchId);
    if (next.length === this.moments.length) return;
    this.moments = next;
    this.notify();
  }

  private notify(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

/** The app's one queue. */
export const matchMoments = new MatchMomentQueue();

export const showMatchMoment = (moment: MatchMoment) => matchMoments.show(moment);
export const requestMatchMomentsCheck = () => matchMoments.requestCheck();

/** The moments waiting, the one on screen first. */
export function useMatchMoments(): readonly MatchMoment[] {
  return useSyncExternalStore(matchMoments.subscribe, matchMoments.current, matchMoments.current);
}
