/** The auth module's public entry: what other parts of the server need of accounts. */
export { hashPassword } from './passwords.ts';
