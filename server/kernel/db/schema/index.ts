export * from './accounts.ts';
export * from './outbox.ts';
export * from './profiles.ts';
