import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * Which addresses count as the public internet, for every outbound call whose target a user
 * can choose (a chain's callback URL, a certificate's OCSP or CRL URL). One rule for all of
 * them, decided on the address the connection would reach.
 */

/** IPv4 blocks of the IANA special-purpose registry that are not the public internet. */
const nonPublicV4 = [
  '0.0.0.0/8',
  '10.0.0.0/8',
  '100.64.0.0/10',
  '127.0.0.0/8',
  '169.254.0.0/16',
  '172.16.0.0/12',
  '192.0.0.0/24',
  '192.0.2.0/24',
  '192.88.99.0/24',
  '192.168.0.0/16',
  '198.18.0.0/15',
  '198.51.100.0/24',
  '203.0.113.0/24',
  '224.0.0.0/4',
  '240.0.0.0/4',
].map((cidr) => ipaddr.IPv4.parseCIDR(cidr));

/**
 * IPv6 is public only inside global unicast (2000::/3), and not in its special blocks: IETF
 * protocol assignments and Teredo (2001::/23), documentation (2001:db8::/32, 3fff::/20) and
 * 6to4 (2002::/16), whose embedded IPv4 address may be an inside one. Everything outside
 * 2000::/3 is refused: IPv4-compatible (::a.b.c.d), NAT64 (64:ff9b::/96), unique and link
 * local, site local, multicast, discard and whatever is assigned later.
 */
const globalUnicastV6 = ipaddr.IPv6.parseCIDR('2000::/3');
const nonPublicV6 = ['2001::/23', '2001:db8::/32', '2002::/16', '3fff::/20'].map((cidr) =>
  ipaddr.IPv6.parseCIDR(cidr),
);

/**
 * True for an address on the public internet. An IPv4-mapped IPv6 address (::ffff:a.b.c.d, in
 * any spelling) is judged by its IPv4 address; anything that is not a plain IP address is not
 * public.
 */
export function isPublicAddress(address: string): boolean {
  if (isIP(address) === 0) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv6') {
    const v6 = parsed as ipaddr.IPv6;
    if (v6.isIPv4MappedAddress()) return isPublicV4(v6.toIPv4Address());
    return v6.match(globalUnicastV6) && !nonPublicV6.some((cidr) => v6.match(cidr));
  }
  return isPublicV4(parsed as ipaddr.IPv4);
}

function isPublicV4(address: ipaddr.IPv4): boolean {
  return !nonPublicV4.some((cidr) => address.match(cidr));
}

/**
 * True when parsers may read the URL's host differently: a backslash (the WHATWG parser, which
 * Node's HTTP client follows, reads it as "/" in an http(s) URL, so `https://a\@b/` goes to `a`
 * while an RFC 3986 reader sees the host `b`), white space or control characters (which the
 * WHATWG parser drops), an `@` in the authority (user info), or no `//` authority at all
 * (`https:host` is https://host/ to WHATWG, a path to RFC 3986). Such a URL is refused before
 * its host is judged.
 */
export function isAmbiguousUrl(raw: string): boolean {
  if (/[\\\s\p{Cc}\p{Cf}]/u.test(raw)) return true;
  const authority = /^[a-z][a-z0-9+.-]*:\/\/([^/?#]*)/i.exec(raw)?.[1];
  return authority === undefined || authority.includes('@');
}
