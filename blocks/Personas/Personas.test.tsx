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
      // Named "Learn more" as shown; described by its persona, so the three links can be told apart.
      const link = within(card).getByRole('link', { name: 'Learn more', description: persona });
      expect(link.getAttribute('href')).toBe(href);
      expect(link.textContent).toBe('Learn more');
      expect(card.className).toContain(scheme);
    });
  });
});
