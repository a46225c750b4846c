'use strict';

// A hand-written, valid single-page PDF: a title, a subtitle and a drawn stave with note heads,
// standing in for a printed score. Offsets in the xref table are computed, not guessed.
function pdfText(text) {
  return String(text)
    .replace(/[\\()]/g, (c) => `\\${c}`)
    .replace(/[^\x20-\x7e]/g, '?');
}

function makePdf({ title, subtitle = '', notes = [0, 2, 4, 5, 7, 5, 4, 2] }) {
  const staves = [];
  for (let s = 0; s < 3; s += 1) {
    const top = 640 - s * 140;
    for (let line = 0; line < 5; line += 1)
      staves.push(`60 ${top - line * 10} m 535 ${top - line * 10} l S`);
    notes.forEach((step, i) => {
      const x = 90 + i * 55;
      const y = top - 40 + step * 5;
      // A note head as a small filled polygon and a stem.
      staves.push(`${x - 6} ${y} m ${x} ${y + 4} l ${x + 6} ${y} l ${x} ${y - 4} l f`);
      staves.push(`${x + 6} ${y} m ${x + 6} ${y + 30} l S`);
    });
  }
  const content = [
    'BT /F1 24 Tf 60 740 Td (' + pdfText(title) + ') Tj ET',
    'BT /F1 12 Tf 60 715 Td (' + pdfText(subtitle) + ') Tj ET',
    '0.8 w',
    ...staves,
    'BT /F1 9 Tf 60 60 Td (Demo score generated for Music Classroom) Tj ET',
  ].join('\n');

  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${Buffer.byteLength(content)} >>\nstream\n${content}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
    `<< /Title (${pdfText(title)}) /Producer (Music Classroom seed) >>`,
  ];
  let body = '%PDF-1.4\n';
  const offsets = [];
  objects.forEach((object, i) => {
    offsets.push(Buffer.byteLength(body));
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xrefOffset = Buffer.byteLength(body);
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info ${objects.length} 0 R >>\nstartxref\n${xrefOffset}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

module.exports = { makePdf };
