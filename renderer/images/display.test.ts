// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { blockRegistry } from '../../blocks/registry.ts';
import { DISPLAYS, displayOf } from './display.ts';

const blocksDir = join(import.meta.dirname, '../../blocks');
const typeOfFolder = (folder: string) => blockRegistry.find((b) => b.type.toLowerCase() === folder.toLowerCase())?.type;

describe('displays', () => {
  // The build makes a picture's widths from the display of the block type holding it (scripts/lib/images/uses.ts);
  // the block names its display to the component. Both must be the same line, or sizes and files disagree.
  it('each block shows its pictures under its own type’s display, which the build finds from the block’s type', () => {
    const named: string[] = [];
    for (const folder of readdirSync(blocksDir)) {
      let code: string;
      try {
        code = readFileSync(join(blocksDir, folder, 'index.tsx'), 'utf8');
      } catch {
        continue;
      }
      const type = typeOfFolder(folder);
      for (const [, display] of code.matchAll(/display[=:]\s*[{]?['"]([\w.]+)['"]/g)) {
        named.push(display);
        expect(type, folder).toBeDefined();
        expect(display === type || display.startsWith(`${type}.`), `${folder}: ${display}`).toBe(true);
        expect(displayOf(type!, display.split('.')[1] ?? 'image')).toBe(DISPLAYS[display as keyof typeof DISPLAYS]);
      }
    }
    expect(named.sort()).toEqual(['ctaBanner', 'featureGrid', 'hero', 'liveProjects', 'liveProjects.mobileImage', 'logoStrip', 'personas', 'steps']);
  });
});
