/**
 * npm run new-form -- <name> [--from contact] [--dry-run]
 * Creates site.config/forms/<name>.json, copied from an existing form or from a minimal template, checks it with the
 * validator before writing, and prints where to edit it and how a page uses it.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { newForm } from './lib/scaffold.ts';
import { cliOptions } from './lib/cli.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const { positional, option, flag } = cliOptions(process.argv.slice(2));
const id = positional[0];
if (!id || flag('help')) {
  console.log('Usage: npm run new-form -- <name> [--from <existing form>] [--dry-run]');
  console.log('Example: npm run new-form -- partner-enquiry --from enquiry');
  process.exit(id ? 0 : 2);
}
const configDir = option('config-dir');
const result = newForm({ root, id, from: option('from'), dryRun: flag('dry-run'), configDir: configDir ? resolve(configDir) : undefined });
for (const line of result.lines) (result.ok ? console.log : console.error)(line);
process.exit(result.ok ? 0 : 1);
