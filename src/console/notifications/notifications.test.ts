import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { buildConsoleApp, call, createTestPerson, type TestPerson } from '../../testing/console-fixture.js';
import { describeEachDialect } from '../../testing/dialects.js';
import { notify } from './service.js';

describeEachDialect('console notifications', (ctx) => {
  let app: FastifyInstance;
  let person: TestPerson;
  let other: TestPerson;
  const db = () => ctx.store().db;

  beforeAll(async () => {
    app = await buildConsoleApp(db());
    person = await createTestPerson(db(), 'n');
    other = await createTestPerson(db(), 'o');
    for (let i = 0; i < 3; i++) await notify(db(), { userId: person.user.id, kind: 'test', title: `t${i}`, body: 'b', orgId: null, now: 1_000 + i });
  });
  afterAll(async () => {
    await app.close();
  });

  it('should list, mark one read, and mark all read', async () => {
    const list = (await call(app, 'GET', '/api/me/notifications', { auth: person.auth })).json();
    expect(list.data.map((n: { title: string }) => n.title)).toEqual(['t2', 't1', 't0']);
    const id = list.data[0].id as string;
    expect((await call(app, 'POST', `/api/me/notifications/${id}/read`, { auth: other.auth })).statusCode).toBe(404);
    expect((await call(app, 'POST', `/api/me/notifications/${id}/read`, { auth: person.auth })).statusCode).toBe(204);
    expect((await call(app, 'GET', '/api/me/notifications?unread=true', { auth: person.auth })).json().data).toHaveLength(2);
    expect((await call(app, 'POST', '/api/me/notifications/read-all', { auth: person.auth })).statusCode).toBe(204);
    expect((await call(app, 'GET', '/api/me/notifications?unread=true', { auth: person.auth })).json().data).toEqual([]);
  });
});
