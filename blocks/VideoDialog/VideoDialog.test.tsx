import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { site } from 'virtual:sitewright/config';
import { createAjv } from '../../scripts/lib/project.ts';
import type { VideoDialogBlock } from '../../renderer/generated/config-types.ts';
import { openDialog } from '../../renderer/lib/dialogs.ts';
import example from './example.json';
import VideoDialog from './index.tsx';

// Stands in for the player (react-player) and records what it was given; counts mounts to prove it only exists while open.
const player = vi.hoisted(() => ({ mounts: 0, lastProps: null as Record<string, unknown> | null }));
vi.mock('./player.ts', () => ({
  default: (props: Record<string, unknown>) => {
    player.mounts++;
    player.lastProps = props;
    // Like the real embeds: a shadow root with an untitled <iframe>, attached a little after mounting.
    const attach = (el: HTMLDivElement | null) => {
      if (el) setTimeout(() => el.shadowRoot ?? (el.attachShadow({ mode: 'open' }).innerHTML = '<iframe src="about:blank"></iframe>'), 30);
    };
    return <div ref={attach} data-testid="player" data-src={String(props.src)} />;
  },
}));

// jsdom has no showModal/close; these mimic what matters here (the open attribute).
const proto = HTMLDialogElement.prototype as unknown as Record<string, unknown>;
const original = { showModal: proto.showModal, close: proto.close };
beforeAll(() => {
  proto.showModal = function (this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.close = function (this: HTMLDialogElement) {
    this.removeAttribute('open');
  };
});
afterAll(() => Object.assign(proto, original));

const config = example as VideoDialogBlock;

function renderDialog(props: VideoDialogBlock = config) {
  return render(
    <MemoryRouter>
      <a href={`#${props.id}`} onClick={(e) => openDialog(props.id, e.currentTarget) && e.preventDefault()}>
        How our referral works
      </a>
      <VideoDialog {...props} />
    </MemoryRouter>,
  );
}

function dialogElement(): HTMLDialogElement {
  const d = document.querySelector('dialog');
  if (!d) throw new Error('no <dialog> rendered');
  return d;
}

describe('videoDialog block', () => {
  it('is prerendered closed with the id its openers name, and for a browser without script the text and the video link in place of the spinner', () => {
    renderDialog();
    const dialog = dialogElement();
    expect(dialog.id).toBe(`${config.id}-dialog`);
    expect(dialog.open).toBe(false);
    const withoutScript = dialog.querySelector('[class*="without-script"]');
    expect(withoutScript?.previousElementSibling?.querySelector('[role="status"]')).not.toBeNull();
    expect(withoutScript?.textContent).toContain(config.text);
    expect(withoutScript?.querySelector('a')?.getAttribute('href')).toBe(site.video.url);
  });
  it('example.json matches the schema; id and title are required', () => {
    const validate = createAjv(process.cwd()).getSchema('https://sitewright.dev/schemas/blocks/videoDialog.schema.json')!;
    expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
    const { title: _t, ...noTitle } = example;
    expect(validate(noTitle)).toBe(false);
    expect(validate({ ...example, id: 'Not An Id' })).toBe(false);
  });

  it('stays closed with no player until a "#id" link opens it, then plays the site video', async () => {
    player.mounts = 0;
    renderDialog();
    expect(dialogElement().open).toBe(false);
    expect(screen.queryByRole('heading', { name: 'Referral Video' })).toBeNull();
    expect(player.mounts).toBe(0);

    // Awaited act: the player's chunk suspends its part of the dialog until it arrives.
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'How our referral works' })));
    expect(dialogElement().open).toBe(true);
    expect(screen.getByRole('heading', { name: 'Referral Video' })).toBeTruthy();
    const shown = await screen.findByTestId('player');
    expect(shown.dataset.src).toBe(site.video.url);
    expect(player.lastProps).toMatchObject({ src: site.video.url, controls: true });
    expect(document.body.classList.contains('scroll-locked')).toBe(true);
    // The way out when the player cannot load: the video on its own site, in a new tab.
    const fallback = screen.getByRole('link', { name: /Watch the video on youtube\.com/ });
    expect(fallback.getAttribute('href')).toBe(site.video.url);
    expect(fallback.getAttribute('rel')).toBe('noopener noreferrer');
  });

  it("names the player frame drawn later inside the player's shadow root after the dialog title", async () => {
    renderDialog();
    act(() => void openDialog(config.id));
    const el = await screen.findByTestId('player');
    await waitFor(() => expect(el.shadowRoot?.querySelector('iframe')?.getAttribute('title')).toBe('Referral Video'));
  });

  it('closes on the close button, unmounts the player, unlocks scroll and returns focus to the trigger', async () => {
    renderDialog();
    const trigger = screen.getByRole('link', { name: 'How our referral works' });
    trigger.focus();
    fireEvent.click(trigger);
    await screen.findByTestId('player');
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialogElement().open).toBe(false);
    expect(screen.queryByTestId('player')).toBeNull();
    expect(document.body.classList.contains('scroll-locked')).toBe(false);
    expect(document.activeElement).toBe(trigger);
  });

  it('closes on Escape (the dialog cancel event) and on a click on the backdrop', async () => {
    renderDialog();
    act(() => void openDialog(config.id));
    await screen.findByTestId('player');
    fireEvent(dialogElement(), new Event('cancel', { cancelable: true }));
    expect(dialogElement().open).toBe(false);

    act(() => void openDialog(config.id));
    await screen.findByTestId('player');
    // A click whose target is the <dialog> itself is a click on the backdrop; inside the panel it is not.
    fireEvent.click(screen.getByTestId('player'));
    expect(dialogElement().open).toBe(true);
    fireEvent.click(dialogElement());
    expect(dialogElement().open).toBe(false);
  });

  it('shows the fallback link in place of the player when the video host is unreachable', async () => {
    renderDialog({ ...config, fallbackLabel: 'Watch it on YouTube' });
    act(() => void openDialog(config.id));
    await screen.findByTestId('player');
    // What the YouTube element does when its API script cannot load: an unhandled rejection with the script's error event.
    const script = document.createElement('script');
    const failure = new Event('error');
    script.dispatchEvent(failure);
    const rejection = new Event('unhandledrejection', { cancelable: true }) as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: failure });
    act(() => void window.dispatchEvent(rejection));
    expect(rejection.defaultPrevented).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('player')).toBeNull());
    expect(screen.getByRole('status').textContent).toContain('The video could not be loaded');
    expect(screen.getByRole('link', { name: /Watch it on YouTube/ }).getAttribute('href')).toBe(site.video.url);
    // The dialog still closes normally.
    fireEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(dialogElement().open).toBe(false);
  });

  it('leaves unrelated unhandled rejections alone', async () => {
    renderDialog();
    act(() => void openDialog(config.id));
    await screen.findByTestId('player');
    const rejection = new Event('unhandledrejection', { cancelable: true }) as PromiseRejectionEvent;
    Object.defineProperty(rejection, 'reason', { value: new Error('something else') });
    act(() => void window.dispatchEvent(rejection));
    expect(rejection.defaultPrevented).toBe(false);
    expect(screen.getByTestId('player')).toBeTruthy();
  });
});
