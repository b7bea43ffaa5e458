import { findNodeAtLocation, parseTree, printParseErrorCode, type Node, type ParseError } from 'jsonc-parser';

/** A JSON file kept with its text, so any JSON path can be turned back into a line and column. */
export interface JsonSource {
  file: string;
  text: string;
  tree: Node | undefined;
  value: unknown;
  syntaxErrors: { offset: number; length: number; message: string }[];
}

const SYNTAX_HELP: Record<string, string> = {
  InvalidSymbol: 'There is a character JSON does not allow here. Check for a stray letter, a missing quote or a single quote (JSON needs double quotes).',
  InvalidNumberFormat: 'This number is not written the JSON way (no leading zeros, no trailing dot).',
  PropertyNameExpected: 'A property name in double quotes was expected. A trailing comma before "}" is not allowed in JSON: remove it.',
  ValueExpected: 'A value was expected. A trailing comma before "]" or "}" is not allowed in JSON: remove it.',
  ColonExpected: 'A colon ":" is missing between a property name and its value.',
  CommaExpected: 'A comma "," is missing between two items.',
  CloseBraceExpected: 'A closing "}" is missing.',
  CloseBracketExpected: 'A closing "]" is missing.',
  EndOfFileExpected: 'There is more text after the end of the JSON value. Remove it, or wrap everything in one object.',
  InvalidCommentToken: 'Comments are not allowed in JSON. Move the note into a "description" or remove it.',
  UnexpectedEndOfComment: 'Comments are not allowed in JSON.',
  UnexpectedEndOfString: 'A string is not closed: add the closing double quote.',
  UnexpectedEndOfNumber: 'A number ends too early.',
  InvalidUnicode: 'A \\u escape in a string is not valid.',
  InvalidEscapeCharacter: 'A backslash escape in a string is not valid. Write \\\\ for a backslash.',
  InvalidCharacter: 'A string contains a character that must be escaped (such as a line break). Use \\n.',
};

export function parseJsonSource(file: string, text: string): JsonSource {
  const errors: ParseError[] = [];
  const tree = parseTree(text, errors, { allowTrailingComma: false, disallowComments: true, allowEmptyContent: false });
  const syntaxErrors = errors.map((e) => {
    const code = printParseErrorCode(e.error);
    return { offset: e.offset, length: e.length, message: SYNTAX_HELP[code] ?? `JSON syntax error (${code}).` };
  });
  const value = tree && syntaxErrors.length === 0 ? nodeValue(tree) : undefined;
  return { file, text, tree, value, syntaxErrors };
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
  for (let i = 0; i < offset && i < text.length; i++) {
    if (text.charCodeAt(i) === 10) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, column: offset - lineStart + 1 };
}

/** Splits an RFC 6901 pointer ("/blocks/0/type") into segments, numbers for array indexes. */
export function pointerSegments(pointer: string): (string | number)[] {
  if (pointer === '') return [];
  return pointer
    .slice(1)
    .split('/')
    .map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((s) => (/^\d+$/.test(s) ? Number(s) : s));
}

/**
 * Offset of the value at `pointer`; with `key`, of that property's name inside the object at `pointer`
 * (so an unknown property is pointed at by its own name).
 */
export function locate(src: JsonSource, pointer: string, key?: string): { line: number; column: number } {
  if (!src.tree) return { line: 1, column: 1 };
  const segs = pointerSegments(pointer);
  let node: Node | undefined = findNodeAtLocation(src.tree, segs);
  // Fall back to the closest existing ancestor.
  for (let n = segs.length; !node && n > 0; n--) node = findNodeAtLocation(src.tree, segs.slice(0, n - 1));
  if (node && key !== undefined && node.type === 'object') {
    const prop = node.children?.find((p) => p.children?.[0]?.value === key);
    if (prop?.children?.[0]) return lineColumn(src.text, prop.children[0].offset);
  }
  // For a value, point at its property name when it has one: that is what people look for.
  const target = node?.parent?.type === 'property' && node.parent.children?.[0] ? node.parent.children[0] : node;
  return lineColumn(src.text, target?.offset ?? 0);
}
