/**
 * npm run validate [-- --json | --format pretty|json|github] [--config-dir <folder>]
 * Checks every file in site.config/ against its schema and across files. Exit 1 on any error, 2 on bad usage.
 */
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadProject } from './lib/project.ts';
import { printDiagnostics, REPORT_FORMATS, type ReportFormat } from './lib/report.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);

function option(name: string): string | undefined {
  const eq = args.find((a) => a.startsWith(`--${name}=`));
  if (eq) return eq.slice(name.length + 3);
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : undefined;
}

if (args.includes('--help') || args.includes('-h')) {
  console.log('Usage: npm run validate [-- --json | --format pretty|json|github] [--config-dir <folder>]');
  process.exit(0);
}

const format = (args.includes('--json') ? 'json' : (option('format') ?? (process.env.GITHUB_ACTIONS === 'true' ? 'github' : 'pretty'))) as ReportFormat;
if (!REPORT_FORMATS.includes(format)) {
  console.error(`Unknown --format "${format}". Use one of: ${REPORT_FORMATS.join(', ')}.`);
  process.exit(2);
}
const projectRoot = resolve(option('root') ?? root);
const configDir = option('config-dir');

const { project, diagnostics, sources } = loadProject(projectRoot, process.env, { configDir: configDir ? resolve(configDir) : undefined });
const errors = diagnostics.filter((d) => d.severity === 'error');
printDiagnostics(diagnostics, format, projectRoot, project ? project.pages.length : 0, sources);
process.exit(errors.length > 0 ? 1 : 0);
