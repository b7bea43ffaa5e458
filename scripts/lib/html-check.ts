import { relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

/** One message of the Nu HTML checker's `--format json` output (the fields this project reads). */
export interface VnuMessage {
  type: string;
  subType?: string;
  url?: string;
  firstLine?: number;
  lastLine?: number;
  firstColumn?: number;
  lastColumn?: number;
  message: string;
}

/**
 * The messages in the checker's JSON report. A report that is not the expected shape throws, so a changed or failed
 * checker cannot pass as "no errors".
 */
export function parseVnuReport(json: string): VnuMessage[] {
  const report: unknown = JSON.parse(json);
  if (typeof report !== 'object' || report === null || !Array.isArray((report as { messages?: unknown }).messages)) {
    throw new Error('The Nu HTML checker did not print a report with a "messages" list.');
  }
  const messages = (report as { messages: unknown[] }).messages;
  return messages.map((m) => {
    if (typeof m !== 'object' || m === null || typeof (m as VnuMessage).type !== 'string' || typeof (m as VnuMessage).message !== 'string') {
      throw new Error(`Unexpected message in the Nu HTML checker's report: ${JSON.stringify(m)}`);
    }
    return m as VnuMessage;
  });
}

/**
 * Errors, including the checker's "non-document-error" (a file it could not read or parse). Warnings are "info"
 * messages with subType "warning": `--errors-only` leaves them out, and they are not counted here either.
 */
export const isError = (m: VnuMessage) => m.type === 'error' || m.type === 'non-document-error';

/** A message as `dist/<file>:<line>:<col> message`, the path shown relative to the working directory. */
export function errorLine(m: VnuMessage, cwd: string): string {
  const file = m.url?.startsWith('file:') ? relative(cwd, fileURLToPath(m.url)).split(sep).join('/') : (m.url ?? '(no file)');
  const line = m.firstLine ?? m.lastLine;
  const col = m.firstColumn ?? m.lastColumn;
  const where = line === undefined ? file : col === undefined ? `${file}:${line}` : `${file}:${line}:${col}`;
  return `${where} ${m.message.trim()}`;
}

/** The closing line: how many files were checked and, on failure, how many errors in how many of them. */
export function summaryLine(filesChecked: number, errors: VnuMessage[]): string {
  const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? '' : 's'}`;
  if (errors.length === 0) return `✓ ${plural(filesChecked, 'HTML file')} checked by the Nu HTML checker: no errors`;
  const files = new Set(errors.map((e) => e.url ?? '')).size;
  return `✗ ${plural(errors.length, 'error')} in ${files} of ${plural(filesChecked, 'HTML file')} checked by the Nu HTML checker`;
}

/** What to do when there is no `java` to run the checker with. */
export const JAVA_MISSING = [
  'The Nu HTML checker (vnu.jar from the vnu-jar package) needs Java 11 or newer, and no `java` command was found.',
  'Install a Java runtime, e.g. `apt-get install -y default-jre-headless` (Debian/Ubuntu), `brew install openjdk` (macOS)',
  'or a Temurin JRE from adoptium.net, then run `npm run check:html` again.',
].join('\n');
