/** @simplewebauthn/browser's self-contained bundle (it defines the global SimpleWebAuthnBrowser), served as /admin/assets/webauthn.js. */
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';

// The package exports only its modules, so the bundle is found beside its resolved entry (script/index.js).
export const WEBAUTHN_BUNDLE = new URL('../dist/bundle/index.umd.min.js', pathToFileURL(createRequire(import.meta.url).resolve('@simplewebauthn/browser')));
