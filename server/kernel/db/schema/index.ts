export * from './accounts.ts';
export * from './outbox.ts';
export * from './event-deliveries.ts';
export * from './profiles.ts';
export * from './social.ts';
export * from './discovery.ts';
export * from './uploads.ts';
export * from './face-scans.ts';
