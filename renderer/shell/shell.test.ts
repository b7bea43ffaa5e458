import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { controlled, initShell, nextIndex, setDisclosure, upgradeAccordions } from './shell.ts';

/*
 * jsdom has no popover: these tests fire the popover's toggle events themselves and check what the shell does
 * with them. Opening, closing, light dismiss and Escape are the browser's (tests/e2e/shell.spec.ts).
 */
const HEADER = `
  <header data-site-header>
    <a href="/">Home</a>
    <div id="site-menu" popover>
      <ul>
        <li data-dropdown>
          <button type="button" aria-expanded="false" aria-controls="menu-a" popovertarget="menu-a">A</button>
          <div id="menu-a" popover><a href="/one">One</a><a href="/two">Two</a><a href="/three">Three</a></div>
        </li>
        <li><a href="/plain">Plain</a></li>
      </ul>
    </div>
    <button type="button" aria-label="Open menu" aria-expanded="false" aria-controls="site-menu" popovertarget="site-menu">≡</button>
  </header>
  <main data-behind-menu><p>Page</p></main>
  <footer data-behind-menu></footer>`;

function fireToggle(target: Element, type: 'beforetoggle' | 'toggle', newState: 'open' | 'closed') {
  target.dispatchEvent(Object.assign(new Event(type), { newState, oldState: newState === 'open' ? 'closed' : 'open' }));
}

const $ = <T extends Element = HTMLElement>(selector: string) => document.querySelector<T>(selector)!;
const locked = () => document.body.classList.contains('scroll-locked');

function setPhone(phone: boolean) {
  window.matchMedia = ((query: string) => ({
    matches: !phone,
    media: query,
    addEventListener() {},
    removeEventListener() {},
  })) as unknown as typeof window.matchMedia;
}

describe('pure helpers', () => {
  it('nextIndex wraps with the arrows and jumps with Home and End', () => {
    expect(nextIndex('ArrowDown', 0, 3)).toBe(1);
    expect(nextIndex('ArrowDown', 2, 3)).toBe(0);
    expect(nextIndex('ArrowUp', 0, 3)).toBe(2);
    expect(nextIndex('Home', 2, 3)).toBe(0);
    expect(nextIndex('End', 0, 3)).toBe(2);
  });

  it('setDisclosure shows and hides every controlled element and says so; missing ids are skipped', () => {
    document.body.innerHTML = '<button aria-controls="r1 r2 gone" aria-expanded="false"></button><p id="r1" hidden></p><p id="r2" hidden></p>';
    const button = $('button');
    expect(controlled(button).map((el) => el.id)).toEqual(['r1', 'r2']);
    setDisclosure(button, true);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect([$('#r1').hidden, $('#r2').hidden]).toEqual([false, false]);
    setDisclosure(button, false);
    expect([$('#r1').hidden, $('#r2').hidden]).toEqual([true, true]);
  });

  it('upgradeAccordions makes each summary a button controlling its answer, expanded as its details', () => {
    document.body.innerHTML = `
      <details data-accordion><summary id="q1"><h3>Q1</h3></summary><div id="a1" role="region" aria-labelledby="q1">A1</div></details>
      <details data-accordion open><summary id="q2"><h3>Q2</h3></summary><div id="a2" role="region" aria-labelledby="q2">A2</div></details>
      <details><summary id="other">Not an accordion</summary></details>`;
    upgradeAccordions(document);
    expect([$('#q1').getAttribute('role'), $('#q1').getAttribute('aria-controls'), $('#q1').getAttribute('aria-expanded')]).toEqual(['button', 'a1', 'false']);
    expect($('#q2').getAttribute('aria-expanded')).toBe('true');
    expect($('#other').hasAttribute('role')).toBe(false);
  });
});

describe('initShell', () => {
  let stop: () => void = () => undefined;
  beforeEach(() => {
    document.body.innerHTML = HEADER;
    setPhone(false);
    stop = initShell(document);
  });
  afterEach(() => {
    stop();
    document.body.innerHTML = '';
  });

  it('a dropdown popover opening or closing updates its button and the scroll lock at once', () => {
    const button = $('[popovertarget="menu-a"]');
    fireToggle($('#menu-a'), 'beforetoggle', 'open');
    expect(button.getAttribute('aria-expanded')).toBe('true');
    expect(locked()).toBe(true);
    fireToggle($('#menu-a'), 'beforetoggle', 'closed');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(locked()).toBe(false);
  });

  it('the phone menu opening relabels the hamburger, makes the page inert and locks scroll; closing undoes it all', () => {
    const toggle = $('[popovertarget="site-menu"]');
    fireToggle($('#site-menu'), 'beforetoggle', 'open');
    expect([toggle.getAttribute('aria-label'), toggle.getAttribute('aria-expanded')]).toEqual(['Close menu', 'true']);
    expect([$('main').inert, $('footer').inert]).toEqual([true, true]);
    expect(locked()).toBe(true);
    fireToggle($('#site-menu'), 'toggle', 'open');
    // Focus starts inside the menu.
    expect($('#site-menu').contains(document.activeElement)).toBe(true);
    fireToggle($('#site-menu'), 'beforetoggle', 'closed');
    fireToggle($('#site-menu'), 'toggle', 'closed');
    expect([toggle.getAttribute('aria-label'), toggle.getAttribute('aria-expanded')]).toEqual(['Open menu', 'false']);
    expect([$('main').inert, $('footer').inert]).toEqual([false, false]);
    expect(locked()).toBe(false);
    expect(document.activeElement).toBe(toggle);
  });

  it('the lock holds until the last open menu closes', () => {
    fireToggle($('#site-menu'), 'beforetoggle', 'open');
    fireToggle($('#menu-a'), 'beforetoggle', 'open');
    fireToggle($('#menu-a'), 'beforetoggle', 'closed');
    expect(locked()).toBe(true);
    fireToggle($('#site-menu'), 'beforetoggle', 'closed');
    expect(locked()).toBe(false);
  });

  it('ArrowDown, ArrowUp, Home and End move among a dropdown’s links', () => {
    const links = [...document.querySelectorAll<HTMLAnchorElement>('#menu-a a')];
    links[0].focus();
    const press = (key: string) => document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key, bubbles: true, cancelable: true }));
    press('ArrowDown');
    expect(document.activeElement).toBe(links[1]);
    press('End');
    expect(document.activeElement).toBe(links[2]);
    press('ArrowDown');
    expect(document.activeElement).toBe(links[0]);
    press('ArrowUp');
    expect(document.activeElement).toBe(links[2]);
    press('Home');
    expect(document.activeElement).toBe(links[0]);
  });

  it('on a phone a group opens in place instead of as a popover, and Escape closes it first', () => {
    stop();
    setPhone(true);
    stop = initShell(document);
    const button = $<HTMLButtonElement>('[popovertarget="menu-a"]');
    const click = new MouseEvent('click', { bubbles: true, cancelable: true });
    button.dispatchEvent(click);
    // Cancelling the click keeps the platform from opening the popover over the links below.
    expect(click.defaultPrevented).toBe(true);
    expect(button.getAttribute('aria-expanded')).toBe('true');
    $('#menu-a a').focus();
    const escape = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true, cancelable: true });
    document.activeElement!.dispatchEvent(escape);
    expect(escape.defaultPrevented).toBe(true);
    expect(button.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(button);
  });

  it('a comparison disclosure button toggles the rows it controls', () => {
    document.body.insertAdjacentHTML('beforeend', '<button data-disclosure aria-expanded="false" aria-controls="row"></button><p id="row" hidden></p>');
    $('[data-disclosure]').click();
    expect($('#row').hidden).toBe(false);
    $('[data-disclosure]').click();
    expect($('#row').hidden).toBe(true);
  });

  it('accordions added later are upgraded as they arrive on a page drawn in the browser (no header at first)', async () => {
    stop();
    document.body.innerHTML = '';
    stop = initShell(document);
    document.body.insertAdjacentHTML('beforeend', '<details data-accordion><summary id="late">Q</summary><div id="late-a">A</div></details>');
    await new Promise((r) => setTimeout(r));
    expect($('#late').getAttribute('role')).toBe('button');
    expect($('#late').getAttribute('aria-controls')).toBe('late-a');
  });

  it('gives popover buttons the aria-expanded their markup may not carry, and keeps it in step', () => {
    stop();
    document.body.innerHTML = `<header data-site-header><button popovertarget="p">P</button><div id="p" popover="auto"></div></header>`;
    stop = initShell(document);
    const button = $('button');
    expect(button.getAttribute('aria-expanded')).toBe('false');
    fireToggle($('#p'), 'beforetoggle', 'open');
    expect(button.getAttribute('aria-expanded')).toBe('true');
  });

  it("makes the dropdowns' anchor positioning, linked for browsers with scripts off, apply with script too", () => {
    stop();
    document.head.innerHTML =
      '<link rel="stylesheet" href="/assets/no-script.css" media="(scripting: none)"><link rel="stylesheet" href="/print.css" media="print">';
    document.body.innerHTML = HEADER;
    stop = initShell(document);
    const [anchors, print] = document.head.querySelectorAll('link');
    expect(anchors.media).toBe('');
    expect(print.media).toBe('print');
    document.head.innerHTML = '';
  });
});
