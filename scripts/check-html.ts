/**
 * Every built page through the W3C Nu HTML checker (vnu.jar from the vnu-jar package): prints each error as
 * `dist/<file>:<line>:<col> message` and a summary, and exits 1 on any error; first, that every picture a page names
 * (img and source, src and srcset) is in the build. Run after `npm run build`; SITEWRIGHT_DIST picks another output
 * directory.
 */
import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join, relative, resolve } from 'node:path';
import { missingPictures } from './lib/images/check.ts';
import { errorLine, isError, JAVA_MISSING, parseVnuReport, summaryLine } from './lib/html-check.ts';

const dist = resolve(process.env.SITEWRIGHT_DIST ?? 'dist');
if (!existsSync(dist)) {
  console.error(`No ${process.env.SITEWRIGHT_DIST ?? 'dist'}/ to check: run \`npm run build\` first.`);
  process.exit(1);
}

const files = readdirSync(dist, { recursive: true, encoding: 'utf8' })
  .filter((f) => f.endsWith('.html'))
  .sort()
  .map((f) => join(dist, f));
if (files.length === 0) {
  console.error(`No HTML files in ${dist}: run \`npm run build\` first.`);
  process.exit(1);
}

// A picture the page names but the build lacks shows as a broken image, which the markup checker cannot see.
const missing = files.flatMap((f) =>
  missingPictures(readFileSync(f, 'utf8'), (address) => existsSync(join(dist, decodeURIComponent(address)))).map(
    (a) => `${relative(process.cwd(), f)}: the picture ${a} is not in the build`,
  ),
);
for (const line of missing) console.log(line);
if (missing.length > 0) {
  console.log(`✗ ${missing.length} picture${missing.length === 1 ? '' : 's'} named by the pages ${missing.length === 1 ? 'is' : 'are'} missing from the build`);
  process.exit(1);
}

const jar = createRequire(import.meta.url).resolve('vnu-jar/build/dist/vnu.jar');
// One Java process for all files: starting the JVM costs more than checking a page.
const run = spawnSync('java', ['-jar', jar, '--errors-only', '--format', 'json', ...files], { encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
if (run.error) {
  console.error((run.error as NodeJS.ErrnoException).code === 'ENOENT' ? JAVA_MISSING : `Could not run java: ${run.error.message}`);
  process.exit(1);
}

// The report goes to stderr; anything before its opening brace is the JVM's own notices (e.g. JAVA_TOOL_OPTIONS).
const out = run.stderr.slice(Math.max(0, run.stderr.indexOf('{')));
let errors;
try {
  errors = parseVnuReport(out).filter(isError);
} catch (e) {
  console.error(`The Nu HTML checker failed (exit ${run.status}): ${(e as Error).message}\n${run.stderr}${run.stdout}`);
  process.exit(1);
}
for (const e of errors) console.log(errorLine(e, process.cwd()));
console.log(summaryLine(files.length, errors));
process.exit(errors.length > 0 ? 1 : 0);
