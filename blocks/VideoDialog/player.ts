import { lazy, type ComponentType } from 'react';
import HtmlPlayer from 'react-player/HtmlPlayer';
import { canPlay } from 'react-player/patterns';
import type { PlayerEntry } from 'react-player/players';
import { createReactPlayer } from 'react-player/ReactPlayer';
import type { VideoElementProps } from 'react-player/types';

/**
 * The players this site's video may need: YouTube, Vimeo, and the browser's own <video> for a file. react-player's
 * default export lists every player it has, and the bundler builds each of them even though only the one matching the
 * address is fetched, among them HLS, DASH and Mux players of 500-800 kB. Naming the players here builds only these.
 * Any other address falls to <video>, whose error shows the dialog's link to the video instead.
 */
/**
 * A lazily loaded player element. react-player hands every element the same props, as its own list does; the elements'
 * declared types are narrower (a numeric width, say) than those props, hence the one widening here.
 */
const element = (load: () => Promise<{ default: unknown }>) => lazy(load as () => Promise<{ default: ComponentType<VideoElementProps> }>);

export const players: PlayerEntry[] = [
  { key: 'youtube', name: 'YouTube', canPlay: canPlay.youtube, player: element(() => import('youtube-video-element/react')) },
  { key: 'vimeo', name: 'Vimeo', canPlay: canPlay.vimeo, player: element(() => import('vimeo-video-element/react')) },
  { key: 'html', name: 'html', canPlay: canPlay.html, canEnablePIP: () => true, player: HtmlPlayer },
];

export default createReactPlayer(players, players[players.length - 1]);
