'use strict';

// Short mono 16-bit PCM WAV melodies: note names to sine waves with a soft envelope.
const NOTE_INDEX = { C: -9, D: -7, E: -5, F: -4, G: -2, A: 0, B: 2 };

function frequency(note) {
  const match = /^([A-G])(#|b)?(\d)$/.exec(note);
  if (!match) throw new Error(`Bad note ${note}`);
  const [, letter, accidental, octave] = match;
  const semitones =
    NOTE_INDEX[letter] +
    (accidental === '#' ? 1 : accidental === 'b' ? -1 : 0) +
    (Number(octave) - 4) * 12;
  return 440 * 2 ** (semitones / 12);
}

/**
 * @param {{ notes: Array<[string, number]>, sampleRate?: number, tempo?: number }} spec notes as
 *   [name or 'rest', beats]
 */
function makeWav({ notes, sampleRate = 11025, tempo = 120 }) {
  const beat = 60 / tempo;
  const samples = [];
  for (const [name, beats] of notes) {
    const count = Math.round(beats * beat * sampleRate);
    const f = name === 'rest' ? 0 : frequency(name);
    for (let i = 0; i < count; i += 1) {
      const attack = Math.min(1, i / (0.01 * sampleRate));
      const release = Math.min(1, (count - i) / (0.05 * sampleRate));
      const envelope = attack * release;
      const t = i / sampleRate;
      const value =
        f === 0
          ? 0
          : envelope * (0.6 * Math.sin(2 * Math.PI * f * t) + 0.15 * Math.sin(4 * Math.PI * f * t));
      samples.push(Math.max(-1, Math.min(1, value * 0.8)));
    }
  }
  const dataBytes = samples.length * 2;
  const buffer = Buffer.alloc(44 + dataBytes);
  buffer.write('RIFF', 0, 'ascii');
  buffer.writeUInt32LE(36 + dataBytes, 4);
  buffer.write('WAVE', 8, 'ascii');
  buffer.write('fmt ', 12, 'ascii');
  buffer.writeUInt32LE(16, 16);
  buffer.writeUInt16LE(1, 20); // PCM
  buffer.writeUInt16LE(1, 22); // mono
  buffer.writeUInt32LE(sampleRate, 24);
  buffer.writeUInt32LE(sampleRate * 2, 28);
  buffer.writeUInt16LE(2, 32);
  buffer.writeUInt16LE(16, 34);
  buffer.write('data', 36, 'ascii');
  buffer.writeUInt32LE(dataBytes, 40);
  samples.forEach((value, i) => buffer.writeInt16LE(Math.round(value * 32767), 44 + i * 2));
  return buffer;
}

module.exports = { makeWav, frequency };
