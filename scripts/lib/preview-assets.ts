// `vite preview` (the E2E suite's app server) serves the hashed build output as production does
// (deploy/security-headers.ts): cached for a year, gzipped. Vite's own compression middleware gzips
// every answer again on each request (about 20 ms of CPU for the 430 kB entry; some 13 CPU-s per E2E
// run); here each file is compressed once, and a page that navigates again takes its scripts from the
// browser's cache, as members' browsers do.
import { readFile } from 'node:fs/promises';
import { extname, resolve, sep } from 'node:path';
import { gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';
import { IMMUTABLE_ASSETS_CACHE } from '../../deploy/security-headers.ts';

const TYPES: Record<string, string> = {
  '.js': 'text/javascript',
  '.css': 'text/css',
  '.svg': 'image/svg+xml',
};

export function previewAssets(): Plugin {
  return {
    name: 'preview-assets',
    configurePreviewServer(server) {
      const assets = resolve(server.config.root, server.config.build.outDir, 'assets');
      const headers = server.config.preview.headers ?? {};
      const gzipped = new Map<string, Promise<Buffer>>();
      // Added before Vite's own middlewares (compression, static files): what it does not answer
      // (other paths, a client without gzip, a missing file) goes on to them.
      server.middlewares.use((request, response, next) => {
        const path = decodeURIComponent((request.url ?? '').split('?')[0] ?? '');
        const type = path.startsWith('/assets/') ? TYPES[extname(path)] : undefined;
        const file = resolve(assets, `.${path.slice('/assets'.length)}`);
        const gzip = /\bgzip\b/.test(String(request.headers['accept-encoding'] ?? ''));
        if (!type || !gzip || !file.startsWith(assets + sep) || (request.method !== 'GET' && request.method !== 'HEAD'))
          return next();
        let body = gzipped.get(file);
        if (!body) {
          body = readFile(file).then((content) => gzipSync(content));
          gzipped.set(file, body);
        }
        body.then(
          (content) => {
            for (const [name, value] of Object.entries(headers))
              if (value !== undefined) response.setHeader(name, value);
            response.setHeader('Cache-Control', IMMUTABLE_ASSETS_CACHE);
            response.setHeader('Content-Type', type);
            response.setHeader('Content-Encoding', 'gzip');
            response.setHeader('Vary', 'Accept-Encoding');
            response.setHeader('Content-Length', content.length);
            response.end(request.method === 'HEAD' ? undefined : content);
          },
          () => {
            gzipped.delete(file);
            next();
          },
        );
      });
    },
  };
}
