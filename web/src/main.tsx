import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { adoptCspNonce } from './app/csp-nonce';
import { preloadOpenedPageCode, takePreloadedMe } from './app/router';
import { reloadOnStaleChunks } from './app/stale-chunk';
import { applyTheme } from './app/theme';
import { warmUpFormatters } from './lib/time';
import './styles/tokens.css';
import './styles/base.css';

applyTheme();
adoptCspNonce();
reloadOnStaleChunks();
takePreloadedMe();
preloadOpenedPageCode();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);

// The first idle moment comes while the page waits for /api/me or its data: build the date and
// number formatters then, not between the data's arrival and the rows on screen.
if (typeof requestIdleCallback === 'function') requestIdleCallback(warmUpFormatters, { timeout: 2_000 });
else setTimeout(warmUpFormatters, 0);
