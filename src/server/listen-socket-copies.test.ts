import { execFileSync } from 'node:child_process';
import { readdirSync, readFileSync, readlinkSync } from 'node:fs';
import { createServer, type Server as HttpServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { openListenSocketCopies } from './listen-sockets.js';

// Copies of the one listening socket's descriptor (Node 20, where the port cannot be shared): each
// is its own epoll entry, so one turn of a busy event loop accepts several connections, not one.

const BACKLOG = 4096;
let http: HttpServer | null = null;

afterEach(async () => {
  await new Promise<void>((resolve) => (http?.listening ? http.close(() => resolve()) : resolve()));
  http = null;
});

async function listen(): Promise<{ http: HttpServer; port: number }> {
  const server = createServer((_req, res) => res.end('ok'));
  await new Promise<void>((resolve) => server.listen({ host: '127.0.0.1', port: 0, backlog: BACKLOG }, resolve));
  http = server;
  return { http: server, port: (server.address() as AddressInfo).port };
}

/** The inode of the socket listening on this port (/proc/net/tcp). */
function listeningInode(port: number): string {
  const hex = `:${port.toString(16).toUpperCase().padStart(4, '0')}`;
  for (const line of readFileSync('/proc/net/tcp', 'utf8').split('\n').slice(1)) {
    const fields = line.trim().split(/\s+/);
    if (fields[1]?.endsWith(hex) && fields[3] === '0A') return fields[9]!;
  }
  throw new Error(`nothing listens on ${port}`);
}

/** This process's descriptors of that socket. */
function descriptorsOf(inode: string): number {
  return readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === `socket:[${inode}]`;
    } catch {
      return false; // closed since the listing
    }
  }).length;
}

/**
 * Opens `n` connections at once while every turn of the event loop is held 5 ms (as relaying many
 * streams holds it), and counts the turns it took until the HTTP server had answered them all.
 */
async function turnsToAccept(port: number, n: number): Promise<number> {
  let turns = 0;
  let busy = true;
  const spin = () => {
    if (!busy) return;
    turns++;
    const until = performance.now() + 5;
    while (performance.now() < until);
    setImmediate(spin);
  };
  const answered = Array.from({ length: n }, () => new Promise<void>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write('GET / HTTP/1.1\r\nhost: x\r\nconnection: close\r\n\r\n'));
    socket.on('error', reject);
    socket.on('data', () => undefined);
    socket.on('close', () => resolve());
  }));
  setImmediate(spin);
  await Promise.all(answered);
  busy = false;
  return turns;
}

describe.runIf(process.platform === 'linux')('copies of the listening socket', () => {
  it('should listen on 4 descriptors of the one socket, keep its backlog, and accept about 4 connections a turn instead of 1', { timeout: 30_000 }, async () => {
    const single = await listen();
    const oneDescriptor = await turnsToAccept(single.port, 200);
    await new Promise<void>((resolve) => single.http.close(() => resolve()));

    const { http: server, port } = await listen();
    const errors: Error[] = [];
    const copies = openListenSocketCopies(server, 3, BACKLOG, (error) => errors.push(error));
    expect(await copies.ready).toBe(3);
    expect(descriptorsOf(listeningInode(port))).toBe(4);
    // Still one socket on the port, with the backlog it was opened with (ss shows it as Send-Q).
    const ss = execFileSync('ss', ['-Hltn', `sport = :${port}`]).toString().trim().split('\n');
    expect(ss).toHaveLength(1);
    expect(ss[0]!.split(/\s+/)[2]).toBe(String(BACKLOG));

    const fourDescriptors = await turnsToAccept(port, 200);
    // One descriptor takes a turn per connection; four take about a quarter of the turns.
    expect(oneDescriptor).toBeGreaterThan(150);
    expect(fourDescriptors).toBeLessThan(oneDescriptor / 2.5);

    await Promise.all([new Promise<void>((resolve) => server.close(() => resolve())), copies.close()]);
    expect(errors).toEqual([]);
    expect(() => listeningInode(port)).toThrow(/nothing listens/);
  });

  it('should close copies that arrive after close, leaving no descriptor behind', { timeout: 30_000 }, async () => {
    const { http: server, port } = await listen();
    const inode = listeningInode(port);
    const errors: Error[] = [];
    const copies = openListenSocketCopies(server, 3, BACKLOG, (error) => errors.push(error));
    // Closed before the helper could hand anything back.
    await copies.close();
    expect(descriptorsOf(inode)).toBe(1);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(descriptorsOf(inode)).toBe(0);
    expect(errors).toEqual([]);
  });

  it('should keep serving on the one descriptor when the helper cannot start', { timeout: 30_000 }, async () => {
    const { http: server, port } = await listen();
    const errors: Error[] = [];
    const copies = openListenSocketCopies(server, 3, BACKLOG, (error) => errors.push(error), '/nonexistent/node');
    expect(await copies.ready).toBe(0);
    expect(errors.map((e) => e.message)).toEqual([expect.stringMatching(/ENOENT/)]);
    const answer = await fetch(`http://127.0.0.1:${port}/`);
    expect(await answer.text()).toBe('ok');
    await copies.close();
  });
});
