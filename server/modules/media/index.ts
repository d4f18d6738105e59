/** The media module's public entry: which stored files may be served behind a signed URL. */
export { isServableKey } from './media.rules.ts';
