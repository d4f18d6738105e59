/** The auth module's public entry: what other parts of the server (the demo seed, the sign-in benchmark) need of accounts. */
export { hashPassword, verifyPassword } from './passwords.ts';
