import './index.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
// The entry point is the one module outside src/app that mounts it.
import { App } from '@/app/app';
import { preloadSignedInShell } from '@/app/preload-shell';
import { configureZod } from '@/i18n/zod-error-map';

// A returning member's client and dashboard chunks start downloading before React's first render.
preloadSignedInShell();
configureZod();

const container = document.getElementById('root');
if (!container) throw new Error('Missing #root element in index.html');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
