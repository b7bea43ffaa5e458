// @vitest-environment node
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cssModuleClassName, cssModuleTag } from './css-names.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const modules = ['blocks', 'renderer', 'editor']
  .flatMap((dir) => readdirSync(join(root, dir), { recursive: true, encoding: 'utf8' }).map((f) => join(root, dir, f)))
  .filter((f) => f.endsWith('.module.css'));

describe('cssModuleClassName', () => {
  it('keeps the class name readable and tags it with its file', () => {
    const name = cssModuleClassName(root, 'panel-link', join(root, 'renderer/layout/Header.module.css'));
    expect(name).toMatch(/^_panel-link_[0-9a-z]{4}$/);
    // The same file gives the same tag on every build and machine, whatever query Vite adds to the id.
    expect(cssModuleClassName(root, 'panel-link', join(root, 'renderer/layout/Header.module.css?used'))).toBe(name);
  });

  it("gives every CSS module of the project a tag of its own, so two files' classes of the same name never meet", () => {
    expect(modules.length).toBeGreaterThan(20);
    const tags = modules.map((f) => cssModuleTag(root, f));
    expect(new Set(tags).size).toBe(modules.length);
  });
});
