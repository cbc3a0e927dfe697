import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

/**
 * Addresses a webhook must not reach unless the operator allows it: loopback, private, link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT, benchmarking, multicast and reserved
 * ranges. Organization admins choose endpoint URLs, so without this a customer could make the
 * gateway POST into the operator's own network (server-side request forgery).
 */
const PRIVATE = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], ['10.0.0.0', 8], ['100.64.0.0', 10], ['127.0.0.0', 8], ['169.254.0.0', 16], ['172.16.0.0', 12],
  ['192.0.0.0', 24], ['192.168.0.0', 16], ['198.18.0.0', 15], ['224.0.0.0', 4], ['240.0.0.0', 4],
] as const) PRIVATE.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [['::', 128], ['::1', 128], ['fc00::', 7], ['fe80::', 10], ['ff00::', 8]] as const) PRIVATE.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address (v4, v6 or v4-mapped v6) is in a range webhooks may not reach by default. */
export function isPrivateAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return PRIVATE.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return false;
  return PRIVATE.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** The refusal text recorded as the delivery's last error. */
export function privateAddressMessage(host: string, address: string): string {
  return `refused to deliver to ${host} (${address}): a private or reserved address; set TF_WEBHOOK_ALLOW_PRIVATE_URLS=true to allow it`;
}

/**
 * A `lookup` for sockets (undici passes it to `net.connect`) that resolves as usual and fails the
 * connection when any address is private, so a DNS name cannot point the gateway inward either —
 * checked at connect time, after resolution, not only when the URL is saved.
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
    if (error) return callback(error, '', 0);
    const blocked = addresses.find((a) => isPrivateAddress(a.address));
    if (blocked) return callback(Object.assign(new Error(privateAddressMessage(hostname, blocked.address)), { code: 'EPRIVATEADDRESS' }), '', 0);
    if (options.all) return (callback as unknown as (e: null, all: LookupAddress[]) => void)(null, addresses);
    const first = addresses[0]!;
    callback(null, first.address, first.family);
  });
};
