import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { afterEach, describe, expect, it } from 'vitest';
import {
  activityGridCard,
  ActivityCardGrid,
} from '../../../src/shared/activities/activity-card-grid';

const warmUp = {
  documentId: 'warm-up',
  title: 'Warm-up',
  time: '10',
  type: 'Singing',
  introduction: '<p>Breathe in.</p>',
};
const rounds = {
  documentId: 'rounds',
  title: 'Rounds',
  time: null,
  type: null,
  introduction: null,
};

afterEach(cleanup);

// The grid is one list of activity cards: each card a list item with its title as a heading,
// its time and type, its introduction and a link named after the activity.
describe('ActivityCardGrid', () => {
  it('shows one card per activity, in order, in a card-grid list', () => {
    render(
      <MemoryRouter>
        <ActivityCardGrid
          cards={[warmUp, rounds].map((a) => activityGridCard(a, `/unit/activity/${a.documentId}`))}
        />
      </MemoryRouter>,
    );
    const list = screen.getByRole('list');
    expect(list).toHaveClass('card-grid');
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('heading', { level: 3 })).toHaveTextContent('Warm-up');
    expect(items[0]).toHaveTextContent('Singing');
    expect(items[0]).toHaveTextContent('Breathe in.');
    expect(within(items[0]!).getByRole('link', { name: 'View activity: Warm-up' })).toHaveAttribute(
      'href',
      '/unit/activity/warm-up',
    );
    expect(items[1]).toHaveTextContent('Free-flow');
    expect(within(items[1]!).getByRole('link', { name: 'View activity: Rounds' })).toHaveAttribute(
      'href',
      '/unit/activity/rounds',
    );
  });

  it('gives the cards the heading level asked for and keeps a page class beside card-grid', () => {
    render(
      <MemoryRouter>
        <ActivityCardGrid
          className="activity-section__cards"
          cards={[activityGridCard(warmUp, '/section/warm-up')]}
          headingLevel={2}
        />
      </MemoryRouter>,
    );
    expect(screen.getByRole('list')).toHaveClass('card-grid', 'activity-section__cards');
    expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Warm-up');
  });
});
