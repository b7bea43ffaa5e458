import type { FieldTemplateProps, ObjectFieldTemplateProps, TemplatesType } from '@rjsf/utils';
import { descriptionId, errorId, helpId, SELF_LABELLED } from './widgets.tsx';
import styles from './forms.module.css';

/**
 * Label, hint, the field and its message. The message is announced (role="alert") and is what
 * aria-describedby of the field points at; it is plain text from the form file.
 */
function FieldTemplate(p: FieldTemplateProps) {
  if (p.schema.type === 'object') return p.children;
  const widget = typeof p.uiSchema?.['ui:widget'] === 'string' ? p.uiSchema['ui:widget'] : 'text';
  if (p.hidden || widget === 'hidden') return <div hidden>{p.children}</div>;
  const half = p.uiSchema?.['ui:options']?.width === 'half';
  const message = p.rawErrors?.find(Boolean);
  return (
    <div className={`${styles.field} ${half ? styles.half : ''}`} data-field={p.fieldPathId.path.join('.')}>
      {!SELF_LABELLED.has(widget) && (
        <label className={styles.label} htmlFor={p.id}>
          {p.label}
        </label>
      )}
      {p.rawDescription && (
        <p id={descriptionId(p.id)} className={styles.hint}>
          {p.rawDescription}
        </p>
      )}
      {p.children}
      {message && (
        <p id={errorId(p.id)} className={styles.error} role="alert">
          {message}
        </p>
      )}
      {p.rawHelp && (
        <p id={helpId(p.id)} className={styles.hint}>
          {p.rawHelp}
        </p>
      )}
    </div>
  );
}

/** The fields on a two-column grid: "half" fields sit side by side on wide screens. */
function ObjectFieldTemplate(p: ObjectFieldTemplateProps) {
  return <div className={styles.grid}>{p.properties.map((prop) => prop.content)}</div>;
}

/** Field messages show under each field, so there is no error summary above the form. */
function ErrorListTemplate() {
  return null;
}

export const templates: Partial<TemplatesType> = { FieldTemplate, ObjectFieldTemplate, ErrorListTemplate };
