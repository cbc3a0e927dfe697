// The store benchmarks write `usage_rollups` (a row per hour, key, model and end user) straight into
// a fresh database. Settlement writes the same sums without the end user to `usage_key_rollups`
// beside it, and every usage grouping but the end user reads those: this statement folds one table
// into the other, the way migration 202611240150 did for rows from before the table (SQLite and
// PostgreSQL alike).
export const FOLD_KEY_ROLLUPS = `INSERT INTO usage_key_rollups (org_id, hour, project_id, key_id, user_id, model, requests, input_tokens, output_tokens, cached_tokens, reasoning_tokens, cost_nano)
  SELECT org_id, hour, project_id, key_id, user_id, model, SUM(requests), SUM(input_tokens), SUM(output_tokens), SUM(cached_tokens), SUM(reasoning_tokens), SUM(cost_nano)
  FROM usage_rollups GROUP BY org_id, hour, project_id, key_id, user_id, model`;
