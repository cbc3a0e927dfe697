import { pageEnvelopeSchema } from '../internal/pagination.js';
import { defineRoute, type ConsoleRoute } from '../internal/route.js';
import { orgParams } from '../organizations/schema.js';
import { auditEntryDto, auditEntryParams, listAuditQuery } from './schema.js';
import { getAuditEntry, listAuditLog } from './service.js';

/** Audit log route. */
export const auditLogRoutes: readonly ConsoleRoute[] = [
  defineRoute({
    method: 'GET', url: '/orgs/:orgId/audit-log', tag: 'audit log', auth: 'member', permission: 'org.audit.read', summary: "The organization's audit log, newest first.",
    params: orgParams, query: listAuditQuery, response: pageEnvelopeSchema(auditEntryDto),
    handler: ({ ctx, actor, params, query }) => listAuditLog(ctx, actor, params.orgId, query),
  }),
  defineRoute({
    method: 'GET', url: '/orgs/:orgId/audit-log/:entryId', tag: 'audit log', auth: 'member', permission: 'org.audit.read', summary: 'One audit entry by id.',
    params: auditEntryParams, response: auditEntryDto,
    handler: ({ ctx, actor, params }) => getAuditEntry(ctx, actor, params.orgId, params.entryId),
  }),
];
