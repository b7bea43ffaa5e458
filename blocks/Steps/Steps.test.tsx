import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { site } from 'virtual:sitewright/config';
import { createAjv } from '../../scripts/lib/project.ts';
import type { StepsBlock } from '../../renderer/generated/config-types.ts';
import example from './example.json';
import Steps from './index.tsx';

const config = example as StepsBlock;

function renderSteps(props: StepsBlock) {
  return render(
    <MemoryRouter>
      <Steps {...props} />
    </MemoryRouter>,
  );
}

describe('steps block', () => {
  it('example.json matches the schema; each step needs id, title and desc', () => {
    const validate = createAjv(process.cwd()).getSchema('https://sitewright.dev/schemas/blocks/steps.schema.json')!;
    expect(validate(example), JSON.stringify(validate.errors)).toBe(true);
    const { desc: _d, ...noDesc } = example.steps[0];
    expect(validate({ ...example, steps: [noDesc] })).toBe(false);
    expect(validate({ ...example, steps: [] })).toBe(false);
    expect(validate({ ...example, colour: 'red' })).toBe(false);
  });

  it('renders the steps in order as a numbered list under the section heading', () => {
    renderSteps(config);
    const section = screen.getByRole('region', { name: 'How it works' });
    const items = within(section).getAllByRole('listitem');
    expect(items).toHaveLength(config.steps.length);
    config.steps.forEach((step, i) => {
      expect(within(items[i]).getByRole('heading', { level: 3 }).textContent).toBe(step.title);
      expect(within(items[i]).getByText(step.desc)).toBeTruthy();
      expect(items[i].textContent).toContain(String(i + 1).padStart(2, '0'));
      expect(items[i].id).toBe(step.id);
    });
    expect(section.querySelector('ol')).not.toBeNull();
  });

  it('shows a step picture with its size (no layout shift), or the icon when there is none', () => {
    renderSteps({
      ...config,
      steps: [
        { id: 'pic', title: 'With picture', desc: 'd', image: { src: '/images/landing/step-link.svg', alt: 'A link', width: 200, height: 150 } },
        { id: 'icon', title: 'With icon', desc: 'd', icon: 'share' },
      ],
    });
    const img = screen.getByRole('img', { name: 'A link' });
    expect(img.getAttribute('width')).toBe('200');
    expect(img.getAttribute('height')).toBe('150');
    const [, second] = screen.getAllByRole('listitem');
    expect(second.querySelector('img')).toBeNull();
    expect(second.querySelector('svg[aria-hidden="true"]')).not.toBeNull();
  });

  it('renders the optional actions as links resolved from site config', () => {
    renderSteps(config);
    const refer = screen.getByRole('link', { name: 'Refer now' });
    expect(refer.getAttribute('href')).toBe(site.authSite.root + site.authSite.paths.referralSignup);
    const { actions: _a, ...noActions } = config;
    const { container } = renderSteps(noActions as StepsBlock);
    expect(within(container).queryAllByRole('link')).toHaveLength(0);
  });
});
