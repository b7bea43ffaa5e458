/** Child process of scripts/bench.ts: validates one project root and prints its cost as JSON. */
import { loadProject } from './project.ts';

const root = process.argv[2];
const t0 = performance.now();
const { project, diagnostics } = loadProject(root, {});
const ms = performance.now() - t0;
const errors = diagnostics.filter((d) => d.severity === 'error');
console.log(JSON.stringify({ ms, pages: project?.pages.length ?? 0, errors: errors.length, firstError: errors[0] ?? null, maxRssMb: process.resourceUsage().maxRSS / 1024 }));
