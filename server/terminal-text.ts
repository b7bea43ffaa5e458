/**
 * Text for a terminal that shows visitor-typed values as they are instead of obeying them: an escape
 * sequence could clear the screen, retitle the window or fake other output, and a bidi control could show
 * text in another order than it is stored.
 */

// C0 controls, DEL, C1 controls (a terminal takes U+009B as ESC [), and the bidi marks, embeddings, overrides and isolates.
// eslint-disable-next-line no-control-regex -- finding control characters is the point
const UNSAFE = /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;
// The same but C0, which JSON.stringify already writes as \uXXXX escapes.
const UNSAFE_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

const hex = (c: string, width: number) => c.charCodeAt(0).toString(16).padStart(width, '0');

/**
 * Each unsafe character as a visible escape: `\x1b` up to U+00FF, `\u202e` above. `keepLineBreaks` lets "\n"
 * and "\r\n" through, for output whose lines are its own (a CSV shown on the terminal); a lone "\r" is still shown.
 */
export function terminalText(s: string, { keepLineBreaks = false }: { keepLineBreaks?: boolean } = {}): string {
  return s.replace(UNSAFE, (c: string, at: number) => {
    if (keepLineBreaks && (c === '\n' || (c === '\r' && s[at + 1] === '\n'))) return c;
    return c.charCodeAt(0) <= 0xff ? `\\x${hex(c, 2)}` : `\\u${hex(c, 4)}`;
  });
}

/** Pretty JSON whose strings carry every unsafe character as a \uXXXX escape: the same value, parsed back. */
export function terminalJson(value: unknown): string {
  return JSON.stringify(value, null, 2).replace(UNSAFE_IN_JSON, (c) => `\\u${hex(c, 4)}`);
}
