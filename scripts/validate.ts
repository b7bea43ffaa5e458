/**
 * npm run validate [-- --json | --format pretty|json|github] [--config-dir <folder>]
 * Checks every file in site.config/ against its schema and across files. Exit 1 on any error, 2 on bad usage.
 *
 * `npm run validate` runs this file through scripts/validate-cli.mjs, which bundles it once and reuses the bundle
 * (no TypeScript loader on every run); `node --import tsx scripts/validate.ts` runs it directly, with the same output.
 */
import { realpathSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { loadProject } from './lib/project.ts';
import { printDiagnostics, REPORT_FORMATS, type ReportFormat } from './lib/report.ts';

/** Runs the validator with command-line arguments; `root` is the project folder. Returns the exit code. */
export function main(args: string[], root: string): number {
  const option = (name: string): string | undefined => {
    const eq = args.find((a) => a.startsWith(`--${name}=`));
    if (eq) return eq.slice(name.length + 3);
    const i = args.indexOf(`--${name}`);
    return i >= 0 ? args[i + 1] : undefined;
  };

  if (args.includes('--help') || args.includes('-h')) {
    console.log('Usage: npm run validate [-- --json | --format pretty|json|github] [--config-dir <folder>]');
    return 0;
  }

  const format = (args.includes('--json') ? 'json' : (option('format') ?? (process.env.GITHUB_ACTIONS === 'true' ? 'github' : 'pretty'))) as ReportFormat;
  if (!REPORT_FORMATS.includes(format)) {
    console.error(`Unknown --format "${format}". Use one of: ${REPORT_FORMATS.join(', ')}.`);
    return 2;
  }
  const projectRoot = resolve(option('root') ?? root);
  const configDir = option('config-dir');

  const t0 = performance.now();
  const { project, diagnostics, sources } = loadProject(projectRoot, process.env, { configDir: configDir ? resolve(configDir) : undefined });
  const t1 = performance.now();
  const errors = diagnostics.filter((d) => d.severity === 'error');
  printDiagnostics(diagnostics, format, projectRoot, project ? project.pages.length : 0, sources);
  if (process.env.SITEWRIGHT_BENCH === '1') {
    // For npm run bench: the cost inside this process, next to the whole process's time measured from outside.
    const bench = {
      validateMs: t1 - t0,
      reportMs: performance.now() - t1,
      pages: project?.pages.length ?? 0,
      errors: errors.length,
      firstError: errors[0] ?? null,
      maxRssMb: process.resourceUsage().maxRSS / 1024,
    };
    console.error(`BENCH ${JSON.stringify(bench)}`);
  }
  return errors.length > 0 ? 1 : 0;
}

// Run directly (tsx): this file is the entry. Imported from the bundle by the launcher, it waits to be called.
if (process.argv[1] && pathToFileURL(realpathSync(process.argv[1])).href === import.meta.url) {
  // exitCode rather than exit(): a long report piped to another program is written out in full before the process ends.
  process.exitCode = main(process.argv.slice(2), join(dirname(fileURLToPath(import.meta.url)), '..'));
}
