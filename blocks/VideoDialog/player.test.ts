// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { players } from './player.ts';

const pick = (src: string) => players.find((p) => p.canPlay(src))?.key;

describe('VideoDialog player list', () => {
  it('plays YouTube, Vimeo and video files with their own players', () => {
    expect(pick('https://www.youtube.com/watch?v=dQw4w9WgXcQ')).toBe('youtube');
    expect(pick('https://youtu.be/dQw4w9WgXcQ')).toBe('youtube');
    expect(pick('https://vimeo.com/123456')).toBe('vimeo');
    expect(pick('https://cdn.example/explainer.mp4')).toBe('html');
  });

  it('has none of the large streaming players', () => {
    expect(players.map((p) => p.key).filter((k) => ['hls', 'dash', 'mux'].includes(k))).toEqual([]);
  });
});
