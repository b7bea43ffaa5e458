/** The open page's sections as a listbox: select, move (Alt+Arrow keys, buttons, drag and drop), duplicate, copy, paste, delete. */
import { DragDropProvider } from '@dnd-kit/react';
import { isSortable, useSortable } from '@dnd-kit/react/sortable';
import { Accessibility, PointerActivationConstraints, PointerSensor } from '@dnd-kit/dom';
import { memo, useDeferredValue, useRef, type KeyboardEvent } from 'react';
import type { Block } from './ops.ts';
import { humanise, sectionName } from './pointer.ts';
import { editorStore, useEditor } from './store.ts';

export function blockTitle(block: Block): string {
  return humanise(block.type);
}

/** A few words of the block's own content, so two sections of one type can be told apart. */
export function blockSummary(block: Block): string {
  for (const key of ['heading', 'title', 'eyebrow', 'set', 'form', 'source', 'text']) {
    const v = block[key];
    if (typeof v === 'string' && v.trim()) return v.length > 48 ? `${v.slice(0, 47)}…` : v;
  }
  return '';
}

/** Memoised: typing into one section re-renders only that section's entry, which matters on a 200-section page. */
const Item = memo(function Item({ block, index, selected, problems }: { block: Block; index: number; selected: boolean; problems: number }) {
  const { ref } = useSortable({ id: `${index}-${block.type}`, index });
  const summary = blockSummary(block);
  return (
    <li
      ref={ref}
      role="option"
      id={`sw-outline-${index}`}
      aria-selected={selected}
      className={selected ? 'sw-option sw-option--selected' : 'sw-option'}
      onClick={() => editorStore.getState().select(index)}
      data-index={index}
    >
      <span className="sw-option__name">{sectionName(index, blockTitle(block))}</span>
      {problems > 0 && (
        <span className="sw-badge">
          {problems} problem{problems > 1 ? 's' : ''}
        </span>
      )}
      <span className="sw-option__summary">{summary}</span>
    </li>
  );
});

/**
 * A mouse or pen starts a drag only once it moves: dnd-kit's default also starts one after a press held still for
 * 200 ms, which turned a slow click into a drag that went nowhere and lost the click. A finger still drags after a
 * short hold, so that a swipe scrolls the outline.
 */
const sensors = [
  PointerSensor.configure({
    activationConstraints: (event: PointerEvent) =>
      event.pointerType === 'touch'
        ? [new PointerActivationConstraints.Delay({ value: 250, tolerance: 5 })]
        : [new PointerActivationConstraints.Distance({ value: 5 })],
  }),
];

export function Outline({ blocks: current, problems, announce }: { blocks: Block[]; problems: Record<number, number>; announce: (t: string) => void }) {
  // Typing into a field re-renders the outline after the field and the preview, never in their way.
  const blocks = useDeferredValue(current);
  const selected = useEditor((s) => s.selected);
  const clipboard = useEditor((s) => s.clipboard);
  const list = useRef<HTMLUListElement>(null);
  const st = () => editorStore.getState();
  const name = (i: number) => (blocks[i] ? sectionName(i, blockTitle(blocks[i])) : '');

  const move = (from: number, to: number) => {
    if (to < 0 || to >= blocks.length || from === to) return;
    const label = blockTitle(blocks[from]);
    st().move(from, to);
    announce(`Moved ${label} to position ${to + 1} of ${blocks.length}.`);
  };
  const actions = {
    up: () => selected !== null && move(selected, selected - 1),
    down: () => selected !== null && move(selected, selected + 1),
    duplicate: () => {
      if (selected === null) return;
      st().duplicate(selected);
      announce(`Duplicated ${name(selected)}.`);
    },
    copy: () => {
      if (selected === null) return;
      st().copy(selected);
      announce(`Copied ${name(selected)}. Open another page and choose Paste.`);
    },
    paste: () => {
      if (st().paste()) announce(`Pasted ${clipboard ? blockTitle(clipboard) : 'the section'}.`);
    },
    remove: () => {
      if (selected === null) return;
      const label = name(selected);
      st().remove(selected);
      announce(`Deleted ${label}. Undo brings it back.`);
      list.current?.focus();
    },
  };

  const onKeyDown = (e: KeyboardEvent) => {
    const mod = e.ctrlKey || e.metaKey;
    const at = selected ?? -1;
    let handled = true;
    if (e.altKey && e.key === 'ArrowUp') actions.up();
    else if (e.altKey && e.key === 'ArrowDown') actions.down();
    else if (e.key === 'ArrowUp') st().select(Math.max(0, at - 1));
    else if (e.key === 'ArrowDown') st().select(Math.min(blocks.length - 1, at + 1));
    else if (e.key === 'Home') st().select(0);
    else if (e.key === 'End') st().select(blocks.length - 1);
    else if (e.key === 'Delete') actions.remove();
    else if (mod && e.key.toLowerCase() === 'd') actions.duplicate();
    else if (mod && e.key.toLowerCase() === 'c') actions.copy();
    else if (mod && e.key.toLowerCase() === 'v') actions.paste();
    else if (e.key === 'Enter') document.querySelector<HTMLElement>('#sw-fields input:not([type=hidden]), #sw-fields select, #sw-fields textarea')?.focus();
    else handled = false;
    if (handled) {
      e.preventDefault();
      e.stopPropagation();
    }
  };

  const none = selected === null;
  return (
    <section className="sw-outline" aria-labelledby="sw-outline-title">
      <h2 id="sw-outline-title" className="sw-pane-title">
        Sections
      </h2>
      <div role="toolbar" aria-label="Selected section" className="sw-toolbar">
        <button type="button" className="sw-button" disabled={none || selected === 0} onClick={actions.up} aria-keyshortcuts="Alt+ArrowUp">
          Move up
        </button>
        <button type="button" className="sw-button" disabled={none || selected === blocks.length - 1} onClick={actions.down} aria-keyshortcuts="Alt+ArrowDown">
          Move down
        </button>
        <button type="button" className="sw-button" disabled={none} onClick={actions.duplicate} aria-keyshortcuts="Control+D">
          Duplicate
        </button>
        <button type="button" className="sw-button" disabled={none} onClick={actions.copy} aria-keyshortcuts="Control+C">
          Copy
        </button>
        <button type="button" className="sw-button" disabled={!clipboard} onClick={actions.paste} aria-keyshortcuts="Control+V">
          Paste
        </button>
        <button type="button" className="sw-button sw-button--danger" disabled={none} onClick={actions.remove} aria-keyshortcuts="Delete">
          Delete
        </button>
      </div>
      {blocks.length === 0 ? (
        <p className="sw-help">No sections yet. Choose “Add section”.</p>
      ) : (
        <DragDropProvider
          sensors={sensors}
          plugins={(defaults) => defaults.filter((p) => p !== Accessibility)}
          onDragEnd={(event) => {
            if (event.canceled) return;
            const source = event.operation.source;
            if (isSortable(source) && source.initialIndex !== source.index) move(source.initialIndex, source.index);
          }}
        >
          <ul
            ref={list}
            role="listbox"
            aria-labelledby="sw-outline-title"
            aria-describedby="sw-outline-keys"
            tabIndex={0}
            className="sw-listbox"
            aria-activedescendant={selected !== null && blocks[selected] ? `sw-outline-${selected}` : undefined}
            onKeyDown={onKeyDown}
            // Reached by the keyboard with nothing chosen, the first section is chosen (as a listbox does); a click
            // chooses the section clicked, without first drawing the first one's fields while the button is down.
            onFocus={(e) => selected === null && blocks.length > 0 && e.currentTarget.matches(':focus-visible') && st().select(0)}
          >
            {blocks.map((b, i) => (
              <Item key={`${i}-${b.type}`} block={b} index={i} selected={selected === i} problems={problems[i] ?? 0} />
            ))}
          </ul>
        </DragDropProvider>
      )}
      <p id="sw-outline-keys" className="sw-help sw-small">
        Arrow keys choose a section; Alt+Arrow moves it; Delete removes it; Ctrl+D duplicates; Ctrl+C and Ctrl+V copy and paste. You can also drag sections.
      </p>
    </section>
  );
}
