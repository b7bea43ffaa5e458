/** Kept for importers outside the checker: the catalogue and the Diagnostic type live in config/diagnostics.ts. */
export { formatDiagnosticLine, type Diagnostic, type DiagnosticCode, type Severity } from './config/diagnostics.ts';
