import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import {
  toggleStrand,
  useBuilderChoices,
} from '../../../src/features/custom-units/utils/builder-choices';

afterEach(() => localStorage.clear());

describe('toggleStrand', () => {
  it('adds and removes strands, and refuses a fifth when four are required', () => {
    let chosen: string[] = [];
    for (const id of ['a', 'b', 'c', 'd', 'e']) chosen = toggleStrand(chosen, id, 4);
    expect(chosen).toEqual(['a', 'b', 'c', 'd']);
    chosen = toggleStrand(chosen, 'b', 4);
    expect(chosen).toEqual(['a', 'c', 'd']);
    expect(toggleStrand(chosen, 'e', 4)).toEqual(['a', 'c', 'd', 'e']);
  });
});

describe('useBuilderChoices', () => {
  it('keeps the choices across a reload of the page, per builder, until they are cleared', () => {
    const first = renderHook(() => useBuilderChoices('builder-1'));
    act(() => first.result.current[1](['a', 'b']));
    first.unmount();

    expect(renderHook(() => useBuilderChoices('builder-1')).result.current[0]).toEqual(['a', 'b']);
    expect(renderHook(() => useBuilderChoices('builder-2')).result.current[0]).toEqual([]);

    const again = renderHook(() => useBuilderChoices('builder-1'));
    act(() => again.result.current[1]([]));
    expect(localStorage.getItem('unit-builder:builder-1')).toBeNull();
  });

  it('ignores stored junk', () => {
    localStorage.setItem('unit-builder:x', '{"not":"a list"');
    expect(renderHook(() => useBuilderChoices('x')).result.current[0]).toEqual([]);
    localStorage.setItem('unit-builder:x', JSON.stringify(['a', 3, null]));
    expect(renderHook(() => useBuilderChoices('x')).result.current[0]).toEqual(['a']);
  });
});
