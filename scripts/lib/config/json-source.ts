import { createRequire } from 'node:module';
import type { Node, ParseError } from 'jsonc-parser';
import { escapeSegment, pointerSegments } from '../json-pointer.ts';

type Jsonc = typeof import('jsonc-parser');
let jsoncModule: Jsonc | undefined;
/** jsonc-parser is only needed for a file with a problem to point at, so a clean run never loads it. */
function jsonc(): Jsonc {
  return (jsoncModule ??= createRequire(import.meta.url)('jsonc-parser') as Jsonc);
}

/** A JSON file kept with its text, so any JSON path can be turned back into a line and column. */
export interface JsonSource {
  file: string;
  text: string;
  /** Built on first use: only files with a diagnostic need positions. */
  readonly tree: Node | undefined;
  value: unknown;
  /**
   * At most one entry: the first syntax mistake, explained. Later parser errors are nearly always
   * knock-on effects of the first, and listing them sends people hunting for problems that are not there.
   */
  syntaxErrors: SyntaxProblem[];
  /** Properties written twice in one object: JSON keeps only the last, which silently drops the first. */
  duplicateKeys: { key: string; path: string; offset: number; length: number; firstLine: number }[];
}

export interface SyntaxProblem {
  offset: number;
  length: number;
  message: string;
  suggestion: string;
  /** Parser error name, e.g. "PropertyNameExpected", or our own ("TrailingComma", "EmptyFile"). */
  code: string;
}

const SYNTAX_HELP: Record<string, [string, string]> = {
  InvalidSymbol: [
    'There is a character JSON does not allow here.',
    'Check for a stray letter, a missing double quote or a single quote (JSON needs double quotes).',
  ],
  InvalidNumberFormat: ['This number is not written the JSON way.', 'Write it without leading zeros, a trailing dot or a thousands separator, e.g. 1200.'],
  PropertyNameExpected: ['A setting name in double quotes was expected here.', 'Write the name in double quotes, e.g. "heading": …'],
  ValueExpected: ['A value was expected here.', 'Write a value: text in double quotes, a number, true, false, a list [ ] or an object { }.'],
  ColonExpected: ['A colon ":" is missing between a setting name and its value.', 'Write it as "name": value.'],
  CommaExpected: ['A comma "," is missing between two items.', 'Add a comma at the end of the previous item.'],
  CloseBraceExpected: ['A closing "}" is missing.', 'Check that every "{" has a matching "}".'],
  CloseBracketExpected: ['A closing "]" is missing.', 'Check that every "[" has a matching "]".'],
  EndOfFileExpected: ['There is more text after the end of the JSON value.', 'Remove it: a config file holds exactly one { … } object.'],
  InvalidCommentToken: [
    'Comments are not allowed in JSON.',
    'Remove the comment. To leave a note for other editors, put it in the commit message or in docs/.',
  ],
  UnexpectedEndOfComment: ['Comments are not allowed in JSON, and this one is not even closed.', 'Remove the comment.'],
  UnexpectedEndOfString: ['A text value is not closed.', 'Add the closing double quote " at the end of the text.'],
  UnexpectedEndOfNumber: ['A number ends too early.', 'Finish the number, e.g. 1.5 rather than 1.'],
  InvalidUnicode: ['A \\u escape in a text value is not valid.', 'Write \\u followed by four hexadecimal digits, or type the character itself.'],
  InvalidEscapeCharacter: ['A backslash escape in a text value is not valid.', 'Write \\\\ for a backslash, \\" for a double quote.'],
  InvalidCharacter: [
    'A text value contains a character that must be escaped, such as a line break or a tab.',
    'Keep the text on one line; write \\n for a line break.',
  ],
};

function prevNonSpace(text: string, offset: number): number {
  let i = offset - 1;
  while (i >= 0 && /\s/.test(text[i])) i--;
  return i;
}

function nextNonSpace(text: string, offset: number): number {
  let i = offset;
  while (i < text.length && /\s/.test(text[i])) i++;
  return i;
}

/** Turns the parser's first error into something a person can act on, recognising the usual mistakes. */
function explainSyntax(text: string, e: ParseError): SyntaxProblem {
  const code = jsonc().printParseErrorCode(e.error);
  const [message, suggestion] = SYNTAX_HELP[code] ?? [`JSON syntax error (${code}).`, 'Compare with a file that works, e.g. site.config/pages/home.json.'];
  const base: SyntaxProblem = { offset: e.offset, length: Math.max(1, e.length), message, suggestion, code };
  const at = text[e.offset];
  if (text.trim() === '') {
    return {
      ...base,
      offset: 0,
      length: 1,
      code: 'EmptyFile',
      message: 'The file is empty.',
      suggestion: 'A config file holds one { … } object. Copy an existing file, or run npm run new-page.',
    };
  }
  if ((code === 'PropertyNameExpected' || code === 'ValueExpected') && (at === '}' || at === ']')) {
    const comma = prevNonSpace(text, e.offset);
    if (text[comma] === ',') {
      return {
        ...base,
        offset: comma,
        length: 1,
        code: 'TrailingComma',
        message: `There is a comma after the last item, before "${at}". JSON does not allow that.`,
        suggestion: 'Remove this comma.',
      };
    }
  }
  if (code === 'CommaExpected') {
    if (at === '}' || at === ']') {
      const want = at === '}' ? ']' : '}';
      return {
        ...base,
        length: 1,
        code: 'MismatchedBracket',
        message: `"${at}" closes the wrong thing: a "${want}" is missing before it.`,
        suggestion: `Add "${want}" to close the ${want === ']' ? 'list' : 'object'} that is still open.`,
      };
    }
    // The comma belongs at the end of the previous item, usually on the line above.
    const end = prevNonSpace(text, e.offset) + 1;
    return {
      ...base,
      offset: end,
      length: 1,
      message: 'A comma "," is missing after this item.',
      suggestion: 'Add a comma here: items in an object or a list are separated by commas.',
    };
  }
  if (code === 'InvalidSymbol') {
    const token = text.slice(e.offset, e.offset + Math.max(1, e.length));
    if (/^'/.test(token)) {
      return {
        ...base,
        code: 'SingleQuotes',
        message: 'Text is in single quotes.',
        suggestion: `JSON needs double quotes: write ${JSON.stringify(token.replace(/^'|'$/g, ''))}.`,
      };
    }
    if (/^[A-Za-z_$][\w$-]*$/.test(token)) {
      const after = text[nextNonSpace(text, e.offset + token.length)];
      if (after === ':') {
        return { ...base, code: 'UnquotedName', message: `The setting name ${token} is not in double quotes.`, suggestion: `Write "${token}".` };
      }
      if (/^(True|False|TRUE|FALSE|yes|no|Yes|No)$/.test(token)) {
        return { ...base, code: 'BadBoolean', message: `${token} is not a JSON value.`, suggestion: `Write true or false in lower case, without quotes.` };
      }
      if (/^(undefined|NaN|Infinity|None|nil|NULL|Null)$/.test(token)) {
        return {
          ...base,
          code: 'BadValue',
          message: `${token} is not a JSON value.`,
          suggestion: 'Remove the setting, or write null if the schema allows it.',
        };
      }
      return { ...base, code: 'UnquotedText', message: `The text ${token} is not in double quotes.`, suggestion: `Write "${token}".` };
    }
    if (at === '\u201c' || at === '\u201d') {
      return {
        ...base,
        code: 'SmartQuotes',
        message: 'This is a curly quote (“ or ”), probably pasted from a word processor.',
        suggestion: 'Use the straight double quote " instead.',
      };
    }
  }
  if (code === 'CloseBraceExpected' && e.offset >= text.trimEnd().length) {
    return {
      ...base,
      offset: Math.max(0, text.trimEnd().length - 1),
      message: 'The file ends before every "{" is closed.',
      suggestion: 'Add the missing "}" (check the end of the file and the last block you edited).',
    };
  }
  return base;
}

export function parseJsonSource(file: string, rawText: string): JsonSource {
  // Some editors save a byte-order mark; it is invisible and harmless, so drop it rather than report it.
  const text = rawText.charCodeAt(0) === 0xfeff ? rawText.slice(1) : rawText;
  return parseFast(file, text) ?? parseWithPositions(file, text);
}

/**
 * The common case, a well-formed file without repeated names, read with the native JSON.parse (several times faster
 * than building a position tree, and far less garbage). It gives the same value as the tree: both follow RFC 8259,
 * jsonc-parser with comments and trailing commas disallowed accepts every text JSON.parse accepts, and a
 * "__proto__" name, which the two treat differently, takes the slow path. Anything else (a syntax error, a name
 * written twice) also takes the slow path, which explains it exactly as before.
 */
function parseFast(file: string, text: string): JsonSource | undefined {
  if (text.includes('__proto__')) return undefined;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return undefined;
  }
  // JSON.parse keeps the last of two equal names silently: the names written must all be in the value.
  if (countNamesWritten(text) !== countNames(value)) return undefined;
  let tree: Node | undefined;
  let built = false;
  const src: JsonSource = {
    file,
    text,
    get tree() {
      if (!built) {
        tree = jsonc().parseTree(text, [], PARSE_OPTIONS);
        built = true;
      }
      return tree;
    },
    value,
    syntaxErrors: [],
    duplicateKeys: [],
  };
  parsedFast.add(src);
  return src;
}

const PARSE_OPTIONS = { allowTrailingComma: false, disallowComments: true, allowEmptyContent: false };

function parseWithPositions(file: string, text: string): JsonSource {
  const errors: ParseError[] = [];
  const tree = jsonc().parseTree(text, errors, PARSE_OPTIONS);
  const syntaxErrors = errors.length > 0 ? [explainSyntax(text, errors[0])] : [];
  const value = tree && syntaxErrors.length === 0 ? nodeValue(tree) : undefined;
  const duplicateKeys = tree && syntaxErrors.length === 0 ? findDuplicateKeys(text, tree) : [];
  return { file, text, tree, value, syntaxErrors, duplicateKeys };
}

/** Property names in a text that JSON.parse accepted: the strings followed by a colon (outside strings, only names are). */
function countNamesWritten(text: string): number {
  let count = 0;
  for (let at = text.indexOf('"'); at !== -1;) {
    const next = skipSpace(text, stringEnd(text, at));
    if (text.charCodeAt(next) === 58) count++;
    at = text.indexOf('"', next);
  }
  return count;
}

function countNames(value: unknown): number {
  if (value === null || typeof value !== 'object') return 0;
  let count = 0;
  if (Array.isArray(value)) {
    for (const item of value) count += countNames(item);
    return count;
  }
  for (const key in value) count += 1 + countNames((value as Record<string, unknown>)[key]);
  return count;
}

function findDuplicateKeys(text: string, root: Node): JsonSource['duplicateKeys'] {
  const out: JsonSource['duplicateKeys'] = [];
  const walk = (node: Node, path: string) => {
    if (node.type === 'object') {
      const seen = new Map<string, Node>();
      for (const prop of node.children ?? []) {
        const [k, v] = prop.children ?? [];
        if (!k) continue;
        const key = String(k.value);
        const first = seen.get(key);
        if (first) out.push({ key, path, offset: k.offset, length: k.length, firstLine: lineColumn(text, first.offset).line });
        else seen.set(key, k);
        if (v) walk(v, `${path}/${escapeSegment(key)}`);
      }
    } else if (node.type === 'array') {
      (node.children ?? []).forEach((c, i) => walk(c, `${path}/${i}`));
    }
  };
  walk(root, '');
  return out;
}

function nodeValue(node: Node): unknown {
  switch (node.type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const prop of node.children ?? []) {
        const [k, v] = prop.children ?? [];
        if (k && v) out[String(k.value)] = nodeValue(v);
      }
      return out;
    }
    case 'array':
      return (node.children ?? []).map(nodeValue);
    default:
      return node.value;
  }
}

export function lineColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i !== -1 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}

/** Where a diagnostic points: line and column, and how many characters to underline on that line. */
export interface Location {
  line: number;
  column: number;
  length: number;
}

function spanOnLine(text: string, offset: number, length: number): Location {
  const pos = lineColumn(text, offset);
  const lineEnd = text.indexOf('\n', offset);
  const room = (lineEnd === -1 ? text.length : lineEnd) - offset;
  return { ...pos, length: Math.max(1, Math.min(length, room)) };
}

/** Location of a raw character range (used for syntax errors). */
export function locateOffset(src: JsonSource, offset: number, length = 1): Location {
  return spanOnLine(src.text, offset, length);
}

/**
 * Offset of the value at `pointer`; with `key`, of that property's name inside the object at `pointer`
 * (so an unknown property is pointed at by its own name).
 */
export function locate(src: JsonSource, pointer: string, key?: string): Location {
  if (parsedFast.has(src)) return locateAt(src.text, pointer, key, (segs) => textSpot(src.text, segs));
  const tree = src.tree;
  if (!tree) return { line: 1, column: 1, length: 1 };
  return locateAt(src.text, pointer, key, (segs) => treeSpot(tree, segs));
}

/** The same as locate, always through jsonc-parser's tree (the reference the text scanner is tested against). */
export function locateWithTree(src: JsonSource, pointer: string, key?: string): Location {
  const tree = src.tree;
  if (!tree) return { line: 1, column: 1, length: 1 };
  return locateAt(src.text, pointer, key, (segs) => treeSpot(tree, segs));
}

/** What locating needs to know of a value: where it is, and the name of the property holding it, if any. */
interface Spot {
  type: 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';
  offset: number;
  end: number;
  name?: { offset: number; end: number };
  /** The first property of this object with that name. */
  property: (key: string) => { offset: number; end: number } | undefined;
}

function locateAt(text: string, pointer: string, key: string | undefined, find: (segs: (string | number)[]) => Spot | undefined): Location {
  const segs = pointerSegments(pointer);
  let spot = find(segs);
  // Fall back to the closest existing ancestor.
  for (let n = segs.length; !spot && n > 0; n--) spot = find(segs.slice(0, n - 1));
  if (spot && key !== undefined && spot.type === 'object') {
    const name = spot.property(key);
    if (name) return spanOnLine(text, name.offset, name.end - name.offset);
  }
  // A scalar value is underlined itself; a property holding an object or list is pointed at by its name.
  if (spot?.name) {
    const name = spot.name;
    if (spot.type === 'object' || spot.type === 'array') return spanOnLine(text, name.offset, name.end - name.offset);
    const pos = lineColumn(text, name.offset);
    const valuePos = lineColumn(text, spot.offset);
    // Same line: start at the name (what people scan for) and underline through the value.
    if (pos.line === valuePos.line) return spanOnLine(text, name.offset, spot.end - name.offset);
    return spanOnLine(text, spot.offset, spot.end - spot.offset);
  }
  return spanOnLine(text, spot?.offset ?? 0, spot && spot.type !== 'object' && spot.type !== 'array' ? spot.end - spot.offset : 1);
}

function treeSpot(tree: Node, segs: (string | number)[]): Spot | undefined {
  const node = jsonc().findNodeAtLocation(tree, segs);
  if (!node) return undefined;
  const nameNode = node.parent?.type === 'property' ? node.parent.children?.[0] : undefined;
  return {
    type: node.type as Spot['type'],
    offset: node.offset,
    end: node.offset + node.length,
    name: nameNode && { offset: nameNode.offset, end: nameNode.offset + nameNode.length },
    property: (key) => {
      const n = node.children?.find((p) => p.children?.[0]?.value === key)?.children?.[0];
      return n && { offset: n.offset, end: n.offset + n.length };
    },
  };
}

/*
 * Locating in the text itself, for files read with JSON.parse (well-formed, no repeated names): the same answers as
 * jsonc-parser's tree (json-source.test.ts checks every value of every config file) without
 * building a tree, which cost more than validating the file.
 */

/** Sources read by parseFast, whose text is known to be well-formed JSON. */
const parsedFast = new WeakSet<JsonSource>();

const isSpace = (c: number) => c === 32 || c === 10 || c === 13 || c === 9;

function skipSpace(text: string, i: number): number {
  while (isSpace(text.charCodeAt(i))) i++;
  return i;
}

/** End (after the closing quote) of the string starting at `i`. */
function stringEnd(text: string, i: number): number {
  let end = text.indexOf('"', i + 1);
  for (;;) {
    let slashes = 0;
    while (text.charCodeAt(end - 1 - slashes) === 92) slashes++;
    if (slashes % 2 === 0) return end + 1;
    end = text.indexOf('"', end + 1);
  }
}

/** End of the value starting at `i`. */
function valueEnd(text: string, i: number): number {
  const c = text.charCodeAt(i);
  if (c === 34) return stringEnd(text, i);
  if (c === 123 || c === 91) {
    let depth = 0;
    for (let j = i; ; j++) {
      const d = text.charCodeAt(j);
      if (d === 34) j = stringEnd(text, j) - 1;
      else if (d === 123 || d === 91) depth++;
      else if (d === 125 || d === 93) {
        if (--depth === 0) return j + 1;
      }
    }
  }
  let j = i;
  for (let d = text.charCodeAt(j); j < text.length && d !== 44 && d !== 125 && d !== 93 && !isSpace(d); d = text.charCodeAt(++j));
  return j;
}

function typeAt(text: string, i: number): Spot['type'] {
  const c = text[i];
  return c === '{' ? 'object' : c === '[' ? 'array' : c === '"' ? 'string' : c === 't' || c === 'f' ? 'boolean' : c === 'n' ? 'null' : 'number';
}

function spotAt(text: string, i: number, name?: Spot['name']): Spot {
  return { type: typeAt(text, i), offset: i, end: valueEnd(text, i), name, property: (key) => propertyIn(text, i, key)?.name };
}

/** The first property named `key` of the object starting at `i`: its name's span and where its value starts. */
function propertyIn(text: string, i: number, key: string): { name: { offset: number; end: number }; value: number } | undefined {
  let at = skipSpace(text, i + 1);
  while (text.charCodeAt(at) === 34) {
    const end = stringEnd(text, at);
    const raw = text.slice(at + 1, end - 1);
    const value = skipSpace(text, skipSpace(text, end) + 1);
    if ((raw.includes('\\') ? (JSON.parse(`"${raw}"`) as string) : raw) === key) return { name: { offset: at, end }, value };
    at = skipSpace(text, valueEnd(text, value));
    if (text.charCodeAt(at) !== 44) return undefined;
    at = skipSpace(text, at + 1);
  }
  return undefined;
}

/** The value at the path, found the way jsonc-parser's findNodeAtLocation finds it in a tree. */
function textSpot(text: string, segs: (string | number)[]): Spot | undefined {
  let at = skipSpace(text, 0);
  let name: Spot['name'];
  for (const seg of segs) {
    const c = text.charCodeAt(at);
    if (typeof seg === 'string') {
      if (c !== 123) return undefined;
      const p = propertyIn(text, at, seg);
      if (!p) return undefined;
      at = p.value;
      name = p.name;
    } else {
      if (c !== 91) return undefined;
      let item = skipSpace(text, at + 1);
      if (text.charCodeAt(item) === 93) return undefined;
      for (let k = 0; k < seg; k++) {
        item = skipSpace(text, valueEnd(text, item));
        if (text.charCodeAt(item) !== 44) return undefined;
        item = skipSpace(text, item + 1);
      }
      at = item;
      name = undefined;
    }
  }
  return spotAt(text, at, name);
}

/**
 * What can still be read from a file with a syntax error, with jsonc-parser's tolerant parse (it skips the broken
 * spot and goes on, so a missing comma still leaves the page's "route" readable). Used only to spare other files
 * false errors (links to this page's route, its fragments reported unused), never to accept the file.
 */
export function recoverValue(text: string): unknown {
  try {
    return jsonc().parse(text, [], { allowTrailingComma: true, disallowComments: false, allowEmptyContent: true });
  } catch {
    return undefined;
  }
}
