import { existsSync, readdirSync, readFileSync, readlinkSync } from 'node:fs';

// What Linux says listens on a port, for the listen-socket tests: the sockets (/proc/net/tcp, as
// `ss -ltn` counts them) and the descriptors a process holds of them (/proc/PID/fd).

/** The inodes of the TCP sockets listening on this port, IPv4 and IPv6. */
export function listeningInodes(port: number): string[] {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  const inodes: string[] = [];
  for (const file of ['/proc/net/tcp', '/proc/net/tcp6']) {
    if (!existsSync(file)) continue;
    for (const line of readFileSync(file, 'utf8').split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      if (fields[1]?.endsWith(hex) && fields[3] === '0A') inodes.push(fields[9]!);
    }
  }
  return inodes;
}

/** How many descriptors process `pid` (default: this one) holds of the sockets listening on `port`. */
export function listeningDescriptors(port: number, pid: number | 'self' = 'self'): number {
  const links = new Set(listeningInodes(port).map((inode) => `socket:[${inode}]`));
  return readdirSync(`/proc/${pid}/fd`).filter((fd) => {
    try {
      return links.has(readlinkSync(`/proc/${pid}/fd/${fd}`));
    } catch {
      return false; // closed since the listing
    }
  }).length;
}
