import { createContext, useContext } from 'react';
import type { FilesIndex } from './api.ts';
import type { Diagnostic } from './pointer.ts';

/** What the field widgets and panes need from the editor shell. */
export interface EditorData {
  index: FilesIndex;
  diagnostics: Diagnostic[];
  /** Opens a config file (site.json, a FAQ set, a form) in the side panel. */
  openFile: (path: string) => void;
  /** Creates a new FAQ set or form file and returns its id. */
  createFragment: (kind: 'faq' | 'form', id: string) => Promise<string | null>;
  announce: (text: string) => void;
}

export const EditorDataContext = createContext<EditorData | null>(null);

export function useEditorData(): EditorData {
  const value = useContext(EditorDataContext);
  if (!value) throw new Error('EditorDataContext missing');
  return value;
}
