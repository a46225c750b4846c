'use strict';

/**
 * The size of image the app shows. Lesson mode projects a slide's pictures as uploaded (the
 * original file, src/features/lesson-mode/components/slide-image.tsx) on screens up to
 * 1920 × 1080 (the lesson-fit e2e checks both 1366 × 768 and 1920 × 1080), and a downloaded lesson
 * stores those originals on the teacher's device; pages and cards show Strapi's smaller copies
 * (up to 1000 px wide). A bigger picture looks no sharper and costs download time and offline
 * space, so editors are told before they upload, in the help of every image field, and after:
 * the edit view's 'Picture sizes' panel names each bigger picture of the entry
 * (src/admin/picture-sizes.mjs; the admin has no warning on Publish that lets the publish go
 * through). Nothing is refused: a big picture still works. The limits are one file the panel
 * reads too.
 */
const IMAGE_LIMITS = require('../admin/image-limits.json');

const IMAGE_SIZE_ADVICE = `Upload pictures no bigger than ${IMAGE_LIMITS.width} × ${IMAGE_LIMITS.height} pixels and ${IMAGE_LIMITS.kB / 1024} MB: lesson mode shows them as uploaded and downloads them for offline lessons, so a bigger one looks no sharper and only fills teachers' devices.`;

module.exports = { IMAGE_LIMITS, IMAGE_SIZE_ADVICE };
