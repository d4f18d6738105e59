/**
 * Where checkout may send the member back to. In production only PUBLIC_URL, the address members
 * use. In development (and tests) also every address the server announces when it starts: the
 * loopback names and, when it listens on every interface, each of the machine's addresses, at the
 * port it listens on. So a developer who opens http://127.0.0.1:3000, or the LAN address printed
 * at start-up on a phone, can buy credits and come back to the page they left.
 */
import { type NetworkInterfaceInfo, networkInterfaces } from 'node:os';

/** An address the server listens on, as Fastify's `addresses()` gives it. */
export interface ListeningAddress {
  address: string;
  family: string;
  port: number;
}

type Interfaces = NodeJS.Dict<NetworkInterfaceInfo[]>;

const LOOPBACK = new Set(['127.0.0.1', '::1']);
const isWildcard = (address: string) => address === '0.0.0.0' || address === '::';
const hostOf = (address: string) => (address.includes(':') ? `[${address}]` : address);

/** Every host (name or address) the server can be reached at on `listening`'s interfaces. */
function hostsOf(listening: ListeningAddress, interfaces: Interfaces): string[] {
  if (!isWildcard(listening.address)) return [listening.address];
  // 0.0.0.0 takes IPv4 only; :: takes both (dual stack), as the start-up log lists them.
  const families = listening.address === '::' ? ['IPv4', 'IPv6'] : ['IPv4'];
  return (
    Object.values(interfaces)
      .flatMap((list) => list ?? [])
      // A link-local IPv6 address needs a zone (fe80::1%eth0) that no URL a member types carries.
      .filter((info) => families.includes(info.family) && !(info.family === 'IPv6' && info.address.startsWith('fe80:')))
      .map((info) => info.address)
  );
}

/** The origins (`http://host:port`) of the addresses the server announces, `localhost` included when it listens on loopback. */
export function announcedOrigins(listening: readonly ListeningAddress[], interfaces: Interfaces = networkInterfaces()): string[] {
  const origins = new Set<string>();
  for (const entry of listening) {
    for (const host of hostsOf(entry, interfaces)) {
      origins.add(`http://${hostOf(host)}:${entry.port}`);
      if (LOOPBACK.has(host)) origins.add(`http://localhost:${entry.port}`);
    }
  }
  return [...origins];
}

/** PUBLIC_URL's origin, and outside production the announced ones. */
export function allowedReturnOrigins(
  config: { env: string; publicUrl: string },
  listening: readonly ListeningAddress[],
  interfaces?: Interfaces,
): string[] {
  const publicOrigin = new URL(config.publicUrl).origin;
  if (config.env === 'production') return [publicOrigin];
  return [...new Set([publicOrigin, ...announcedOrigins(listening, interfaces)])];
}
