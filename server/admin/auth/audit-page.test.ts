// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { describeAction } from './audit-page.tsx';

describe('the audit log in words', () => {
  it('says what publishing did, in plain words', () => {
    expect(describeAction({ action: 'publish', detail: { commit: 'a'.repeat(40), message: 'Owner page: hero heading changed' } })).toBe(
      'Published: Owner page: hero heading changed',
    );
    expect(describeAction({ action: 'publish-undo', detail: { undone: 'new page /vendors' } })).toBe('Undid the change “new page /vendors”');
    expect(describeAction({ action: 'draft-discarded', detail: {} })).toBe('Discarded their draft');
    expect(describeAction({ action: 'preview-shared', detail: {} })).toBe('Shared a preview link');
    expect(describeAction({ action: 'preview-revoked', detail: {} })).toBe('Revoked a preview link');
  });
});
