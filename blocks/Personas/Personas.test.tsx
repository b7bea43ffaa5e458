import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { createAjv } from '../../scripts/lib/project.ts';
import type { PersonasBlock } from '../../renderer/generated/config-types.ts';
import example from './example.json';
import Personas from './index.tsx';

const config = example as PersonasBlock;

describe('personas block', () => {
  it('example.json matches the schema, which allows only the three colour schemes', () => {
    // Vitest runs from the repository root.
    const validate = createAjv(process.cwd()).getSchema('https://sitewright.dev/schemas/blocks/personas.schema.json')!;
    expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
    expect(validate({ ...example, personas: [{ ...example.personas[0], colorScheme: 'purple' }] })).toBe(false);
  });

  it('renders Project Owner, Developer and Contractor cards linking to their pages', () => {
    render(
      <MemoryRouter>
        <Personas {...config} />
      </MemoryRouter>,
    );
    expect(screen.getByRole('heading', { level: 2, name: 'Who is it for?' })).toBeTruthy();
    const cards = screen.getAllByRole('listitem');
    const expected = [
      ['Project Owner', '/owner', 'blue'],
      ['Developer', '/enterprise', 'orange'],
      ['Contractor', '/contractor', 'green'],
    ];
    expect(cards).toHaveLength(expected.length);
    cards.forEach((card, i) => {
      const [persona, href, scheme] = expected[i];
      expect(within(card).getByRole('heading', { level: 3 }).textContent).toBe(persona);
      const link = within(card).getByRole('link');
      expect(link.getAttribute('href')).toBe(href);
      // Visible "Learn more", but each link's name says which persona it is about.
      expect(link.textContent).toContain('Learn more');
      expect(link.textContent).toContain(`about ${persona}`);
      expect(card.className).toContain(scheme);
    });
    const names = screen.getAllByRole('link').map((l) => l.textContent);
    expect(new Set(names).size).toBe(names.length);
  });
});
