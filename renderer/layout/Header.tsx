import { useLocation } from 'react-router';
import type { MenuItem, PageHeader } from '../generated/config-types.ts';
import { isGroup, resolveHeader } from './header-config.ts';
import { resolveHref } from '../lib/href.ts';
import { useSite } from '../lib/site-context.tsx';
import { DROPDOWN_ATTR, MOBILE_MENU_ID, SITE_HEADER_ATTR } from '../shell/markup.ts';
import { ButtonLink } from '../ui/Button.tsx';
import { Icon } from '../ui/Icon.tsx';
import { SmartLink } from '../ui/SmartLink.tsx';
import { Logo } from './Logo.tsx';
import styles from './Header.module.css';

function Chevron() {
  return (
    <svg className={styles.chevron} viewBox="0 0 24 24" width="16" height="16" aria-hidden="true" focusable="false">
      <path d="M6 9l6 6 6-6" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
    </svg>
  );
}

/** Both glyphs are drawn; the stylesheet shows the cross while the menu is open, so no script picks one. */
function MenuToggleIcon() {
  return (
    <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
      <path className={styles['icon-open']} d="M4 7h16M4 12h16M4 17h16" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
      <path className={styles['icon-close']} d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

interface DropdownProps {
  /** A dropdown's id from site.json: its panel is #menu-<id>. */
  id: string;
  label: string;
  items: MenuItem[];
  wide?: boolean;
  currentPath: string;
}

/**
 * WAI-ARIA disclosure navigation on the platform: the button toggles its panel as a popover, which closes on
 * Escape and outside clicks by itself; the shell script keeps aria-expanded in step and adds the arrow keys.
 */
function Dropdown({ id, label, items, wide = false, currentPath }: DropdownProps) {
  const panelId = `menu-${id}`;
  return (
    <li className={styles.item} {...{ [DROPDOWN_ATTR]: '' }}>
      <button type="button" className={styles.trigger} aria-controls={panelId} popoverTarget={panelId}>
        {label}
        <Chevron />
      </button>
      <div id={panelId} className={`${styles.panel} ${wide ? styles['panel-wide'] : ''}`} popover="auto">
        <ul className={styles['panel-list']}>
          {items.map((item) => (
            <li key={item.href + item.label}>
              <SmartLink to={item.href} className={styles['panel-link']} aria-current={item.href === currentPath ? 'page' : undefined}>
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
}

/**
 * The sticky top bar. One set of links serves both layouts: from 1024px they sit in the bar with dropdowns;
 * below, the same element is a full-screen popover behind the hamburger, so the page never carries two copies
 * of each link. Pure markup: it is never hydrated, and renderer/shell/ adds what the platform lacks.
 */
export function Header({ config }: HeaderProps) {
  const site = useSite();
  const { items, secondary, actions } = resolveHeader(site.header, config?.variant);
  const current = useLocation().pathname;
  const isCurrent = (href: string) => {
    const r = resolveHref(href, site);
    return r.internal && r.href === current ? ('page' as const) : undefined;
  };

  return (
    <header className={styles.header} {...{ [SITE_HEADER_ATTR]: '' }}>
      <div className={`container ${styles.bar}`}>
        <Logo />
        <div id={MOBILE_MENU_ID} className={styles.menu} popover="auto">
          <div className={styles['menu-body']}>
            <nav aria-label="Main" className={styles.nav}>
              <ul className={styles.list}>
                {items.map((item) =>
                  isGroup(item) ? (
                    <Dropdown key={item.id} id={item.id} label={item.label} items={item.links} wide={item.wide} currentPath={current} />
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
        </div>
        <div className={styles.end}>
          {actions.map((action) => (
            <ButtonLink key={action.id} to={action.href} variant={action.style ?? 'primary'} className={styles.signup}>
              {action.label}
            </ButtonLink>
          ))}
          <button type="button" className={styles.toggle} aria-controls={MOBILE_MENU_ID} aria-label="Open menu" popoverTarget={MOBILE_MENU_ID}>
            <MenuToggleIcon />
          </button>
        </div>
      </div>
    </header>
  );
}
