import './index.css';
import { StrictMode, startTransition } from 'react';
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

const root = createRoot(container);
// The first render as a transition: React renders it in slices of a few milliseconds and lets the
// browser in between, instead of one long task at start-up (Lighthouse's total blocking time).
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
