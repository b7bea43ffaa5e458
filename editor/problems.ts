/** A checker finding in the editor's words, with the field named by its title in the panel (see problemWords). */
import { formOptions, prepare, titlesAt } from './fields.tsx';
import type { Block, PageDoc } from './ops.ts';
import { pointerToField, type Diagnostic } from './pointer.ts';
import { blockSchema, fileSchema, pageSettingsSchema } from './schemas.ts';
import { problemWords } from './words.ts';

type Schema = Record<string, unknown>;

/** The schema of the form a finding's field is in, prepared as the panel shows it, and the field's path in it. */
function formOf(d: Diagnostic, data: unknown): { schema: Schema | undefined; field: string[]; whole: string } {
  const isPage = d.file.startsWith('pages/');
  const t = pointerToField(d.pointer, isPage);
  if (isPage && t.block !== null) {
    const block = (data as PageDoc | undefined)?.blocks?.[t.block] as Block | undefined;
    const schema = block ? blockSchema(block.type) : undefined;
    return { schema: schema && prepare(schema).schema, field: t.field, whole: 'This section' };
  }
  if (isPage) return { schema: prepare(pageSettingsSchema()).schema, field: t.field, whole: 'This page' };
  const schema = fileSchema(d.file);
  const options = d.file.startsWith('forms/') ? formOptions(data) : { data };
  return { schema: schema && prepare(schema, '', options).schema, field: t.field, whole: 'This file' };
}

/** What the finding says, in plain words; `data` is the file's data as the editor has it now. */
export function problemText(d: Diagnostic, data: unknown): string {
  const { schema, field, whole } = formOf(d, data);
  const titleOf = (child?: string) => {
    const path = child ? [...field, child] : field;
    if (!path.length || !schema) return whole;
    const parts = titlesAt(schema, path).split(' › ');
    const last = parts[parts.length - 1];
    // "item 2" alone says too little: "Buttons, item 2".
    return /^item \d+$/.test(last) && parts.length > 1 ? `${parts[parts.length - 2]}, ${last}` : last;
  };
  return problemWords(d, titleOf);
}
