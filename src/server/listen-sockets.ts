import { spawn } from 'node:child_process';
import { createServer, type AddressInfo, type Server as NetServer, type Socket } from 'node:net';
import type { Server as HttpServer } from 'node:http';

/**
 * Several listening sockets on one port (SO_REUSEPORT), all feeding the one HTTP server.
 *
 * Why: since libuv 1.45 Node accepts one connection per listening socket per turn of the event
 * loop. A process relaying hundreds of held streams turns its loop 20-40 times in 100 ms, so a
 * burst of new connections waits in the kernel's listen queue (bench/findings/streams-held.md, "the listen queue").
 * With N sockets the kernel spreads new connections over N queues and each turn accepts up to N.
 *
 * Node has `reusePort` from 22.12 / 23.1. Used on Linux only, where the kernel spreads connections over
 * the sockets and the probe below behaves as described. Older Node on Linux gets the same effect from
 * copies of the one socket's descriptor ({@link openListenSocketCopies}); elsewhere the port keeps one socket.
 */

/** Whether this Node and platform can open several sockets on one port (tested on Linux only). */
export function canShareListenPort(version: string = process.versions.node, platform: NodeJS.Platform = process.platform): boolean {
  if (platform !== 'linux') return false;
  const [major = 0, minor = 0] = version.split('.').map(Number);
  return major > 23 || (major === 23 && minor >= 1) || (major === 22 && minor >= 12);
}

/** Sockets on the port when `TF_LISTEN_SOCKETS` is not set (bench/findings/streams-held.md, "Several listening sockets"). */
export const DEFAULT_LISTEN_SOCKETS = 4;

/** How many sockets to listen on: the setting (null: the default), or 1 off Linux. */
export function listenSocketCount(wanted: number | null, platform: NodeJS.Platform = process.platform): number {
  return platform === 'linux' ? (wanted ?? DEFAULT_LISTEN_SOCKETS) : 1;
}

/**
 * The port to bind with reusePort: `port`, or a free one for 0. Fails with the usual EADDRINUSE when
 * anything already listens there. Needed because a reusePort bind succeeds next to another process's
 * reusePort sockets of the same user: without this, a second gateway started on a busy port would
 * silently take a share of the first one's connections (and port 0 could pick such a port). A socket
 * bound without reusePort (this probe) is refused by any listener on the port.
 */
export async function probeFreePort(host: string, port: number): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => {
    probe.once('error', reject);
    probe.listen({ host, port, exclusive: true }, () => resolve());
  });
  const bound = (probe.address() as AddressInfo).port;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return bound;
}

/** Whether `serve` binds its port with reusePort: several sockets wanted, and Node can share the port. */
export function listensWithReusePort(sockets: number): boolean {
  return sockets > 1 && canShareListenPort();
}

/**
 * The other `sockets - 1` listeners of an HTTP server that already listens (with reusePort where
 * {@link listensWithReusePort}): sockets sharing its port, else copies of its descriptor. Null for
 * one. `onCopyError` hears why copies could not be made, or why one that listened failed; the server
 * keeps accepting on the others either way.
 */
export async function openMoreListenSockets(
  http: HttpServer,
  sockets: number,
  backlog: number,
  onCopyError: (error: Error) => void,
): Promise<ExtraListenSockets | null> {
  if (sockets <= 1) return null;
  if (listensWithReusePort(sockets)) return openExtraListenSockets(http, sockets - 1, backlog);
  return openListenSocketCopies(http, sockets - 1, backlog, onCopyError);
}

/** The extra sockets of {@link openExtraListenSockets} or {@link openListenSocketCopies}. */
export interface ExtraListenSockets {
  /** Resolves with how many extra listeners accept, once all have joined (copies: or failed). */
  readonly ready: Promise<number>;
  /**
   * Stops accepting, and resolves once every connection these sockets accepted has closed. Node
   * counts a connection on the socket that accepted it, so the HTTP server's own close does not
   * wait for these: a caller must await both before it closes what requests still use.
   */
  close(): Promise<void>;
}

/**
 * Opens `count` more sockets on the address the HTTP server already listens on (with reusePort),
 * handing each accepted connection to that server: its timeouts, keep-alive, connection tracking and
 * `closeIdleConnections` apply to them as to its own.
 */
export async function openExtraListenSockets(http: HttpServer, count: number, backlog: number): Promise<ExtraListenSockets> {
  const address = http.address();
  if (address === null || typeof address === 'string') throw new Error('the HTTP server must listen on a TCP port first');
  const sockets: NetServer[] = [];
  const handOver = (socket: Socket) => http.emit('connection', socket);
  try {
    for (let i = 0; i < count; i++) {
      // noDelay as Node's HTTP server sets it on its own sockets.
      const socket = createServer({ noDelay: true }, handOver);
      sockets.push(socket);
      await new Promise<void>((resolve, reject) => {
        socket.once('error', reject);
        socket.listen({ host: address.address, port: address.port, backlog, reusePort: true }, () => {
          socket.off('error', reject);
          resolve();
        });
      });
    }
  } catch (error) {
    await closeAll(sockets);
    throw error;
  }
  return { ready: Promise.resolve(sockets.length), close: () => closeAll(sockets) };
}

function closeAll(sockets: readonly NetServer[]): Promise<void> {
  return Promise.all(sockets.map((socket) => new Promise<void>((resolve) => {
    if (!socket.listening) return resolve();
    socket.close(() => resolve());
  }))).then(() => undefined);
}

// The helper: takes the listening handle once, hands it back `n` times, closes its own and exits.
// Each handle sent over IPC arrives as a new descriptor (SCM_RIGHTS), which is the copy we want. It
// receives a raw handle (not a net.Server), so it never listens or accepts itself.
const COPY_HELPER = `process.on('message', (n, handle) => {
  const next = (i) => i === n ? (handle.close(), process.disconnect()) : process.send(i, handle, () => next(i + 1));
  next(0);
});`;

/**
 * Where the port cannot be shared (Node 20, 22.11 and older, 23.0), `count` more descriptors of the
 * HTTP server's one listening socket, each listened on by a net.Server that hands its connections to
 * the HTTP server. Each descriptor is its own entry in the event loop's epoll set, so one turn
 * accepts up to count + 1 connections from the socket's one queue instead of one. Node has no dup();
 * a short-lived child process takes the socket over IPC and hands it back `count` times.
 *
 * Returns at once: the server already accepts on its own descriptor, and the copies join when they
 * arrive (≈0.1 s, a Node start). A failure (no process could be spawned) leaves the one descriptor
 * and is reported to `onError`.
 */
export function openListenSocketCopies(
  http: HttpServer,
  count: number,
  backlog: number,
  onError: (error: Error) => void,
  node: string = process.execPath,
): ExtraListenSockets {
  const handle = (http as unknown as { _handle: object | null })._handle;
  if (handle === null) throw new Error('the HTTP server must listen on a TCP port first');
  const copies: NetServer[] = [];
  const handOver = (socket: Socket) => http.emit('connection', socket);
  let closing = false;
  // An empty environment: the helper needs none, and NODE_OPTIONS preloads (an APM agent, say) have
  // no business in it. Node adds the IPC channel's own variables.
  const child = spawn(node, ['-e', COPY_HELPER], { stdio: ['ignore', 'ignore', 'inherit', 'ipc'], env: {} });
  let failed = false;
  const fail = (error: Error) => {
    if (!failed && !closing) onError(error);
    failed = true;
  };
  const ready = new Promise<number>((resolve) => {
    child.on('message', (_index, copy: unknown) => {
      if (!isClosable(copy)) return;
      if (closing) return copy.close();
      // noDelay as Node's HTTP server sets it on its own sockets. The backlog is the socket's:
      // listen() on a listening socket sets it again, and Node's default (511) would lower it.
      const server = createServer({ noDelay: true }, handOver);
      server.on('error', onError);
      server.listen(copy, backlog);
      copies.push(server);
    });
    child.on('error', fail);
    // 'close', not 'exit': it comes after the IPC channel's last message has been read.
    child.on('close', (code, signal) => {
      if (copies.length < count) fail(new Error(`the listen-socket helper ended (${signal ?? code}) after ${copies.length} of ${count} copies`));
      resolve(copies.length);
    });
  });
  // A raw handle, which Node sends as such ('net.Native'); its types name only the wrappers.
  child.send(count, handle as NetServer, (error) => {
    if (error !== null) fail(error);
  });
  return {
    ready,
    async close() {
      // Stop the copies that listen now; any still on the way are closed as they arrive.
      closing = true;
      const closed = closeAll(copies);
      if (child.exitCode === null && child.signalCode === null) child.kill();
      await ready;
      await closed;
    },
  };
}

function isClosable(value: unknown): value is { close(): void } {
  return typeof value === 'object' && value !== null && typeof (value as { close?: unknown }).close === 'function';
}
