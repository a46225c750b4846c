import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import type { Flipcard } from '../../../src/lib/lesson-content/slide-fields';
import { Flipcards } from '../../../src/features/lesson-mode/components/flipcards';

const image = (name: string) => ({ url: `/uploads/${name}.png`, alternativeText: name });
const cards: Flipcard[] = [
  {
    id: '1',
    title: 'Ta ta ti-ti ta',
    card_1: image('drum front'),
    card_2: image('drum back'),
    audio: null,
  },
  {
    id: '2',
    title: 'Ti-ti ti-ti ta ta',
    card_1: image('violin front'),
    card_2: image('violin back'),
    audio: null,
  },
];

afterEach(cleanup);

describe('Flipcards', () => {
  it('turns a card over on click and back again, one card at a time', async () => {
    const user = userEvent.setup();
    render(<Flipcards slideId="14" cards={cards} fallbackTitle="Flip the cards" />);
    const first = screen.getByRole('button', { name: /Ta ta ti-ti ta/ });
    expect(first).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('img', { name: 'drum front' })).toBeInTheDocument();

    await user.click(first);
    expect(first).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('img', { name: 'drum back' })).toBeInTheDocument();
    expect(screen.queryByRole('img', { name: 'drum front' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Ti-ti ti-ti ta ta/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );

    await user.click(first);
    expect(first).toHaveAttribute('aria-pressed', 'false');
  });

  it('turns with Enter and Space from the keyboard', async () => {
    const user = userEvent.setup();
    render(<Flipcards slideId="14" cards={cards} fallbackTitle="Flip the cards" />);
    await user.tab();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('button', { name: /Ta ta ti-ti ta/ })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await user.keyboard(' ');
    expect(screen.getByRole('button', { name: /Ta ta ti-ti ta/ })).toHaveAttribute(
      'aria-pressed',
      'false',
    );
  });

  it('shows every front again when the slide id changes, even if the component is kept', async () => {
    const user = userEvent.setup();
    const { rerender } = render(
      <Flipcards slideId="14" cards={cards} fallbackTitle="Flip the cards" />,
    );
    await user.click(screen.getByRole('button', { name: /Ta ta ti-ti ta/ }));
    await user.click(screen.getByRole('button', { name: /Ti-ti ti-ti ta ta/ }));

    rerender(<Flipcards slideId="15" cards={cards} fallbackTitle="Flip the cards" />);
    for (const button of screen.getAllByRole('button'))
      expect(button).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getByRole('img', { name: 'drum front' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'violin front' })).toBeInTheDocument();
  });

  it('renders nothing when no card has an image', () => {
    const { container } = render(
      <Flipcards
        slideId="1"
        cards={[{ id: '1', title: 'x', card_1: null, card_2: null, audio: null }]}
        fallbackTitle="x"
      />,
    );
    expect(container).toBeEmptyDOMElement();
  });
});
