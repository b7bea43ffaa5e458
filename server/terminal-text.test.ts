// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { terminalJson, terminalText } from './terminal-text.ts';

// Every character a terminal would act on or that reorders the text around it: C0, DEL, C1 and the bidi controls.
const CONTROLS = [
  ...Array.from({ length: 0x20 }, (_, i) => i),
  0x7f,
  ...Array.from({ length: 0x20 }, (_, i) => 0x80 + i),
  0x061c,
  0x200e,
  0x200f,
  0x202a,
  0x202b,
  0x202c,
  0x202d,
  0x202e,
  0x2066,
  0x2067,
  0x2068,
  0x2069,
].map((c) => String.fromCodePoint(c));
const RAW = new RegExp(`[${CONTROLS.join('').replace(/[\\\]^-]/g, '\\$&')}]`);

describe('terminalText', () => {
  it('shows escape sequences as text instead of letting them retitle or clear the terminal', () => {
    expect(terminalText('\u001b]0;PWNED\u0007\u001b[2J')).toBe('\\x1b]0;PWNED\\x07\\x1b[2J');
  });

  it('shows C1 controls, DEL and bidi overrides by their code', () => {
    expect(terminalText('a\u009bb\u007fc')).toBe('a\\x9bb\\x7fc');
    expect(terminalText('invoice\u202Efdp.exe')).toBe('invoice\\u202efdp.exe');
    expect(terminalText('\u2066x\u2069 \u200e\u200f\u061c')).toBe('\\u2066x\\u2069 \\u200e\\u200f\\u061c');
  });

  it('escapes every control it covers, and leaves ordinary text, accents and emoji alone', () => {
    for (const c of CONTROLS) expect(terminalText(`<${c}>`)).not.toMatch(RAW);
    expect(terminalText('Zoë Ōsaka 東京 👷‍♀️ "quoted" \\x1b')).toBe('Zoë Ōsaka 東京 👷‍♀️ "quoted" \\x1b');
  });

  it('keeps line breaks only when asked, and never a lone carriage return', () => {
    expect(terminalText('a\nb\r\nc')).toBe('a\\x0ab\\x0d\\x0ac');
    expect(terminalText('a\nb\r\nc\rd\te', { keepLineBreaks: true })).toBe('a\nb\r\nc\\x0dd\\x09e');
  });
});

describe('terminalJson', () => {
  it('is JSON that parses back to the same value, with no raw control or bidi character in it', () => {
    const value = [{ firstName: '\u001b]0;PWNED\u0007\u001b[2J', note: 'a\u009bb\u202Ec\u2066d\u007f', ok: 'Zoë 👷' }];
    const text = terminalJson(value);
    // Pretty-printed: its own line breaks are the only control characters in it.
    for (const line of text.split('\n')) expect(line).not.toMatch(RAW);
    expect(JSON.parse(text)).toEqual(value);
    expect(text).toContain('Zoë 👷');
  });
});
