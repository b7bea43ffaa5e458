// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CRASHED_REASON, decide } from './preview-lastgood.ts';

describe('the last good rendering', () => {
  it('shows the live rendering while the values are fine', () => {
    expect(decide({ key: 'a', problem: null }, null, true)).toEqual({ mode: 'live' });
    expect(decide({ key: 'a', problem: null }, null, false)).toEqual({ mode: 'live' });
  });

  it('keeps the last good rendering, with the reason, while the values break the schema', () => {
    expect(decide({ key: 'b', problem: 'Fill in “Label”.' }, null, true)).toEqual({ mode: 'last-good', reason: 'Fill in “Label”.' });
  });

  it('says why when nothing has rendered well yet', () => {
    expect(decide({ key: 'b', problem: 'Fill in “Label”.' }, null, false)).toEqual({ mode: 'reason-only', reason: 'Fill in “Label”.' });
  });

  it('does not try values again that made the rendering throw, but tries any change of them', () => {
    expect(decide({ key: 'c', problem: null }, 'c', true)).toEqual({ mode: 'last-good', reason: CRASHED_REASON });
    expect(decide({ key: 'd', problem: null }, 'c', true)).toEqual({ mode: 'live' });
  });

  it('prefers the schema’s reason, which names the field, to the general one', () => {
    expect(decide({ key: 'c', problem: 'Fill in “Answer”.' }, 'c', true)).toEqual({ mode: 'last-good', reason: 'Fill in “Answer”.' });
  });
});
