/** Where the passes put what they find: each finding is located in its file and given the catalogue's severity. */
import { CATALOGUE, type Diagnostic, type Finding } from './diagnostics.ts';
import { locate, locateOffset, type JsonSource } from './json-source.ts';

export class Findings {
  readonly diagnostics: Diagnostic[] = [];

  /** A finding at a JSON path of a file; with `key`, at the name of that property of the object at `path`. */
  at(src: JsonSource, path: string, f: Finding, key?: string): void {
    this.push({ file: src.file, ...locate(src, path, key), path, ...this.worded(f) }, f);
  }

  /** A finding at a character range of a file (syntax errors, names written twice). */
  atOffset(src: JsonSource, offset: number, length: number, path: string, f: Finding): void {
    this.push({ file: src.file, ...locateOffset(src, offset, length), path, ...this.worded(f) }, f);
  }

  /** A finding about a whole file (or a folder), pointed at its first line. */
  whole(file: string, f: Finding): void {
    this.push({ file, line: 1, column: 1, path: '', ...this.worded(f) }, f);
  }

  add(d: Diagnostic): void {
    this.diagnostics.push(d);
  }

  get failed(): boolean {
    return this.diagnostics.some((d) => d.severity === 'error');
  }

  /** The finding's template arguments ride along unseen by JSON and by equality (see Diagnostic.args). */
  private push(d: Diagnostic, f: Finding): void {
    if (f.args) Object.defineProperty(d, 'args', { value: f.args, enumerable: false });
    this.diagnostics.push(d);
  }

  private worded(f: Finding) {
    return {
      code: f.code,
      severity: f.severity ?? CATALOGUE[f.code].severity,
      message: f.message,
      ...(f.suggestion === undefined ? {} : { suggestion: f.suggestion }),
    };
  }
}
