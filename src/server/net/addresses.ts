/**
 * Which addresses the server may connect to for a user-given URL (outboundFetch.ts): only
 * public unicast ones. The ranges are ipaddr.js's (the table request-filtering-agent checks
 * sockets by), so both layers say the same; ipaddr.js calls the deprecated IPv4-compatible
 * IPv6 block (::/96, e.g. ::7f00:1 = ::127.0.0.1) unicast, so it is refused here as well.
 *
 * A URL's host is read after WHATWG URL parsing, which already turns every IPv4 spelling
 * (2130706433, 0x7f000001, 0177.0.0.1, 127.1) into dotted decimal and writes IPv6 in one
 * canonical form ([::ffff:127.0.0.1] → ::ffff:7f00:1); addresses are judged in that form.
 */
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/** 'public', or the name of the refused range (loopback, private, linkLocal, carrierGradeNat, multicast, reserved, unspecified, ipv4Mapped, ipv4Compatible, …). */
export type AddressRange = 'public' | string;

const IPV4_COMPATIBLE = ipaddr.parseCIDR('::/96');

/** The range of an IP address (canonical or any form net.isIP takes); 'invalid' for anything else. */
export function addressRange(address: string): AddressRange {
  if (isIP(address) === 0) return 'invalid';
  let ip: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    ip = ipaddr.parse(address);
  } catch {
    return 'invalid';
  }
  const range = ip.range();
  if (range !== 'unicast') return range;
  return ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).match(IPV4_COMPATIBLE) ? 'ipv4Compatible' : 'public';
}

/** A URL's host as the guard reads it: an IP address (brackets off) or a DNS name (lower case, without a trailing dot). */
export type UrlHost = { address: string } | { name: string };

export function urlHost(url: URL): UrlHost {
  const h = url.hostname.startsWith('[') ? url.hostname.slice(1, -1) : url.hostname;
  if (isIP(h)) return { address: h };
  return { name: h.toLowerCase().replace(/\.$/, '') };
}

/** `localhost` and its subdomains are loopback whatever a resolver says (RFC 6761 §6.3): refused without asking one. */
export const isLocalhostName = (name: string): boolean => name === 'localhost' || name.endsWith('.localhost');
