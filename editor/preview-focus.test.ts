// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest';
import { focusField } from './preview-focus.ts';

afterEach(() => {
  document.body.innerHTML = '';
});

describe('click to edit: the cursor goes to the named field', () => {
  it('opens the folded list items around the field and focuses it', async () => {
    document.body.innerHTML = `
      <fieldset id="sw-block_cards">
        <details id="sw-block_cards_1"><summary>Card 2</summary>
          <details id="sw-block_cards_1_link"><summary>Link</summary>
            <input id="sw-block_cards_1_link_label" />
          </details>
        </details>
      </fieldset>`;
    expect(await focusField('sw-block', ['cards', '1', 'link', 'label'])).toBe(true);
    expect(document.activeElement?.id).toBe('sw-block_cards_1_link_label');
    for (const d of document.querySelectorAll('details')) expect(d.open).toBe(true);
  });

  it('presses the button that unfolds an item whose fields are drawn only when open', async () => {
    document.body.innerHTML = `
      <div id="sw-block_actions">
        <button type="button" aria-expanded="false" aria-controls="sw-block_actions_0">Button 1</button>
        <div id="sw-block_actions_0"></div>
      </div>`;
    const toggle = document.querySelector('button')!;
    toggle.addEventListener('click', () => {
      toggle.setAttribute('aria-expanded', 'true');
      document.getElementById('sw-block_actions_0')!.innerHTML = '<input id="sw-block_actions_0_label" />';
    });
    expect(await focusField('sw-block', ['actions', '0', 'label'])).toBe(true);
    expect(document.activeElement?.id).toBe('sw-block_actions_0_label');
  });

  it('waits for the form of the newly selected section to replace the old one', async () => {
    document.body.innerHTML = '<div id="form"><input id="sw-block_heading" data-old /></div>';
    const done = focusField('sw-block', ['heading']);
    // The old section's form had a Heading too; the new one replaces it right after the click.
    document.getElementById('form')!.innerHTML = '<input id="sw-block_heading" data-new />';
    expect(await done).toBe(true);
    expect(document.activeElement?.hasAttribute('data-new')).toBe(true);
  });

  it('gives up when the field never appears', async () => {
    expect(await focusField('sw-block', ['nowhere'], 3)).toBe(false);
  });
});
