import { connect } from 'node:net';

/**
 * Ports below Linux's ephemeral range (32768-60999 by default), so no test server listening on port 0
 * can be handed one of them. A port that "was free a moment ago" can: another test file, or the
 * gateway under test itself, may be given it before the test connects, and then the "unreachable"
 * upstream answers.
 */
const CANDIDATES = [1, 9, 19, 47, 71];

/** A port on 127.0.0.1 that refuses connections now and stays refused for the test's life. */
export async function refusedPort(): Promise<number> {
  for (const port of CANDIDATES) {
    if (await refuses(port)) return port;
  }
  throw new Error(`Every candidate port on 127.0.0.1 (${CANDIDATES.join(', ')}) accepts connections; a test needs one that refuses`);
}

function refuses(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = connect({ host: '127.0.0.1', port });
    socket.once('connect', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', (error: NodeJS.ErrnoException) => resolve(error.code === 'ECONNREFUSED'));
  });
}
