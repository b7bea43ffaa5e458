import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SectionHead } from './SectionHead.tsx';

describe('SectionHead', () => {
  it('renders the eyebrow, an h2 heading and the intro in that order', () => {
    const { container } = render(<SectionHead eyebrow="FAQ" heading="Questions" intro="All you need to know." headingId="faq-heading" />);
    const parts = [...container.children].map((el) => [el.tagName, el.textContent]);
    expect(parts).toEqual([
      ['P', 'FAQ'],
      ['H2', 'Questions'],
      ['P', 'All you need to know.'],
    ]);
    expect(container.querySelector('h2')!.id).toBe('faq-heading');
  });

  it('renders nothing for parts that are not set, and no id when none is given', () => {
    const { container } = render(<SectionHead heading="Only a heading" />);
    expect(container.innerHTML).toMatch(/^<h2 class="[^"]*">Only a heading<\/h2>$/);
    expect(render(<SectionHead />).container.innerHTML).toBe('');
  });

  it('renders an h1 for the page main heading', () => {
    const { container } = render(<SectionHead heading="Contact us" level={1} />);
    expect(container.querySelector('h1')?.textContent).toBe('Contact us');
    expect(container.querySelector('h2')).toBeNull();
  });

  it("uses the block's classes for the parts it restyles and the shared ones for the rest", () => {
    const { container } = render(<SectionHead eyebrow="E" heading="H" intro="I" classes={{ heading: 'mine', intro: 'lead' }} />);
    const [eyebrow, heading, intro] = [...container.children];
    expect(heading.className).toBe('mine');
    expect(intro.className).toBe('lead');
    expect(eyebrow.className).not.toBe('');
    expect(eyebrow.className).not.toBe('mine');
  });
});
