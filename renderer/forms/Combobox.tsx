import { useEffect, useId, useLayoutEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { exactCountry, findCountry, searchCountries, type Country } from './countries.ts';
import styles from './forms.module.css';

export interface CountryComboboxProps {
  /**
   * id of the text box, which the field's <label for> points at; also its name, under which the browser sends the
   * country as typed when it posts the form itself (no JavaScript).
   */
  id: string;
  /** ISO code or undefined. */
  value: string | undefined;
  onChange: (code: string | undefined) => void;
  onBlur?: () => void;
  onFocus?: () => void;
  /** Text shown in the box for the chosen country, e.g. its name or "CA +1". */
  display: (c: Country) => string;
  /** Also match dial codes ("+44", "44"). */
  dial?: boolean;
  placeholder?: string;
  required?: boolean;
  invalid?: boolean;
  describedBy?: string;
  disabled?: boolean;
  /** Accessible name of the popup list, e.g. "Countries". */
  listLabel: string;
  className?: string;
  /** Decoration before the text box (the chosen country's flag). */
  prefix?: ReactNode;
}

/**
 * Editable combobox with list autocomplete (WAI-ARIA Authoring Practices, "Combobox" pattern): focus stays
 * in the text box, the highlighted option is announced through aria-activedescendant, Down/Up move, Enter
 * picks, Escape closes, typing filters. Leaving the box keeps a country only if one was picked or typed exactly.
 */
export function CountryCombobox({
  id,
  value,
  onChange,
  onBlur,
  onFocus,
  display,
  dial,
  placeholder,
  required,
  invalid,
  describedBy,
  disabled,
  listLabel,
  className,
  prefix,
}: CountryComboboxProps) {
  const listId = useId();
  const selected = findCountry(value);
  const [query, setQuery] = useState<string | null>(null);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listRef = useRef<HTMLUListElement>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const options = useMemo(() => searchCountries(query ?? '', { dial }), [query, dial]);
  const optionId = (i: number) => `${listId}-o${i}`;

  // optionId only joins the list's id, which never changes for this field.
  useEffect(() => {
    if (!open || active < 0) return;
    // Keep the highlighted option visible while arrowing through a long list.
    document.getElementById(optionId(active))?.scrollIntoView?.({ block: 'nearest' });
  }, [open, active]); // eslint-disable-line react-hooks/exhaustive-deps

  useLayoutEffect(() => {
    const input = inputRef.current;
    // Hydrated over server markup the visitor is typing into (inline forms hydrate on first use): keep their
    // text as the search, with the list open as typing would have left it.
    if (input && input === document.activeElement && input.value !== input.defaultValue) {
      setQuery(input.value);
      setOpen(true);
      setActive(input.value ? 0 : -1);
    }
  }, []);

  const openList = (at?: number) => {
    setOpen(true);
    const current = selected && query === null ? options.findIndex((c) => c.code === selected.code) : -1;
    setActive(at ?? (current >= 0 ? current : 0));
  };
  const close = () => {
    setOpen(false);
    setActive(-1);
  };
  const pick = (c: Country) => {
    onChange(c.code);
    setQuery(null);
    close();
  };

  return (
    <div className={`${styles.combo} ${className ?? ''}`}>
      <div className={`${styles['combo-box']} ${invalid ? styles.invalid : ''}`}>
        {prefix}
        <input
          ref={inputRef}
          id={id}
          name={id}
          type="text"
          role="combobox"
          className={styles['combo-input']}
          aria-autocomplete="list"
          aria-expanded={open}
          aria-controls={listId}
          aria-activedescendant={open && active >= 0 && options[active] ? optionId(active) : undefined}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy || undefined}
          aria-required={required || undefined}
          autoComplete="off"
          spellCheck={false}
          placeholder={placeholder}
          disabled={disabled}
          value={query ?? (selected ? display(selected) : '')}
          onFocus={onFocus}
          onClick={() => (open ? close() : openList())}
          onChange={(e) => {
            setQuery(e.target.value);
            setOpen(true);
            setActive(e.target.value ? 0 : -1);
          }}
          onKeyDown={(e) => {
            if (e.key === 'ArrowDown') {
              e.preventDefault();
              if (!open || e.altKey) openList();
              else setActive((i) => Math.min(i + 1, options.length - 1));
            } else if (e.key === 'ArrowUp') {
              e.preventDefault();
              if (!open) openList(options.length - 1);
              else setActive((i) => Math.max(i - 1, 0));
            } else if (e.key === 'Enter') {
              // Picking from the open list must not also submit the form.
              if (open && options[active]) {
                e.preventDefault();
                pick(options[active]);
              }
            } else if (e.key === 'Escape') {
              if (open) {
                e.preventDefault();
                // Inside a dialog, the first Escape only closes the list.
                e.stopPropagation();
                close();
                setQuery(null);
              }
            }
          }}
          onBlur={() => {
            if (query !== null) {
              if (query.trim() === '') onChange(undefined);
              else {
                const typed = exactCountry(query) ?? (open && options.length === 1 ? options[0] : undefined);
                if (typed) onChange(typed.code);
              }
              setQuery(null);
            }
            close();
            onBlur?.();
          }}
        />
        <span className={styles['combo-caret']} aria-hidden="true" />
      </div>
      <ul ref={listRef} id={listId} role="listbox" aria-label={listLabel} className={styles['combo-list']} hidden={!open || options.length === 0}>
        {open &&
          options.map((c, i) => (
            <li
              key={c.code}
              id={optionId(i)}
              role="option"
              aria-selected={c.code === selected?.code}
              className={`${styles['combo-option']} ${i === active ? styles['combo-active'] : ''}`}
              // Keeps focus (and so the open list) in the text box while the pointer picks.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(c)}
            >
              <span className={styles.flag} aria-hidden="true">
                {c.flag}
              </span>
              <span className={styles['combo-name']}>{c.name}</span>
              {dial && <span className={styles['combo-dial']}>+{c.dialCode}</span>}
            </li>
          ))}
      </ul>
      {open && options.length === 0 && (
        <p className={styles['combo-empty']} role="status">
          No country matches “{query}”.
        </p>
      )}
    </div>
  );
}
