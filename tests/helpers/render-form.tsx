import type { ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { act, render } from '@testing-library/react';
import { PageProvider } from '../../renderer/lib/site-context.tsx';
import type { PageConfig } from '../../renderer/generated/config-types.ts';

function Where() {
  const l = useLocation();
  return <output data-testid="location">{l.pathname}</output>;
}

/** Renders a block inside a page that bundles the given form files, at `path`, with the router's location on show. */
export function renderInPage(ui: ReactNode, forms: Record<string, unknown>, path = '/') {
  const page = { route: path, title: 't', description: 'd', blocks: [] } as PageConfig;
  return render(
    <MemoryRouter initialEntries={[path]}>
      <PageProvider value={{ page, fragments: { forms } }}>
        <Routes>
          <Route
            path="*"
            element={
              <>
                {ui}
                <Where />
              </>
            }
          />
        </Routes>
      </PageProvider>
    </MemoryRouter>,
  );
}

/**
 * Focuses a field and pastes the text: one change event instead of one per key keeps the tests quick
 * (and focusing rather than clicking keeps a combobox from first listing all 250 countries).
 */
export async function enter(user: { paste: (text: string) => Promise<void> }, el: HTMLElement, text: string) {
  act(() => el.focus());
  await user.paste(text);
}
