import { z } from 'zod';

/** A deprecated catalogue model the organization still sends requests to. */
export const deprecatedModelDto = z.object({
  model: z.string().describe('Catalogue model id that served the requests.'),
  requests: z.number().describe('Requests it served this month.'),
  sunset_at: z.string().describe('When it stops serving (ISO 8601).'),
  replacement: z.string().nullable().describe('Model that serves requests after the sunset, if the catalogue names one.'),
  notice_url: z.string().nullable(),
});

/** `GET /orgs/:orgId/overview`: the month so far in figures the usage rollups do not hold. */
export const overviewDto = z.object({
  from: z.string().describe('Start of the current UTC month.'),
  to: z.string().describe('Now.'),
  requests: z.number().describe('Requests logged this month in every project, failed ones included.'),
  failed_requests: z.number().describe('Of those, requests answered with an HTTP status of 400 or more.'),
  deprecated_models: z.array(deprecatedModelDto).describe('Deprecated or retired models that served requests this month, most used first.'),
});
