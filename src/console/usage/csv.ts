import { pipeline, Readable } from 'node:stream';
import type * as CsvStringify from 'csv-stringify';

/**
 * RFC 4180 CSV through csv-stringify, the writer every console export uses: CRLF record ends, a
 * field quoted only when it holds a comma, a quote, CR or LF, quotes doubled, null as an empty field.
 */

/** A field value: null is written as an empty field. */
export type CsvValue = string | number | bigint | null;

const OPTIONS: CsvStringify.Options = {
  record_delimiter: 'windows',
  // csv-stringify stops quoting lone CR and LF once a record delimiter is set; RFC 4180 needs them quoted.
  quote_record_delimiter: true,
};

// csv-stringify loads with the first export, not at start-up.
let loadedCsvStringify: Promise<typeof CsvStringify> | undefined;

/** One record, CRLF-terminated (for tests and tiny outputs; exports stream with {@link csvStream}). */
export async function csvRecord(fields: readonly CsvValue[]): Promise<string> {
  const { stringify } = await import('csv-stringify/sync');
  return stringify([[...fields]], OPTIONS);
}

/**
 * Stream records (the header first) as CSV text. Records are pulled as the client reads, so an
 * export never sits in memory; a failing source destroys the stream, which aborts the reply.
 */
export async function csvStream(records: Iterable<readonly CsvValue[]> | AsyncIterable<readonly CsvValue[]>): Promise<Readable> {
  const { stringify } = await (loadedCsvStringify ??= import('csv-stringify'));
  const stringifier = stringify(OPTIONS);
  // The callback only swallows the error pipeline reports: it has already destroyed `stringifier` with it.
  pipeline(Readable.from(records), stringifier, () => undefined);
  return stringifier;
}
