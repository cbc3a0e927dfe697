/**
 * Inference requests in progress in this process, counted as they start and finish (plain fields:
 * two increments and two decrements per request). Metrics read them when scraped.
 */
export class RequestActivity {
  /** Requests between the start of the handler and their request-log entry. */
  inFlight = 0;
  /** Streamed answers whose first chunk went out and that have not finished yet. */
  streaming = 0;
}
