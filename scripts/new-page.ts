/**
 * npm run new-page -- /partners [--from owner] [--title "Partners"] [--description "…"] [--file partners] [--dry-run]
 * Creates site.config/pages/<name>.json, copied from an existing page (by file name or route) or from a minimal
 * template, checks it with the validator before writing, and prints where to edit it.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newPage } from './lib/scaffold.ts';
import { cliOptions } from './lib/cli.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { positional, option, flag } = cliOptions(process.argv.slice(2));
const route = positional[0];
if (!route || flag('help')) {
  console.log('Usage: npm run new-page -- /route [--from <page file or route>] [--title "…"] [--description "…"] [--file <name>] [--dry-run]');
  console.log('Example: npm run new-page -- /partners --from owner');
  process.exit(route ? 0 : 2);
}
const configDir = option('config-dir');
const result = newPage({
  root,
  route,
  from: option('from'),
  title: option('title'),
  description: option('description'),
  file: option('file'),
  dryRun: flag('dry-run'),
  configDir: configDir ? resolve(configDir) : undefined,
});
for (const line of result.lines) (result.ok ? console.log : console.error)(line);
process.exit(result.ok ? 0 : 1);
