/**
 * Site settings, screen by screen (Header menu, Footer, Prices, …): the list of screens in the left column and the
 * chosen screen in the side panel.
 */
import { useMemo } from 'react';
import { useEditorData } from './context.ts';
import { FieldsForm } from './fields.tsx';
import { tidy } from './ops.ts';
import { pointerToField, toErrorSchema, type Diagnostic } from './pointer.ts';
import { openScreen } from './PriceNote.tsx';
import { RowMark } from './row-mark.tsx';
import { priceUses, usesWords } from './prices.ts';
import { problemText } from './problems.ts';
import { fileSchema } from './schemas.ts';
import { mergeScreen, SCREENS, screenById, screenData, screenErrors, screenOf, screenSchema, type ScreenId } from './settings-screens.ts';
import { usePagesData } from './site-docs.ts';
import { editorStore, useEditor, type EditorState } from './store.ts';
import './settings.css';

type Schema = Record<string, unknown>;

/** The side panel for a shared file at a place in it: for site.json, the screen that shows that place. */
export function filePanel(path: string, field: readonly string[] = []): EditorState['panel'] {
  return path === 'site.json' ? { kind: 'file', path, screen: screenOf(field) } : { kind: 'file', path };
}

/** The left column's entry: every screen of the site settings by its name. */
export function SiteSettingsNav() {
  const panel = useEditor((s) => s.panel);
  const { diagnostics } = useEditorData();
  const current = panel.kind === 'file' && panel.path === 'site.json' ? screenById(panel.screen).id : null;
  const problems = useMemo(() => {
    const out: Partial<Record<ScreenId, number>> = {};
    for (const d of diagnostics) {
      if (d.file !== 'site.json' || d.severity !== 'error') continue;
      const id = screenOf(pointerToField(d.pointer, false).field);
      out[id] = (out[id] ?? 0) + 1;
    }
    return out;
  }, [diagnostics]);
  return (
    <li className="sw-settings-nav">
      <span id="sw-settings-nav-title" className="sw-settings-nav__title">
        Site settings
      </span>
      <ul className="sw-pages sw-settings-nav__list" aria-labelledby="sw-settings-nav-title">
        {SCREENS.map((s) => (
          <li key={s.id}>
            <button type="button" className="sw-page-link" aria-current={current === s.id ? 'true' : undefined} onClick={() => openScreen(s.id)}>
              {s.title}
              {problems[s.id] ? <RowMark problems={problems[s.id]} /> : null}
            </button>
          </li>
        ))}
      </ul>
    </li>
  );
}

/** The Prices screen's schema: beside each price, which plans and sections use it. */
function withUses(schema: Schema, uses: ReturnType<typeof priceUses> | null): Schema {
  const pricing = (schema.properties as Record<string, Schema> | undefined)?.pricing;
  if (!pricing || !uses) return schema;
  const props = Object.fromEntries(
    Object.entries((pricing.properties ?? {}) as Record<string, Schema>).map(([k, v]) => [
      k,
      { ...v, description: `${usesWords(uses[k])}${typeof v.description === 'string' ? ` ${v.description}` : ''}` },
    ]),
  );
  return { ...schema, properties: { ...(schema.properties as Schema), pricing: { ...pricing, properties: props } } };
}

/** One screen of the site settings: the generated form for its settings, writing into site.json. */
export function SiteSettingsPanel({ screen, data, diagnostics }: { screen?: string; data: unknown; diagnostics: Diagnostic[] }) {
  const s = screenById(screen);
  const { index } = useEditorData();
  const pages = usePagesData(index, s.id === 'prices');
  const uses = useMemo(() => (s.id === 'prices' && pages.every((p) => p.data !== undefined) ? priceUses(pages) : null), [s.id, pages]);
  const usesKey = JSON.stringify(uses);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- compared by value: `uses` is new whenever a page changes
  const schema = useMemo(() => withUses(screenSchema(fileSchema('site.json') ?? {}, s.id), uses), [s.id, usesKey]);
  const slice = useMemo(() => screenData(data, schema), [data, schema]);
  const errors = screenErrors(
    toErrorSchema(
      diagnostics,
      (d) => pointerToField(d.pointer, false).field,
      (d) => problemText(d, data),
    ),
    schema,
  );
  return (
    <section className="sw-screen" aria-labelledby="sw-screen-title">
      <h3 id="sw-screen-title" className="sw-screen__title">
        {s.title}
      </h3>
      <p className="sw-help">{s.intro}</p>
      <FieldsForm
        key={`site.json#${s.id}#${usesKey}`}
        idPrefix="sw-file"
        schema={schema}
        data={slice}
        errors={errors}
        onChange={(next, id) =>
          editorStore.getState().edit('site.json', (before) => mergeScreen(before, schema, tidy(next, screenData(before, schema))), `site.json#${id ?? ''}`)
        }
      />
    </section>
  );
}
