import { modelStatus } from '../../catalog/catalogue-index.js';
import type { CatalogueModel } from '../../config/catalogue-types.js';

/**
 * RFC 9745 / RFC 8594 headers for a deprecated or retired model: `Deprecation: @<unix seconds>` (a
 * structured-field date), `Sunset: <HTTP-date>`, and `Link: <notice>; rel="deprecation"`.
 */
export function lifecycleHeaders(model: CatalogueModel, now: number): Record<string, string> {
  const lifecycle = model.lifecycle;
  if (lifecycle === null || modelStatus(model, now) === 'active') return {};
  const headers: Record<string, string> = {
    deprecation: `@${Math.floor(lifecycle.announcedAt / 1000)}`,
    sunset: new Date(lifecycle.sunsetAt).toUTCString(),
  };
  if (lifecycle.noticeUrl !== null) headers.link = `<${lifecycle.noticeUrl}>; rel="deprecation"; type="text/html"`;
  return headers;
}
