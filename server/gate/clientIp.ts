/**
 * Who is asking: the client address of a connection or request, and the key its limits count
 * under.
 *
 * The address is the socket's peer address. Behind reverse proxies, TRUST_PROXY says how many
 * proxy hops to trust: the answer is then the address the outermost trusted proxy saw, read
 * from the right of `X-Forwarded-For` (the same rule as express's `trust proxy` set to a hop
 * count, so `req.ip` agrees). With TRUST_PROXY=0 the header is ignored: anyone can write it.
 */
import type { IncomingMessage } from "node:http";
import { isIP, isIPv6 } from "node:net";

/** An IPv4-mapped IPv6 address (`::ffff:1.2.3.4`) as its IPv4 address. */
export function normalizeAddress(address: string | undefined): string {
  if (!address) return "unknown";
  const lower = address.toLowerCase();
  return lower.startsWith("::ffff:") && lower.includes(".") ? lower.slice(7) : lower;
}

/** The client address of `req` (see the module comment). */
export function clientAddress(req: IncomingMessage, trustProxyHops: number): string {
  const peer = normalizeAddress(req.socket.remoteAddress);
  if (trustProxyHops <= 0) return peer;
  const header = req.headers["x-forwarded-for"];
  const forwarded = (Array.isArray(header) ? header.join(",") : (header ?? ""))
    .split(",")
    .map((s) => s.trim())
    .filter((s) => s.length > 0);
  // Nearest first: the peer, then the header from its right end. Stop at a value that is no address.
  let answer = peer;
  for (let hop = 1; hop <= trustProxyHops && hop <= forwarded.length; hop++) {
    const candidate = normalizeAddress(forwarded[forwarded.length - hop]);
    if (isIP(candidate) === 0) break;
    answer = candidate;
  }
  return answer;
}

/**
 * The key an address's limits count under: IPv4 as is, IPv6 by its /64 network (one client
 * usually holds a whole /64, so counting single IPv6 addresses would not limit it at all).
 */
export function addressKey(address: string): string {
  if (!isIPv6(address)) return address;
  const [head, tail] = address.split("::") as [string, string | undefined];
  const left = head ? head.split(":") : [];
  const right = tail !== undefined && tail !== "" ? tail.split(":") : [];
  const groups = tail === undefined ? left : [...left, ...new Array(Math.max(0, 8 - left.length - right.length)).fill("0"), ...right];
  return `${groups
    .slice(0, 4)
    .map((g) => (parseInt(g, 16) || 0).toString(16))
    .join(":")}::/64`;
}
