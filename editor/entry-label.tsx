/**
 * rjsf labels an entry of a map by its name in the file ("ownerSignup", "benefits-1"). These templates show it in
 * words ("Owner signup") and keep the name itself in the box that renames the entry.
 */
import { getDefaultRegistry } from '@rjsf/core';
import { ADDITIONAL_PROPERTY_FLAG, type FieldTemplateProps, type WrapIfAdditionalTemplateProps } from '@rjsf/utils';
import { createContext, useContext } from 'react';
import { humanise } from './pointer.ts';

const defaults = getDefaultRegistry().templates;
/** The entry's name in the file, for the rename box below the field that shows its words. */
const EntryName = createContext<string | null>(null);

function FieldTemplate(props: FieldTemplateProps) {
  const Default = defaults.FieldTemplate;
  if (!(ADDITIONAL_PROPERTY_FLAG in props.schema)) return <Default {...props} />;
  return (
    <EntryName.Provider value={props.label}>
      <Default {...props} label={humanise(props.label)} />
    </EntryName.Provider>
  );
}

function WrapIfAdditionalTemplate(props: WrapIfAdditionalTemplateProps) {
  const name = useContext(EntryName);
  const Default = defaults.WrapIfAdditionalTemplate;
  return <Default {...props} label={name ?? props.label} />;
}

export const entryTemplates = { FieldTemplate, WrapIfAdditionalTemplate };
