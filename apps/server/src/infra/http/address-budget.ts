import { isIP } from 'node:net';

/** The groups of an IPv6 address written out, `::` filled (an IPv4 tail counts as two). */
function ipv6Groups(address: string): string[] {
  const [head = '', tail] = address.split('::');
  const groups = (part: string) => (part === '' ? [] : part.split(':'));
  const written = [...groups(head), ...(tail === undefined ? [] : groups(tail))];
  const width = written.reduce((n, group) => n + (group.includes('.') ? 2 : 1), 0);
  const zeros = tail === undefined ? [] : Array<string>(8 - width).fill('0');
  return [...groups(head), ...zeros, ...(tail === undefined ? [] : groups(tail))];
}

/**
 * What an anonymous call is budgeted by: its client address (`request.ip`, after TRUST_PROXY).
 * An IPv6 address counts by its /64, the least a subscriber is given, so stepping through one's
 * own network buys no fresh budget; an IPv4-mapped one by its IPv4 address.
 */
export function addressBudgetKey(address: string): string {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped?.[1]) return mapped[1];
  const plain = address.split('%')[0] ?? address;
  if (isIP(plain) !== 6) return address;
  const prefix = ipv6Groups(plain.toLowerCase())
    .slice(0, 4)
    .map((group) => Number.parseInt(group, 16).toString(16));
  return `${prefix.join(':')}::/64`;
}
