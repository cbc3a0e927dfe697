import { execFileSync } from 'node:child_process';
import { createServer, type Server as HttpServer } from 'node:http';
import { connect, type AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { listeningDescriptors, listeningInodes } from '../testing/listening-sockets.js';
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
    expect(listeningInodes(port)).toHaveLength(1);
    expect(listeningDescriptors(port)).toBe(4);
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
    expect(listeningInodes(port)).toEqual([]);
  });

  it('should close copies that arrive after close, leaving no descriptor behind', { timeout: 30_000 }, async () => {
    const { http: server, port } = await listen();
    const errors: Error[] = [];
    const copies = openListenSocketCopies(server, 3, BACKLOG, (error) => errors.push(error));
    // Closed before the helper could hand anything back.
    await copies.close();
    expect(listeningDescriptors(port)).toBe(1);
    await new Promise<void>((resolve) => server.close(() => resolve()));
    expect(listeningInodes(port)).toEqual([]);
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
