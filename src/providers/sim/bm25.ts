/** BM25 term-frequency saturation. */
export const BM25_K1 = 1.2;
/** BM25 document-length normalisation. */
export const BM25_B = 0.75;

/** Lowercase word tokens (letters and digits, any script). */
export function tokenizeWords(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

/**
 * Okapi BM25 score of each document for the query (k1 = 1.2, b = 0.75), using the non-negative IDF
 * `ln(1 + (N - df + 0.5) / (df + 0.5))` so a term found in most documents never scores below zero.
 * Each distinct query term counts once.
 */
export function scoreBm25(query: string, documents: readonly string[]): number[] {
  const docs = documents.map(tokenizeWords);
  const count = docs.length;
  if (count === 0) return [];
  const averageLength = docs.reduce((sum, doc) => sum + doc.length, 0) / count || 1;
  const frequencies = docs.map(countTerms);
  const terms = [...new Set(tokenizeWords(query))];
  const idf = new Map<string, number>();
  for (const term of terms) {
    const df = frequencies.reduce((sum, tf) => sum + (tf.has(term) ? 1 : 0), 0);
    idf.set(term, Math.log(1 + (count - df + 0.5) / (df + 0.5)));
  }
  return docs.map((doc, i) => {
    const tf = frequencies[i] ?? new Map<string, number>();
    const norm = BM25_K1 * (1 - BM25_B + (BM25_B * doc.length) / averageLength);
    let score = 0;
    for (const term of terms) {
      const f = tf.get(term) ?? 0;
      if (f > 0) score += (idf.get(term) ?? 0) * ((f * (BM25_K1 + 1)) / (f + norm));
    }
    return score;
  });
}

function countTerms(words: readonly string[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const word of words) counts.set(word, (counts.get(word) ?? 0) + 1);
  return counts;
}

/** Map a BM25 score to (0, 1) with a logistic curve: 0 → 0.05, 1.5 → 0.5, 3 → 0.95. */
export function toRelevance(score: number): number {
  return 1 / (1 + Math.exp(-(2 * score - 3)));
}
