import { describe, expect, it } from 'vitest';
import {
  PictureSizesPanel,
  oversizePictures,
  pictureWarning,
} from '../../cms/src/admin/picture-sizes.mjs';

// The admin's 'Picture sizes' panel warns of pictures bigger than the app shows (1920 × 1080,
// 1 MB), wherever they sit in an entry; it refuses nothing and is not shown when all fit.

const picture = (name: string, width: number, height: number, size: number) => ({
  name,
  url: `/uploads/${name}`,
  mime: 'image/jpeg',
  width,
  height,
  size,
});

describe('the Picture sizes panel', () => {
  const entry = {
    title: 'Samba carnival',
    main_image: picture('fits.jpg', 1920, 1080, 900),
    activity_slides: [
      { title: 'Band', image: picture('wide.jpg', 4000, 1000, 700) },
      { title: 'Again', image: picture('wide.jpg', 4000, 1000, 700) },
      { columns: [{ image: picture('heavy.png', 1200, 800, 60_000) }] },
      {
        file: { name: 'score.pdf', url: '/uploads/score.pdf', mime: 'application/pdf', size: 9000 },
      },
    ],
  };

  it('names each picture wider, taller or heavier than the app shows, once, in any component', () => {
    expect(oversizePictures(entry).map((found) => found.name)).toEqual(['wide.jpg', 'heavy.png']);
  });

  it('says how big it is and what the app shows', () => {
    expect(pictureWarning(oversizePictures(entry)[1]!)).toBe(
      "heavy.png is 1200 × 800 pixels and 58.6 MB. The app shows pictures at up to 1920 × 1080 pixels and 1.0 MB: a smaller copy looks as sharp and fills teachers' devices less.",
    );
  });

  it('is a panel titled Picture sizes when a picture is too big, and no panel otherwise', () => {
    expect(PictureSizesPanel({ document: entry })?.title).toBe('Picture sizes');
    expect(
      PictureSizesPanel({ document: { main_image: picture('fits.jpg', 800, 600, 90) } }),
    ).toBeNull();
    expect(PictureSizesPanel({ document: undefined })).toBeNull();
  });
});
