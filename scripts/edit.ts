/**
 * npm run edit: the visual editor (issue 19) on top of the Vite dev server, at http://127.0.0.1:5180/.
 * PORT and HOST override the address (127.0.0.1 by default: the editor writes files and must not be reachable from
 * the network); SITEWRIGHT_CONFIG_DIR points the editor and the page previews at another copy of site.config/.
 * The same vite.config.ts as npm run dev (which decides what is served: no source, lead data or repository files, and
 * no framing by other sites), plus the editor's plugin (editor/server/plugin.ts, editorServerConfig), which only
 * this script adds: nothing of the editor is ever part of a build.
 */
import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';
import { editorServerConfig } from '../editor/server/plugin.ts';
import { newToken } from '../editor/server/security.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const port = Number(process.env.PORT ?? 5180);
const host = process.env.HOST || '127.0.0.1';
const configDir = resolve(process.env.SITEWRIGHT_CONFIG_DIR ?? join(root, 'site.config'));
if (!existsSync(join(configDir, 'site.json'))) {
  console.error(`No site.json in ${configDir}: set SITEWRIGHT_CONFIG_DIR to a config folder.`);
  process.exit(2);
}
// Read by renderer/vite-plugin.ts (vite.config.ts), so the previews render this folder too.
process.env.SITEWRIGHT_CONFIG_DIR = configDir;
const token = newToken();

// SITEWRIGHT_VITE_CACHE_DIR: a second editor on the same checkout (the editor's e2e suite runs one per worker) keeps its
// optimised dependencies apart, or each would replace the folder the other is serving.
const cacheDir = process.env.SITEWRIGHT_VITE_CACHE_DIR;
const server = await createServer({ ...editorServerConfig({ root, configDir, token, port, host }), ...(cacheDir ? { cacheDir } : {}) });
await server.listen();
const shown = host.includes(':') ? `[${host}]` : host;
console.log(`Editor at http://${shown}:${port}/`);
if (configDir !== join(root, 'site.config')) console.log(`Editing ${configDir}`);

const stop = async () => {
  await server.close();
  process.exit(0);
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
