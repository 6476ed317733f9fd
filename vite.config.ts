import { readdirSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv, type Plugin } from 'vite';
import { createChunkGroups } from './scripts/lib/chunk-groups.ts';
import { previewAssets } from './scripts/lib/preview-assets.ts';
import { DOCUMENT_CACHE, securityHeaders } from './deploy/security-headers.ts';

/**
 * The phone input's country flags, served by the app itself under /flags/3x2/XX.svg (from
 * country-flag-icons, which react-phone-number-input depends on) instead of the library's default
 * third-party host: in dev from node_modules, in the build as assets next to the bundle.
 */
function phoneFlags(): Plugin {
  const require = createRequire(import.meta.url);
  const flagsDir = () =>
    join(
      dirname(
        require.resolve('country-flag-icons/package.json', { paths: [require.resolve('react-phone-number-input')] }),
      ),
      '3x2',
    );
  const FLAG = /^\/flags\/3x2\/([A-Z]{2}(?:-[A-Z]+)?)\.svg$/;
  return {
    name: 'phone-flags',
    configureServer(server) {
      server.middlewares.use((request, response, next) => {
        const match = FLAG.exec((request.url ?? '').split('?')[0] ?? '');
        if (!match) return next();
        try {
          const svg = readFileSync(join(flagsDir(), `${match[1]}.svg`));
          response.setHeader('Content-Type', 'image/svg+xml');
          response.setHeader('Cache-Control', 'public, max-age=86400');
          response.end(svg);
        } catch {
          next();
        }
      });
    },
    generateBundle() {
      const dir = flagsDir();
      for (const file of readdirSync(dir)) {
        if (!file.endsWith('.svg')) continue;
        this.emitFile({ type: 'asset', fileName: `flags/3x2/${file}`, source: readFileSync(join(dir, file)) });
      }
    },
  };
}

/**
 * `vite preview` serves the production headers (deploy/security-headers.ts, the one source), so the
 * E2E suite, which runs against the preview, proves the Content-Security-Policy does not break the app.
 */
function previewHeaders(mode: string): Record<string, string> {
  const supabaseUrl = loadEnv(mode, process.cwd(), 'VITE_').VITE_SUPABASE_URL;
  if (!supabaseUrl) return {};
  return { ...securityHeaders({ supabaseUrl }), 'Cache-Control': DOCUMENT_CACHE };
}

/**
 * React Router ships two builds that differ in one flag (ENABLE_DEV_WARNINGS), and its package
 * exports only the development one; a production build takes the production files, without the
 * development warnings' code (0.6 kB of the landing page's entry, docs/decisions.md issue 24).
 */
function reactRouterProduction(): Plugin {
  return {
    name: 'react-router-production',
    apply: 'build',
    config() {
      const require = createRequire(import.meta.url);
      const dist = join(dirname(require.resolve('react-router/package.json')), 'dist/production');
      return {
        resolve: {
          alias: [
            { find: /^react-router$/, replacement: join(dist, 'index.mjs') },
            { find: /^react-router\/dom$/, replacement: join(dist, 'dom-export.mjs') },
          ],
        },
      };
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), phoneFlags(), reactRouterProduction(), previewAssets()],
  resolve: {
    alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) },
  },
  server: { port: 5173, strictPort: true },
  // The preview serves production builds: production's env files, overridden by the shell's VITE_*.
  preview: { port: 4173, strictPort: true, headers: previewHeaders('production') },
  build: {
    target: 'es2022',
    sourcemap: true,
    // dist/.vite/manifest.json: scripts/size.ts follows the landing page's chunks with it.
    manifest: true,
    // Everything the entry imports statically goes into one chunk (not several small shared ones):
    // one request and one gzip stream for the landing page, about 2 kB smaller.
    // The lazy chunks' shared modules are grouped by who reaches them (scripts/lib/chunk-groups.ts), so
    // opening a section costs its own chunk and, once, the shared one.
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            { name: 'app', tags: ['$initial'], priority: 2 },
            {
              name: createChunkGroups(),
              debugName: 'shared by area',
              priority: 1,
              includeDependenciesRecursively: false,
            },
          ],
        },
      },
    },
  },
});
