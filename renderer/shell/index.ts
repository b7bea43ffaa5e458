/**
 * The one shared script of the static pages: header menus, the FAQ accordion and the comparison-row disclosures.
 * It has no framework dependency, so it can run on pages React never hydrates.
 */
import { initShell } from './shell.ts';

if (typeof document !== 'undefined') initShell(document);
