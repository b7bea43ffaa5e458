/**
 * npm run validate [-- --json | --format github]
 * Checks every file in site.config/ against its schema and across files. Exit 1 on any error.
 */
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadProject } from './lib/project.ts';
import { printDiagnostics } from './lib/report.ts';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const args = process.argv.slice(2);
const format = args.includes('--json') ? 'json' : args.includes('--format') ? (args[args.indexOf('--format') + 1] ?? 'pretty') : 'pretty';
const rootArg = args.indexOf('--root');
const projectRoot = rootArg >= 0 ? args[rootArg + 1] : root;

const { project, diagnostics } = loadProject(projectRoot);
const errors = diagnostics.filter((d) => d.severity === 'error');
printDiagnostics(diagnostics, format as 'pretty' | 'json' | 'github', projectRoot, project ? project.pages.length : 0);
process.exit(errors.length > 0 ? 1 : 0);
