const RELOADED_AT = 'tf-stale-chunk-reload';

/**
 * After an upgrade the hashed files an open tab knows are gone (404). When a lazy page or its
 * CSS fails to load, reload once to fetch the new index.html instead of showing a broken page;
 * the guard stops a loop when the failure has another cause (offline).
 */
export function reloadOnStaleChunks(): void {
  window.addEventListener('vite:preloadError', (event) => {
    const last = Number(sessionStorage.getItem(RELOADED_AT) ?? 0);
    if (Date.now() - last < 10_000) return;
    event.preventDefault();
    sessionStorage.setItem(RELOADED_AT, String(Date.now()));
    window.location.reload();
  });
}
