import { describe, expect, it, vi } from 'vitest';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import type { VideoDialogBlock } from '../../renderer/generated/config-types.ts';
import { openDialog } from '../../renderer/lib/dialogs.ts';
import example from './example.json';
import VideoDialog from './index.tsx';

// The player's chunk fails to arrive until `network.up` (as a dropped connection would).
const network = vi.hoisted(() => ({ up: false }));
vi.mock('./player.ts', () => {
  if (!network.up) throw new Error('Failed to fetch dynamically imported module');
  return { default: () => <div data-testid="player" />, players: [] };
});

const proto = HTMLDialogElement.prototype as unknown as Record<string, unknown>;
proto.showModal = function (this: HTMLDialogElement) {
  this.setAttribute('open', '');
};
proto.close = function (this: HTMLDialogElement) {
  this.removeAttribute('open');
};

describe('videoDialog block without its player chunk', () => {
  it('says "Loading chunk player failed" inside the dialog, and "Try again" loads the player', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const block = example as VideoDialogBlock;
    render(
      <>
        <a href={`#${block.id}`} onClick={(e) => openDialog(block.id, e.currentTarget) && e.preventDefault()}>
          Watch
        </a>
        <VideoDialog {...block} />
      </>,
    );
    await act(async () => fireEvent.click(screen.getByRole('link', { name: 'Watch' })));
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Loading chunk player failed');
    expect(screen.getByTestId('video-frame').contains(alert)).toBe(true);

    network.up = true;
    await act(async () => screen.getByRole('button', { name: 'Try again' }).click());
    await waitFor(() => expect(screen.getByTestId('player')).toBeTruthy());
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
