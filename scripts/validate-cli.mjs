#!/usr/bin/env node
/**
 * `npm run validate` (arguments as for scripts/validate.ts, the only source of the validator).
 *
 * Transpiling TypeScript on every run would be most of a run's time. So the validator is bundled once with esbuild
 * into node_modules/.cache/sitewright/validate.mjs and that plain JavaScript is imported on later runs. The bundle's
 * first line records a hash of every file that went into it; when any of them changes (or this launcher, or esbuild)
 * the next run bundles again before validating. Packages are not bundled (they are plain JavaScript already), and
 * schemas are read at run time, so editing a schema never needs a new bundle.
 *
 * Plain JavaScript on purpose: it has to run before anything is compiled. Without esbuild or a writable
 * node_modules/.cache it falls back to running scripts/validate.ts through tsx, which prints the same.
 */
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname, extname, join, relative } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const entry = join(root, 'scripts/validate.ts');
const bundle = join(root, 'node_modules/.cache/sitewright/validate.mjs');
const STAMP = '// sitewright-validate-inputs ';
const args = process.argv.slice(2);

const sha1 = (data) => createHash('sha1').update(data).digest('hex');

/** What else decides the bundle's content: this launcher's build settings and the esbuild that ran them. */
function recipe() {
  let esbuildVersion = 'none';
  try {
    esbuildVersion = JSON.parse(readFileSync(join(root, 'node_modules/esbuild/package.json'), 'utf8')).version;
  } catch {
    // no esbuild: the bundle cannot be rebuilt, but one that exists is still valid for this launcher
  }
  return sha1(`${readFileSync(fileURLToPath(import.meta.url), 'utf8')}\0${esbuildVersion}`);
}

/** The bundle exists and every input still has the content it was built from. */
function isFresh() {
  let header;
  try {
    const text = readFileSync(bundle, 'utf8');
    header = text.slice(0, text.indexOf('\n'));
  } catch {
    return false;
  }
  if (!header.startsWith(STAMP)) return false;
  let stamp;
  try {
    stamp = JSON.parse(header.slice(STAMP.length));
  } catch {
    return false;
  }
  if (stamp.recipe !== recipe()) return false;
  for (const [file, hash] of Object.entries(stamp.inputs)) {
    try {
      if (sha1(readFileSync(join(root, file))) !== hash) return false;
    } catch {
      return false; // an input was deleted or renamed
    }
  }
  return true;
}

const LOADERS = { '.ts': 'ts', '.mts': 'ts', '.cts': 'ts', '.tsx': 'tsx', '.js': 'js', '.mjs': 'js', '.cjs': 'js', '.jsx': 'jsx', '.json': 'json' };

async function build() {
  const esbuild = await import('esbuild');
  const inputs = {};
  const result = await esbuild.build({
    entryPoints: [entry],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    packages: 'external',
    write: false,
    logLevel: 'silent',
    plugins: [
      {
        // Hashes exactly the text esbuild compiles, so an edit made during the build is never marked as built.
        name: 'record-inputs',
        setup(b) {
          b.onLoad({ filter: /\.([cm]?[jt]sx?|json)$/ }, (a) => {
            const contents = readFileSync(a.path);
            inputs[relative(root, a.path).split('\\').join('/')] = sha1(contents);
            return { contents, loader: LOADERS[extname(a.path)] ?? 'js' };
          });
        },
      },
    ],
  });
  const code = `${STAMP}${JSON.stringify({ recipe: recipe(), inputs })}\n${result.outputFiles[0].text}`;
  mkdirSync(dirname(bundle), { recursive: true });
  // Written aside and renamed, so a run starting at the same moment never imports half a file.
  const tmp = `${bundle}.${process.pid}.tmp`;
  writeFileSync(tmp, code);
  renameSync(tmp, bundle);
}

/** Without esbuild or a writable cache: the TypeScript source through tsx, slower but the same output. */
function runWithTsx() {
  const r = spawnSync(process.execPath, ['--import', 'tsx', entry, ...args], { stdio: 'inherit' });
  process.exit(r.status ?? 1);
}

let validator;
try {
  if (!isFresh()) await build();
  validator = await import(pathToFileURL(bundle).href);
} catch {
  runWithTsx();
}
if (validator) process.exitCode = validator.main(args, root);
