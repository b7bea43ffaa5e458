/** The Changes view shows an unsaved change as the save will write it: a setting keeps its place in the file. */
import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { unsavedDiff } from './server/changes.ts';
import { EditorDataContext, type EditorData } from './context.ts';
import { ChangesView } from './Panes.tsx';
import { editorStore } from './store.ts';

const editorData: EditorData = {
  index: { pages: [], faqs: [], forms: [], site: { path: 'site.json' }, assets: [], routes: [], destinations: [], blocks: [] },
  diagnostics: [],
  openFile: () => undefined,
  createFragment: async () => null,
  announce: () => undefined,
};

const text = `{
  "name": "BuildPad",
  "destinations": {
    "calculator": "https://calculator.example",
    "linkedin": "https://www.linkedin.com/company/buildpad",
    "instagram": "https://www.instagram.com/buildpad"
  }
}
`;

beforeEach(() => {
  // jsdom has no modal dialogs; the view only needs the element to be open.
  HTMLDialogElement.prototype.showModal ??= function (this: HTMLDialogElement) {
    this.open = true;
  };
  HTMLDialogElement.prototype.close ??= function (this: HTMLDialogElement) {
    this.open = false;
  };
  // The editor's server, answered by its own functions: the diff of an unsaved change is the save's text.
  vi.stubGlobal('fetch', async (url: string, init?: RequestInit) => {
    const body = init?.body ? (JSON.parse(String(init.body)) as { path: string; data: unknown }) : null;
    const answer = String(url).endsWith('unsaved') && body ? { path: body.path, diff: unsavedDiff(body.path, text, body.data) } : { files: [] };
    return new Response(JSON.stringify(answer), { status: 200 });
  });
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('Changes view', () => {
  it('shows a retyped entry where the saved file keeps it, not moved to the end of its group', async () => {
    const data = JSON.parse(text) as { destinations: Record<string, string> };
    // The entry "linkedin" removed and typed again with a new address: it comes last in the data.
    const { linkedin: _gone, ...rest } = data.destinations;
    const working = { ...data, destinations: { ...rest, linkedin: 'https://www.linkedin.com/company/buildpad-ng' } };
    editorStore.setState({ base: { 'site.json': { text, hash: 'h', data } }, working: { 'site.json': working } });
    render(
      <EditorDataContext.Provider value={editorData}>
        <ChangesView onClose={() => undefined} />
      </EditorDataContext.Provider>,
    );
    const diff = (await screen.findByLabelText('Unsaved changes to Site settings')).textContent ?? '';
    const added = diff.indexOf('buildpad-ng');
    expect(diff.split('\n').find((l) => l.includes('buildpad-ng'))).toMatch(/^\+/);
    // As in the file the save writes: after "calculator", before "instagram".
    expect(added).toBeLessThan(diff.indexOf('"instagram"'));
    expect(diff.indexOf('"calculator"')).toBeLessThan(added);
    expect(diff).not.toMatch(/site\.json|@@/);
  });
});
