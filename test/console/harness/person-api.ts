import { sessionCookie } from './browser.js';
import type { ConsoleGateway, ConsolePerson } from './gateway.js';

/** Calls to the console API as a signed-in person (their session cookie, the CSRF header). */
export type PersonApi = (method: string, path: string, body?: unknown) => Promise<{ readonly status: number; readonly body: unknown }>;

/** Sign a person in and return a caller of the API with their session, for setting up what a test needs. */
export async function personApi(gateway: ConsoleGateway, person: ConsolePerson): Promise<PersonApi> {
  const cookie = `tf_session=${await sessionCookie(gateway, person)}`;
  return async (method, path, body) => {
    const res = await fetch(`${gateway.url}${path}`, {
      method,
      headers: { cookie, 'x-requested-with': 'XMLHttpRequest', ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    return { status: res.status, body: text === '' ? null : (JSON.parse(text) as unknown) };
  };
}
