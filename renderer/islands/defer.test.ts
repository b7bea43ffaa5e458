import { afterEach, describe, expect, it, vi } from 'vitest';
import { ISLAND_ATTRIBUTE } from './contract.ts';
import { defer, triggerOf } from './defer.ts';

/** A start the test finishes (or fails) when it chooses. */
function controlledStart() {
  let resolve: () => void = () => undefined;
  let reject: (e: unknown) => void = () => undefined;
  const start = vi.fn(
    () =>
      new Promise<void>((res, rej) => {
        resolve = res;
        reject = rej;
      }),
  );
  return { start, resolve: () => resolve(), reject: (e: unknown) => reject(e) };
}

/** A prerendered island: a form with a text field, an untouched field, a plain button and a submit button. */
function island() {
  const el = document.createElement('div');
  el.setAttribute(ISLAND_ATTRIBUTE, '0');
  el.innerHTML = `
    <form>
      <input name="name" value="">
      <input name="other" value="kept">
      <button type="button">Next</button>
      <button type="submit">Send</button>
    </form>`;
  document.body.append(el);
  const q = <T extends Element>(selector: string) => el.querySelector<T>(selector)!;
  return {
    el,
    form: q<HTMLFormElement>('form'),
    input: q<HTMLInputElement>('input[name="name"]'),
    other: q<HTMLInputElement>('input[name="other"]'),
    button: q<HTMLButtonElement>('button[type="button"]'),
  };
}

const noFail = () => undefined;
const click = (target: Element) => target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));

afterEach(() => {
  document.body.replaceChildren();
  vi.restoreAllMocks();
});

describe('defer with the interaction trigger', () => {
  it.each([
    ['focusin', (t: Element) => t.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))],
    ['pointerdown', (t: Element) => t.dispatchEvent(new Event('pointerdown', { bubbles: true }))],
    ['input', (t: Element) => t.dispatchEvent(new Event('input', { bubbles: true }))],
  ])('does not start before a sign of use, and starts once on %s inside', (_type, act) => {
    const { el, input } = island();
    const outside = document.createElement('button');
    document.body.append(outside);
    const { start } = controlledStart();
    defer(el, 'interaction', start, noFail);
    expect(start).not.toHaveBeenCalled();
    act(outside);
    expect(start).not.toHaveBeenCalled();
    act(input);
    expect(start).toHaveBeenCalledTimes(1);
    act(input);
    expect(start).toHaveBeenCalledTimes(1);
  });

  it('holds a click until the island is live, then replays it once', async () => {
    const { el, button } = island();
    const seen = vi.fn();
    button.addEventListener('click', seen);
    const { start, resolve } = controlledStart();
    const { live } = defer(el, 'interaction', start, noFail);
    const original = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    button.dispatchEvent(original);
    expect(start).toHaveBeenCalledTimes(1);
    expect(seen).not.toHaveBeenCalled();
    expect(original.defaultPrevented).toBe(true);
    resolve();
    await live;
    expect(seen).toHaveBeenCalledTimes(1);
    expect(seen.mock.calls[0][0]).not.toBe(original);
    // Once live, clicks are the block's own.
    click(button);
    expect(seen).toHaveBeenCalledTimes(2);
  });

  it('leaves a click on a link alone', () => {
    const { el, form } = island();
    form.insertAdjacentHTML('beforeend', '<a href="#somewhere">More</a>');
    const link = el.querySelector('a')!;
    const seen = vi.fn((e: Event) => e.preventDefault()); // jsdom would otherwise navigate
    link.addEventListener('click', seen);
    defer(el, 'interaction', controlledStart().start, noFail);
    click(link);
    expect(seen).toHaveBeenCalledTimes(1);
  });

  it('prevents a submit before it is live and replays it once with requestSubmit', async () => {
    const { el, form } = island();
    const submitted = vi.fn((e: Event) => e.preventDefault()); // as the hydrated block does
    form.addEventListener('submit', submitted);
    const requestSubmit = vi.spyOn(form, 'requestSubmit');
    const { start, resolve } = controlledStart();
    const { live } = defer(el, 'interaction', start, noFail);
    const original = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(original);
    expect(original.defaultPrevented).toBe(true);
    expect(submitted).not.toHaveBeenCalled();
    expect(start).toHaveBeenCalledTimes(1);
    expect(requestSubmit).not.toHaveBeenCalled();
    resolve();
    await live;
    expect(requestSubmit).toHaveBeenCalledTimes(1);
    expect(submitted).toHaveBeenCalledTimes(1);
  });

  it('re-enters a typed value as an input event once live, and only for fields that changed', async () => {
    const { el, input, other } = island();
    const { start, resolve } = controlledStart();
    const { live } = defer(el, 'interaction', start, noFail);
    input.value = 'Ada';
    input.dispatchEvent(new Event('input', { bubbles: true }));
    expect(start).toHaveBeenCalledTimes(1);
    const entered: string[] = [];
    input.addEventListener('input', () => entered.push(input.value));
    const otherInput = vi.fn();
    other.addEventListener('input', otherInput);
    resolve();
    await live;
    expect(entered).toEqual(['Ada']);
    expect(input.value).toBe('Ada');
    expect(otherInput).not.toHaveBeenCalled();
  });

  it('gives a field the visitor left its blur once live', async () => {
    const { el, input } = island();
    const { start, resolve } = controlledStart();
    const { live } = defer(el, 'interaction', start, noFail);
    input.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    input.dispatchEvent(new FocusEvent('focusout', { bubbles: true }));
    const left = vi.fn();
    input.addEventListener('focusout', left);
    expect(left).not.toHaveBeenCalled();
    resolve();
    await live;
    expect(left).toHaveBeenCalledTimes(1);
  });

  it('holds a key the block implements on a button, but lets a text field have its keys', async () => {
    const { el, input, button } = island();
    const keys = vi.fn();
    el.addEventListener('keydown', (e) => keys((e.target as Element).tagName, e.key));
    const { start, resolve } = controlledStart();
    const { live } = defer(el, 'interaction', start, noFail);
    button.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowRight', bubbles: true, cancelable: true }));
    input.dispatchEvent(new KeyboardEvent('keydown', { key: 'ArrowLeft', bubbles: true, cancelable: true }));
    expect(keys.mock.calls).toEqual([['INPUT', 'ArrowLeft']]);
    resolve();
    await live;
    expect(keys.mock.calls).toEqual([
      ['INPUT', 'ArrowLeft'],
      ['BUTTON', 'ArrowRight'],
    ]);
  });
});

describe('defer with other triggers', () => {
  it("'load' starts once the page has painted, and only once", async () => {
    const { el } = island();
    const { start, resolve } = controlledStart();
    const { live } = defer(el, 'load', start, noFail);
    expect(start).not.toHaveBeenCalled();
    await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted)));
    expect(start).toHaveBeenCalledTimes(1);
    await new Promise((later) => setTimeout(later, 300));
    expect(start).toHaveBeenCalledTimes(1);
    resolve();
    await expect(live).resolves.toBeUndefined();
  });

  it("'manual' ignores use of the island and starts only on wake()", async () => {
    const { el, input, button } = island();
    const seen = vi.fn();
    button.addEventListener('click', seen);
    const { start, resolve } = controlledStart();
    const { wake, live } = defer(el, 'manual', start, noFail);
    input.dispatchEvent(new FocusEvent('focusin', { bubbles: true }));
    input.dispatchEvent(new Event('pointerdown', { bubbles: true }));
    click(button);
    expect(start).not.toHaveBeenCalled();
    expect(seen).not.toHaveBeenCalled();
    wake();
    wake();
    expect(start).toHaveBeenCalledTimes(1);
    resolve();
    await live;
    expect(seen).toHaveBeenCalledTimes(1);
  });
});

describe('defer when start fails', () => {
  it('tells onFail with a retry that starts again, and replays what was held once that succeeds', async () => {
    const { el, button } = island();
    const seen = vi.fn();
    button.addEventListener('click', seen);
    const failure = new Error('Loading chunk faq failed');
    let succeed: () => void = () => undefined;
    const start = vi
      .fn<() => Promise<void>>()
      .mockRejectedValueOnce(failure)
      .mockImplementationOnce(() => new Promise<void>((res) => (succeed = res)));
    const onFail = vi.fn<(error: unknown, retry: () => void) => void>();
    const { live } = defer(el, 'interaction', start, onFail);
    click(button);
    expect(start).toHaveBeenCalledTimes(1);
    await vi.waitFor(() => expect(onFail).toHaveBeenCalledTimes(1));
    expect(onFail.mock.calls[0][0]).toBe(failure);
    expect(seen).not.toHaveBeenCalled();

    // Still held while failed: a second click is not passed to the block either.
    click(button);
    expect(seen).not.toHaveBeenCalled();
    onFail.mock.calls[0][1]();
    expect(start).toHaveBeenCalledTimes(2);
    succeed();
    await live;
    expect(seen).toHaveBeenCalledTimes(2);
    expect(onFail).toHaveBeenCalledTimes(1);
  });
});

describe('defer when start fails, for a form', () => {
  /** A start that fails once `fail()` is called, then succeeds on the retry. */
  function failingStart() {
    let fail: () => void = () => undefined;
    let succeed: () => void = () => undefined;
    const start = vi
      .fn<() => Promise<void>>()
      .mockImplementationOnce(() => new Promise<void>((_res, rej) => (fail = () => rej(new Error('Loading chunk contactInfo failed')))))
      .mockImplementationOnce(() => new Promise<void>((res) => (succeed = res)));
    return { start, fail: () => fail(), succeed: () => succeed() };
  }

  it('sends a submit held for it natively (submit(), no submit event) once its code fails to arrive', async () => {
    const { el, form, input } = island();
    input.value = 'Ada';
    const native = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const requestSubmit = vi.spyOn(form, 'requestSubmit');
    const { start, fail } = failingStart();
    const onFail = vi.fn();
    defer(el, 'interaction', start, onFail);
    const held = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(held);
    expect(held.defaultPrevented).toBe(true);
    expect(native).not.toHaveBeenCalled();
    fail();
    await vi.waitFor(() => expect(onFail).toHaveBeenCalledTimes(1));
    expect(native).toHaveBeenCalledTimes(1);
    expect(native.mock.contexts[0]).toBe(form);
    expect(requestSubmit).not.toHaveBeenCalled();
    // What was typed stays where it was: the browser posts it.
    expect(input.value).toBe('Ada');
  });

  it('sends the form whose submit button was clicked while its code was on the way', async () => {
    const { el, form } = island();
    const native = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const { start, fail } = failingStart();
    const onFail = vi.fn();
    defer(el, 'interaction', start, onFail);
    const label = document.createElement('span');
    form.querySelector('button[type="submit"]')!.append(label);
    const held = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    label.dispatchEvent(held);
    expect(held.defaultPrevented).toBe(true);
    fail();
    await vi.waitFor(() => expect(onFail).toHaveBeenCalledTimes(1));
    expect(native).toHaveBeenCalledTimes(1);
    expect(native.mock.contexts[0]).toBe(form);
  });

  it('holds no submit while failed, and holds them again once the visitor tries again', async () => {
    const { el, form, button } = island();
    const submit = form.querySelector<HTMLButtonElement>('button[type="submit"]')!;
    const native = vi.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    const { start, fail, succeed } = failingStart();
    const onFail = vi.fn<(error: unknown, retry: () => void) => void>();
    const { live } = defer(el, 'interaction', start, onFail);
    click(button);
    fail();
    await vi.waitFor(() => expect(onFail).toHaveBeenCalledTimes(1));
    // Nothing was submitted, so nothing is sent; the click on the plain button waits for a retry.
    expect(native).not.toHaveBeenCalled();

    const later = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(later);
    expect(later.defaultPrevented).toBe(false);
    // Checked, then stopped, after the capture listeners: jsdom cannot submit a form.
    let passed = false;
    submit.addEventListener('click', (e) => {
      passed = !e.defaultPrevented;
      e.preventDefault();
    });
    submit.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    expect(passed).toBe(true);
    const stillHeld = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    button.dispatchEvent(stillHeld);
    expect(stillHeld.defaultPrevented).toBe(true);

    onFail.mock.calls[0][1]();
    const again = new SubmitEvent('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(again);
    expect(again.defaultPrevented).toBe(true);
    const requestSubmit = vi.spyOn(form, 'requestSubmit').mockImplementation(() => undefined);
    succeed();
    await live;
    expect(requestSubmit).toHaveBeenCalledTimes(1);
    expect(native).not.toHaveBeenCalled();
  });
});

describe('defer with a link its island turns into a button', () => {
  function withLink() {
    const parts = island();
    parts.form.insertAdjacentHTML('beforebegin', '<a href="/enquiry" id="opener" data-expands="">Get in <b>touch</b></a>');
    return { ...parts, link: parts.el.querySelector('a')! };
  }

  it('holds a plain click on it and replays it once live, but leaves a modified click to the browser', async () => {
    const { el, link } = withLink();
    const seen = vi.fn((e: Event) => e.preventDefault()); // jsdom would otherwise navigate
    link.addEventListener('click', seen);
    const { start, resolve } = controlledStart();
    const { live } = defer(el, 'interaction', start, noFail);
    const modified = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    link.dispatchEvent(modified);
    expect(seen).toHaveBeenCalledTimes(1);
    const plain = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.querySelector('b')!.dispatchEvent(plain);
    expect(plain.defaultPrevented).toBe(true);
    expect(seen).toHaveBeenCalledTimes(1);
    resolve();
    await live;
    expect(seen).toHaveBeenCalledTimes(2);
  });

  it('replays the click on the element that took over its id when the block replaced it', async () => {
    const { el, link } = withLink();
    const { start, resolve } = controlledStart();
    const { live } = defer(el, 'interaction', start, noFail);
    link.querySelector('b')!.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    const button = document.createElement('button');
    button.type = 'button';
    button.id = 'opener';
    const pressed = vi.fn();
    button.addEventListener('click', pressed);
    link.replaceWith(button);
    resolve();
    await live;
    expect(pressed).toHaveBeenCalledTimes(1);
  });

  it('lets the link lead to its page while the island has failed', async () => {
    const { el, link } = withLink();
    const { start, reject } = controlledStart();
    const onFail = vi.fn();
    defer(el, 'interaction', start, onFail);
    const first = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    link.dispatchEvent(first);
    expect(first.defaultPrevented).toBe(true);
    reject(new Error('Loading chunk enquiry failed'));
    await vi.waitFor(() => expect(onFail).toHaveBeenCalledTimes(1));
    let followed = false;
    link.addEventListener('click', (e) => {
      followed = !e.defaultPrevented;
      e.preventDefault(); // jsdom would otherwise navigate
    });
    link.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 }));
    expect(followed).toBe(true);
  });
});

describe('triggerOf', () => {
  const wide = (query: string) => query === '(min-width: 960px)';
  it("is the island's hydrate value where its media query matches or it has none", () => {
    expect(triggerOf('visible', '(min-width: 960px)', false, wide)).toBe('visible');
    expect(triggerOf('idle', null, false, wide)).toBe('idle');
    expect(triggerOf('interaction', null, false, wide)).toBe('interaction');
  });
  it('waits for interaction outside its media query, and a dialog waits to be asked for', () => {
    expect(triggerOf('visible', '(min-width: 1200px)', false, wide)).toBe('interaction');
    expect(triggerOf('load', '(min-width: 1200px)', false, wide)).toBe('interaction');
    expect(triggerOf('interaction', null, true, wide)).toBe('manual');
  });
  it('starts an unknown value at load, as before triggers existed', () => {
    expect(triggerOf('', null, false, wide)).toBe('load');
    expect(triggerOf('soon', '(min-width: 1200px)', false, wide)).toBe('load');
  });
});
