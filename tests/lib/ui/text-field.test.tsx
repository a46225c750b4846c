import { cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { TextField } from '../../../src/lib/ui/text-field';

// A field's hint and error are both tied to it; a refusal that repeats the hint word for word
// (the password rule, as the CMS words it) is said once.

afterEach(cleanup);

const RULE = 'Your password must be 6 or more characters and contain a mix of letters and numbers.';

describe('TextField', () => {
  it('describes the field by its hint and its error', () => {
    render(<TextField label="Password" hint={RULE} error="Please fill this in." />);
    const field = screen.getByLabelText('Password');
    expect(field).toHaveAccessibleDescription(`${RULE} Please fill this in.`);
    expect(field).toHaveAttribute('aria-invalid', 'true');
  });

  it('says a refusal that is the hint itself once, as the error', () => {
    render(<TextField label="Password" hint={RULE} error={RULE} />);
    expect(screen.getAllByText(RULE)).toHaveLength(1);
    expect(screen.getByLabelText('Password')).toHaveAccessibleDescription(RULE);
  });
});
