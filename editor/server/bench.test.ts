// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { largePage, loadExamples, measureBackend } from './bench.ts';
import { loadProject } from '../../scripts/lib/project.ts';
import { serializeNew } from './json-edit.ts';

const root = join(import.meta.dirname, '..', '..');

describe('editor bench helpers', () => {
  it('makes a large page the checker accepts', () => {
    const page = largePage(loadExamples(root), 200);
    expect(page.blocks).toHaveLength(200);
    const r = loadProject(root, process.env, { overlay: { 'pages/bench-editor.json': serializeNew(page) } });
    expect(r.diagnostics.filter((d) => d.severity === 'error' && d.file === 'site.config/pages/bench-editor.json')).toEqual([]);
  });
  it('measures the server side of an edit', () => {
    const f = measureBackend(root, join(root, 'site.config'), 20, 3);
    expect(f.blocks).toBe(20);
    expect(f.checkErrors).toBe(0);
    expect(f.edit.p50).toBeGreaterThanOrEqual(0);
    expect(f.check.p95).toBeGreaterThan(0);
  });
});
