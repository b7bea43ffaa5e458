// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { errorLine, isError, parseVnuReport, summaryLine, type VnuMessage } from './html-check.ts';

// The shape of the checker's JSON report, as it printed the waitlist's phone input.
const REPORT = JSON.stringify({
  version: '26.9.27',
  messages: [
    {
      type: 'error',
      url: 'file:/repo/dist/schedule-call/index.html',
      lastLine: 38,
      firstColumn: 5700,
      lastColumn: 5832,
      message: 'Bad value “tel-national” for attribute “autocomplete” on element “input”.',
    },
    { type: 'info', subType: 'warning', url: 'file:/repo/dist/index.html', lastLine: 2, lastColumn: 3, message: 'Consider adding a “lang” attribute.' },
    { type: 'non-document-error', subType: 'io', url: 'file:/repo/dist/broken.html', message: 'File not found.' },
  ],
});

describe('html-check: reading the Nu HTML checker report', () => {
  it('reads the messages and counts errors and non-document errors, not warnings', () => {
    const messages = parseVnuReport(REPORT);
    expect(messages).toHaveLength(3);
    expect(messages.filter(isError).map((m) => m.type)).toEqual(['error', 'non-document-error']);
  });

  it('refuses a report without a messages list, so a failed checker does not pass as clean', () => {
    expect(() => parseVnuReport('{"version":"1"}')).toThrow(/messages/);
    expect(() => parseVnuReport('{"messages":[{"type":"error"}]}')).toThrow(/Unexpected message/);
    expect(() => parseVnuReport('Picked up JAVA_TOOL_OPTIONS')).toThrow();
  });

  it('prints file:line:col relative to the working directory, using the first column of the range', () => {
    const [error] = parseVnuReport(REPORT);
    expect(errorLine(error, '/repo')).toBe('dist/schedule-call/index.html:38:5700 Bad value “tel-national” for attribute “autocomplete” on element “input”.');
  });

  it('leaves out the line and column the checker did not give', () => {
    const m: VnuMessage = { type: 'non-document-error', url: 'file:/repo/dist/broken.html', message: ' File not found. ' };
    expect(errorLine(m, '/repo')).toBe('dist/broken.html File not found.');
    expect(errorLine({ type: 'error', url: 'file:/repo/dist/a.html', lastLine: 4, message: 'x' }, '/repo')).toBe('dist/a.html:4 x');
  });
});

describe('html-check: the summary line', () => {
  it('says how many files were checked when there are no errors', () => {
    expect(summaryLine(19, [])).toBe('✓ 19 HTML files checked by the Nu HTML checker: no errors');
    expect(summaryLine(1, [])).toBe('✓ 1 HTML file checked by the Nu HTML checker: no errors');
  });

  it('counts errors and the distinct files they are in', () => {
    const e = (url: string): VnuMessage => ({ type: 'error', url, message: 'x' });
    expect(summaryLine(19, [e('file:/a.html'), e('file:/a.html'), e('file:/b.html')])).toBe('✗ 3 errors in 2 of 19 HTML files checked by the Nu HTML checker');
    expect(summaryLine(2, [e('file:/a.html')])).toBe('✗ 1 error in 1 of 2 HTML files checked by the Nu HTML checker');
  });
});
