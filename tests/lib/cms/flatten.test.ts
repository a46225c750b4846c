import { describe, expect, it } from 'vitest';
import { flatten } from '../../../src/lib/cms/flatten';

describe('flatten', () => {
  it('unwraps a v4 entity envelope into a plain object with its id', () => {
    const answer = {
      audience: { data: { id: '3', attributes: { title: 'Primary', slug: 'primary' } } },
    };
    expect(flatten(answer)).toEqual({ audience: { id: '3', title: 'Primary', slug: 'primary' } });
  });

  it('unwraps list envelopes and drops pagination meta', () => {
    const answer = {
      audiences: {
        data: [
          { id: '1', attributes: { title: 'Primary' } },
          { id: '2', attributes: { title: 'Secondary' } },
        ],
        meta: { pagination: { total: 2 } },
      },
    };
    expect(flatten(answer)).toEqual({
      audiences: [
        { id: '1', title: 'Primary' },
        { id: '2', title: 'Secondary' },
      ],
    });
  });

  it('unwraps nested relations inside components inside entities', () => {
    const answer = {
      audiences: {
        data: [
          {
            id: '1',
            attributes: {
              featurebox: [
                {
                  id: '10',
                  title: 'Sing',
                  programmelink: {
                    programme: {
                      data: {
                        id: '7',
                        attributes: { slug: 'sing-up', theme: { css: { background: '#fff' } } },
                      },
                    },
                    project: { data: null },
                  },
                  featured_image: { data: { id: '4', attributes: { url: '/uploads/a.png' } } },
                },
              ],
            },
          },
        ],
      },
    };
    expect(flatten(answer)).toEqual({
      audiences: [
        {
          id: '1',
          featurebox: [
            {
              id: '10',
              title: 'Sing',
              programmelink: {
                programme: { id: '7', slug: 'sing-up', theme: { css: { background: '#fff' } } },
                project: null,
              },
              featured_image: { id: '4', url: '/uploads/a.png' },
            },
          ],
        },
      ],
    });
  });

  it('leaves already-flat Strapi 5 answers unchanged', () => {
    const answer = {
      audiences: [
        {
          documentId: 'abc',
          title: 'Live',
          programmes: [{ documentId: 'p1', slug: 'x' }],
          theme: null,
        },
      ],
    };
    expect(flatten(answer)).toEqual(answer);
  });

  it('keeps a JSON field that merely contains a data key among other keys', () => {
    const answer = {
      programme: { media_embed: { data: 'keep me', url: 'https://example.org/v' } },
    };
    expect(flatten(answer)).toEqual(answer);
  });

  it('keeps scalars, nulls and empty lists as they are', () => {
    expect(flatten({ a: null, b: 0, c: '', d: [], e: false })).toEqual({
      a: null,
      b: 0,
      c: '',
      d: [],
      e: false,
    });
    expect(flatten({ list: { data: [] } })).toEqual({ list: [] });
  });
});
