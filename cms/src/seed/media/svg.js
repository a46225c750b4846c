'use strict';

function escapeXml(text) {
  return String(text).replace(/[<>&"']/g, (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]);
}

/** A simple illustrated card: background, a treble-clef-ish swirl of notes and a label. */
function makeSvg({ width = 400, height = 300, background = '#1d3557', color = '#f1faee', label = 'Music' }) {
  const notes = [0, 1, 2, 3]
    .map((i) => {
      const x = 70 + i * 80;
      const y = 150 - (i % 2) * 40;
      return `<ellipse cx="${x}" cy="${y}" rx="18" ry="13" fill="${color}" transform="rotate(-20 ${x} ${y})"/>` +
        `<rect x="${x + 14}" y="${y - 80}" width="5" height="80" fill="${color}"/>`;
    })
    .join('');
  const stave = [0, 1, 2, 3, 4].map((i) => `<line x1="30" x2="${width - 30}" y1="${110 + i * 14}" y2="${110 + i * 14}" stroke="${color}" stroke-opacity="0.4" stroke-width="2"/>`).join('');
  return Buffer.from(
    `<?xml version="1.0" encoding="UTF-8"?>\n` +
      `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}">` +
      `<title>${escapeXml(label)}</title>` +
      `<rect width="100%" height="100%" fill="${background}"/>${stave}${notes}` +
      `<text x="50%" y="${height - 30}" text-anchor="middle" font-family="Arial, sans-serif" font-size="28" fill="${color}">${escapeXml(label)}</text>` +
      `</svg>\n`,
  );
}

module.exports = { makeSvg };
