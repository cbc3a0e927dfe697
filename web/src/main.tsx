import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';
import { adoptCspNonce } from './app/csp-nonce';
import { preloadOpenedPageCode, takePreloadedMe } from './app/router';
import { reloadOnStaleChunks } from './app/stale-chunk';
import { applyTheme } from './app/theme';
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
