import { createHash } from 'node:crypto';
import { relative } from 'node:path';

/** Characters of the file part of a built class name: enough that two of the project's CSS modules never share it. */
const FILE_CHARS = 4;

/** The short tag of one CSS module, from its path inside the project (the same on every machine and build). */
export function cssModuleTag(root: string, file: string): string {
  const path = relative(root, file.split('?')[0]!).replaceAll('\\', '/');
  // Base 36 keeps the name to letters and digits; a class name may not start with a digit, hence the "_" before it.
  return BigInt(`0x${createHash('sha256').update(path).digest('hex').slice(0, 12)}`)
    .toString(36)
    .slice(0, FILE_CHARS)
    .padStart(FILE_CHARS, '0');
}

/**
 * The built name of a CSS module's class: "_hero_k3f9" rather than the default "_hero_1s116_12". Each page inlines
 * its styles, and these names are repeated in its markup; the shorter form keeps the largest page's HTML and shell
 * inside the first round trip of a new connection. The class's own name stays readable in the page.
 */
export function cssModuleClassName(root: string, local: string, file: string): string {
  return `_${local}_${cssModuleTag(root, file)}`;
}
