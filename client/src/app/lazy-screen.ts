import { type ComponentType, lazy, type LazyExoticComponent } from 'react';

export interface LazyScreen {
  Component: LazyExoticComponent<ComponentType>;
  /** Starts the download without rendering; the same promise every time. */
  preload: () => Promise<unknown>;
}

/**
 * A route module loaded on demand, by name of its component. `preload` lets the router fetch
 * every screen and layout of a URL at once instead of one after the other as each one renders.
 */
export function lazyScreen<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K): LazyScreen {
  let pending: Promise<{ default: ComponentType }> | undefined;
  const preload = () => (pending ??= load().then((module) => ({ default: module[name] })));
  return { Component: lazy(preload), preload };
}
