import { useCallback, useEffect, useRef, useState, type KeyboardEvent as ReactKeyboardEvent, type MouseEvent as ReactMouseEvent } from 'react';
import { useLocation } from 'react-router';
import type { MenuItem, PageHeader } from '../generated/config-types.ts';
import { isGroup, resolveHeader } from './header-config.ts';
import { resolveHref } from '../lib/href.ts';
import { lockScroll } from '../lib/scroll-lock.ts';
import { useSite } from '../lib/site-context.tsx';
import { ButtonLink } from '../ui/Button.tsx';
import { Icon } from '../ui/Icon.tsx';
import { SmartLink } from '../ui/SmartLink.tsx';
import { Logo } from './Logo.tsx';
import styles from './Header.module.css';

/** A dropdown's id from site.json: its panel is #menu-<id>. */
type MenuId = string;

export const MOBILE_MENU_ID = 'site-menu';
/** Below this width the items move into the full-screen menu behind the hamburger (matches Header.module.css). */
export const DESKTOP_QUERY = '(min-width: 1024px)';

function Chevron() {
  return (
    <svg className={styles.chevron} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

function MenuToggleIcon({ open }: { open: boolean }) {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path d={open ? 'M6 6l12 12M18 6L6 18' : 'M4 7h16M4 12h16M4 17h16'} fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

function isDesktop(): boolean {
  return typeof window.matchMedia !== 'function' || window.matchMedia(DESKTOP_QUERY).matches;
}

function focusableLinks(root: HTMLElement | null): HTMLAnchorElement[] {
  return root ? [...root.querySelectorAll<HTMLAnchorElement>('a[href]')] : [];
}

interface DropdownProps {
  id: MenuId;
  label: string;
  items: MenuItem[];
  open: boolean;
  wide?: boolean;
  currentPath: string;
  onToggle: (id: MenuId) => void;
  onClose: (opts?: { focusButton?: boolean }) => void;
  register: (id: MenuId, root: HTMLLIElement | null, button: HTMLButtonElement | null) => void;
}

/**
 * WAI-ARIA disclosure navigation: a button with aria-expanded/aria-controls shows or hides a list of links.
 * Escape, outside clicks and route changes are handled by the Header, which owns which menu is open.
 */
function Dropdown({ id, label, items, open, wide = false, currentPath, onToggle, onClose, register }: DropdownProps) {
  const rootRef = useRef<HTMLLIElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelId = `menu-${id}`;

  useEffect(() => {
    register(id, rootRef.current, buttonRef.current);
    return () => register(id, null, null);
  }, [id, register]);

  const onKeyDown = (e: ReactKeyboardEvent<HTMLLIElement>) => {
    // Optional arrow-key support from the APG example: move between the button and the links of this menu.
    if (!['ArrowDown', 'ArrowUp', 'Home', 'End'].includes(e.key)) return;
    const links = focusableLinks(rootRef.current?.querySelector(`#${panelId}`) ?? null);
    const onButton = e.target === buttonRef.current;
    if (onButton) {
      if (e.key !== 'ArrowDown') return;
      e.preventDefault();
      if (!open) onToggle(id);
      // The list renders hidden until the state change lands; focus it on the next frame.
      requestAnimationFrame(() => focusableLinks(rootRef.current?.querySelector(`#${panelId}`) ?? null)[0]?.focus());
      return;
    }
    const index = links.indexOf(e.target as HTMLAnchorElement);
    if (index === -1) return;
    e.preventDefault();
    const next =
      e.key === 'Home'
        ? 0
        : e.key === 'End'
          ? links.length - 1
          : e.key === 'ArrowDown'
            ? (index + 1) % links.length
            : (index - 1 + links.length) % links.length;
    links[next]?.focus();
  };

  return (
    <li
      ref={rootRef}
      className={`${styles.item} ${styles.dropdown}`}
      data-open={open || undefined}
      onKeyDown={onKeyDown}
      onBlur={(e) => {
        // Tabbing out of an open dropdown closes it (as in the APG example); a blur to nowhere (window switch) does not.
        // Not in the mobile menu, where groups are inline: collapsing on mousedown would move the link being tapped.
        const next = e.relatedTarget;
        if (open && next instanceof Node && !e.currentTarget.contains(next) && isDesktop()) onClose();
      }}
    >
      <button ref={buttonRef} type="button" className={styles.trigger} aria-expanded={open} aria-controls={panelId} onClick={() => onToggle(id)}>
        {label}
        <Chevron />
      </button>
      <div id={panelId} className={`${styles.panel} ${wide ? styles['panel-wide'] : ''}`} hidden={!open}>
        <ul className={styles['panel-list']}>
          {items.map((item) => (
            <li key={item.href + item.label}>
              <SmartLink
                to={item.href}
                className={styles['panel-link']}
                aria-current={item.href === currentPath ? 'page' : undefined}
                onClick={() => onClose()}
              >
                {item.icon && (
                  <span className={`${styles.badge} ${styles[`badge-${item.iconColor ?? 'blue'}`]}`}>
                    <Icon name={item.icon} size={20} />
                  </span>
                )}
                <span className={styles['panel-text']}>
                  <span className={styles['panel-label']}>{item.label}</span>
                  {item.description && <span className={styles['panel-desc']}>{item.description}</span>}
                </span>
              </SmartLink>
            </li>
          ))}
        </ul>
      </div>
    </li>
  );
}

export interface HeaderProps {
  /** The page's own header settings: which of site.json's header variants it shows. */
  config?: PageHeader;
  /** Told when the full-screen menu opens or closes, so the layout can make the page behind it inert. */
  onMobileMenuChange?: (open: boolean) => void;
}

/**
 * The sticky top bar. One set of links serves both layouts: from 1024px they sit in
 * the bar with dropdowns; below, the same elements become a full-screen menu behind the hamburger, so the
 * page never carries two copies of each link.
 */
export function Header({ config, onMobileMenuChange }: HeaderProps) {
  const site = useSite();
  const { items, secondary, actions } = resolveHeader(site.header, config?.variant);
  const location = useLocation();

  const [openMenu, setOpenMenu] = useState<MenuId | null>(null);
  const [mobileOpen, setMobileOpen] = useState(false);
  const menus = useRef(new Map<MenuId, { root: HTMLLIElement; button: HTMLButtonElement }>());
  const toggleRef = useRef<HTMLButtonElement>(null);
  const anyOpen = openMenu !== null || mobileOpen;

  // Every navigation (even to the same path) closes the menus. Adjusting state during render avoids a closed-then-open flash.
  const [seenKey, setSeenKey] = useState(location.key);
  if (seenKey !== location.key) {
    setSeenKey(location.key);
    setOpenMenu(null);
    setMobileOpen(false);
  }

  const register = useCallback((id: MenuId, root: HTMLLIElement | null, button: HTMLButtonElement | null) => {
    if (root && button) menus.current.set(id, { root, button });
    else menus.current.delete(id);
  }, []);

  const toggle = useCallback((id: MenuId) => setOpenMenu((current) => (current === id ? null : id)), []);

  const closeMenu = useCallback(
    (opts: { focusButton?: boolean } = {}) => {
      if (opts.focusButton && openMenu) menus.current.get(openMenu)?.button.focus();
      setOpenMenu(null);
    },
    [openMenu],
  );

  // Page scrolling is locked while any menu is open.
  useEffect(() => (anyOpen ? lockScroll() : undefined), [anyOpen]);

  useEffect(() => onMobileMenuChange?.(mobileOpen), [mobileOpen, onMobileMenuChange]);

  useEffect(() => {
    // The page behind the full-screen menu is inert, so focus starts inside the menu rather than on a toggle that Tab would leave.
    if (mobileOpen) document.getElementById(MOBILE_MENU_ID)?.querySelector<HTMLElement>('a[href], button')?.focus();
  }, [mobileOpen]);

  useEffect(() => {
    if (!anyOpen) return;
    const onKey = (e: KeyboardEvent) => {
      if (e.key !== 'Escape') return;
      // The innermost layer closes first: an open dropdown (also inside the mobile menu), then the mobile menu.
      if (openMenu) {
        e.preventDefault();
        menus.current.get(openMenu)?.button.focus();
        setOpenMenu(null);
      } else if (mobileOpen) {
        e.preventDefault();
        setMobileOpen(false);
        toggleRef.current?.focus();
      }
    };
    const onClick = (e: MouseEvent) => {
      if (!openMenu || !(e.target instanceof Node)) return;
      // A click on either menu is theirs to handle (the other button opens its own menu, closing this one).
      // Click rather than pointerdown: collapsing a group on pointerdown would move the tapped link away in the mobile menu.
      const target = e.target;
      if (![...menus.current.values()].some((m) => m.root.contains(target))) setOpenMenu(null);
    };
    document.addEventListener('keydown', onKey);
    document.addEventListener('click', onClick);
    return () => {
      document.removeEventListener('keydown', onKey);
      document.removeEventListener('click', onClick);
    };
  }, [anyOpen, openMenu, mobileOpen]);

  useEffect(() => {
    if (!mobileOpen || typeof window.matchMedia !== 'function') return;
    // Growing past the breakpoint turns the full-screen menu back into the bar: release it.
    const query = window.matchMedia(DESKTOP_QUERY);
    const onChange = () => query.matches && setMobileOpen(false);
    onChange();
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, [mobileOpen]);

  const current = location.pathname;
  const isCurrent = (href: string) => {
    const r = resolveHref(href, site);
    return r.internal && r.href === current ? ('page' as const) : undefined;
  };
  // Choosing any link inside the menus closes them, including a link to the page already shown.
  const closeAllOnLink = (e: ReactMouseEvent) => {
    if (e.target instanceof Element && e.target.closest('a')) {
      setOpenMenu(null);
      setMobileOpen(false);
    }
  };

  return (
    <header className={styles.header} data-menu-open={mobileOpen || undefined}>
      <div className={`container ${styles.bar}`}>
        <Logo onClick={() => setMobileOpen(false)} />
        <div id={MOBILE_MENU_ID} className={styles.menu} data-open={mobileOpen || undefined} onClick={closeAllOnLink}>
          <nav aria-label="Main" className={styles.nav}>
            <ul className={styles.list}>
              {items.map((item) =>
                isGroup(item) ? (
                  <Dropdown
                    key={item.id}
                    id={item.id}
                    label={item.label}
                    items={item.links}
                    wide={item.wide}
                    open={openMenu === item.id}
                    currentPath={current}
                    onToggle={toggle}
                    onClose={closeMenu}
                    register={register}
                  />
                ) : (
                  <li key={item.id} className={item.mobileOnly ? `${styles.item} ${styles['mobile-only']}` : styles.item}>
                    <SmartLink to={item.href} className={styles.link} aria-current={isCurrent(item.href)}>
                      {item.label}
                    </SmartLink>
                  </li>
                ),
              )}
            </ul>
          </nav>
          {secondary.length > 0 && (
            <ul className={styles.secondary}>
              {secondary.map((link) => (
                <li key={link.id}>
                  <SmartLink to={link.href} className={styles.link} aria-current={isCurrent(link.href)}>
                    {link.label}
                  </SmartLink>
                </li>
              ))}
            </ul>
          )}
        </div>
        <div className={styles.end}>
          {actions.map((action) => (
            <ButtonLink key={action.id} to={action.href} variant={action.style ?? 'primary'} className={styles.signup}>
              {action.label}
            </ButtonLink>
          ))}
          <button
            ref={toggleRef}
            type="button"
            className={styles.toggle}
            aria-expanded={mobileOpen}
            aria-controls={MOBILE_MENU_ID}
            aria-label={mobileOpen ? 'Close menu' : 'Open menu'}
            onClick={() => {
              setOpenMenu(null);
              setMobileOpen((o) => !o);
            }}
          >
            <MenuToggleIcon open={mobileOpen} />
          </button>
        </div>
      </div>
    </header>
  );
}
