import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { EditorDataContext, type EditorData } from './context.ts';
import { FieldsForm } from './fields.tsx';

const editorData: EditorData = {
  index: { pages: [], faqs: [], forms: [], site: { path: 'site.json' }, assets: [], routes: [], destinations: [], blocks: [] },
  diagnostics: [],
  openFile: () => undefined,
  createFragment: async () => null,
  announce: () => undefined,
};

describe('FieldsForm: entries of a map by name', () => {
  it('labels the box that renames an entry in words ("Name of entry “Signin”"), never "signin Key"', () => {
    const schema = {
      type: 'object',
      properties: {
        paths: { type: 'object', description: 'Named paths on the sign-in site.', additionalProperties: { type: 'string' } },
      },
    };
    const { container } = render(
      <EditorDataContext.Provider value={editorData}>
        <FieldsForm idPrefix="t" schema={schema} data={{ paths: { signin: '/signin', signup: '/signup' } }} errors={{}} onChange={() => undefined} />
      </EditorDataContext.Provider>,
    );
    expect(screen.getByLabelText('Name of entry “Signin”')).toHaveProperty('value', 'signin');
    expect(screen.getByLabelText('Name of entry “Signup”')).toHaveProperty('value', 'signup');
    expect(container.textContent).not.toMatch(/\bKey\b/);
  });
});
