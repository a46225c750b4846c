import { cleanup, render, screen } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { StateHeading } from '../../../src/lib/ui/state-heading';
import { useDocumentTitle } from '../../../src/lib/ui/use-document-title';

// WCAG 2.4.2: a view that shows the page's state ('Unit not found') names it in the document
// title as in its h1, even though the page around it sets its own title after it.

afterEach(cleanup);

function UnitPage({ found }: { found: boolean }) {
  // The page's effect runs after its child's: it must not overwrite the state's title.
  useDocumentTitle(found ? 'Listening and moving' : undefined);
  return found ? <h1>Listening and moving</h1> : <StateHeading>Unit not found</StateHeading>;
}

function Toggle() {
  const [found, setFound] = useState(false);
  return (
    <>
      <button type="button" onClick={() => setFound(true)}>
        Found
      </button>
      <UnitPage found={found} />
    </>
  );
}

describe('StateHeading', () => {
  it('titles the document with the state its heading says', () => {
    render(<UnitPage found={false} />);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Unit not found');
    expect(document.title).toBe('Unit not found | Music Classroom');
  });

  it('gives the title back to the page once the state is gone', () => {
    render(<Toggle />);
    expect(document.title).toBe('Unit not found | Music Classroom');
    screen.getByRole('button', { name: 'Found' }).click();
    return new Promise<void>((resolve) =>
      setTimeout(() => {
        expect(document.title).toBe('Listening and moving | Music Classroom');
        resolve();
      }),
    );
  });

  it('can name the state apart from the heading', () => {
    render(<StateHeading title="Offline storage (log in needed)">Offline storage</StateHeading>);
    expect(document.title).toBe('Offline storage (log in needed) | Music Classroom');
  });
});
