import { cleanup, render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import type { FeatureBox } from '../../../src/features/audiences/api/audience-query';
import { FeatureBoxCard } from '../../../src/features/audiences/components/feature-box-card';

afterEach(cleanup);

const preview = (label: string | null) =>
  ({
    id: '1',
    title: 'Future Voices',
    is_preview: true,
    link_label: label,
    blurb: null,
    featured_image: null,
    tag_age_groups: [],
    programmelink: null,
  }) as unknown as FeatureBox;

describe('a preview feature box', () => {
  it('says "Coming soon" once, also when its link label says it', () => {
    render(
      <MemoryRouter>
        <FeatureBoxCard box={preview('Coming soon')} href={null} />
      </MemoryRouter>,
    );
    expect(screen.getAllByText('Coming soon')).toHaveLength(1);
  });

  it('says it when the label does not', () => {
    render(
      <MemoryRouter>
        <FeatureBoxCard box={preview('Find out more')} href={null} />
      </MemoryRouter>,
    );
    expect(screen.getAllByText('Coming soon')).toHaveLength(1);
    expect(screen.getByText('Find out more')).toBeVisible();
  });
});

describe('a feature box', () => {
  it('is an article named by its title, so a screen reader can list the boxes by name', () => {
    render(
      <MemoryRouter>
        <FeatureBoxCard box={preview('Find out more')} href="/primary/future-voices" />
      </MemoryRouter>,
    );
    expect(screen.getByRole('article', { name: 'Future Voices' })).toBeVisible();
  });
});
