// Simple vector drawings for the generated demo pictures, one per motif, on a 200x200 grid.
// They stand in for product photos, so the demo shop needs no downloads.
import type { ImageMotif } from '../seed/data/types';

const S = (d: string) => `<path d="${d}"/>`;

export const MOTIF_SHAPES: Record<ImageMotif, string> = {
  bottle: S('M88 20h24v40c14 8 20 20 20 34v86H68V94c0-14 6-26 20-34z') + '<rect x="74" y="110" width="52" height="40" opacity=".35"/>',
  demijohn: '<ellipse cx="100" cy="125" rx="62" ry="58"/>' + S('M88 30h24v40H88z') + '<rect x="80" y="24" width="40" height="10"/>',
  cork: S('M70 50h60l-6 110H76z') + '<g opacity=".35"><circle cx="90" cy="80" r="5"/><circle cx="110" cy="105" r="6"/><circle cx="94" cy="130" r="4"/></g>',
  barrel: '<ellipse cx="100" cy="100" rx="60" ry="74"/>' + '<g opacity=".35"><rect x="40" y="60" width="120" height="8"/><rect x="40" y="132" width="120" height="8"/></g>',
  grape: [[100, 60], [82, 80], [118, 80], [70, 102], [100, 102], [130, 102], [84, 124], [116, 124], [100, 146]]
    .map(([x, y]) => `<circle cx="${x}" cy="${y}" r="16"/>`).join('') + S('M98 44c4-14 14-22 30-24-4 12-14 20-30 24z'),
  yeast: '<circle cx="80" cy="90" r="34"/><circle cx="125" cy="115" r="26"/><circle cx="105" cy="150" r="16"/>',
  thermometer: '<rect x="90" y="24" width="20" height="120" rx="0"/><circle cx="100" cy="155" r="22"/>',
  filter: S('M40 40h120l-46 60v60l-28 16v-76z'),
  press: '<rect x="50" y="90" width="100" height="80"/><rect x="94" y="20" width="12" height="70"/><rect x="60" y="20" width="80" height="10"/>',
  hop: S('M100 30c30 20 40 50 30 80-8 28-30 50-30 60 0-10-22-32-30-60-10-30 0-60 30-80z') + '<g opacity=".35">' + S('M70 90h60M74 120h52M84 150h32') + '</g>',
  grain: [30, 60, 90, 120, 150].map((y, i) => `<ellipse cx="${i % 2 ? 112 : 88}" cy="${y + 10}" rx="14" ry="20"/>`).join('') + '<rect x="98" y="20" width="4" height="170"/>',
  kettle: '<rect x="44" y="60" width="112" height="110"/><rect x="30" y="76" width="14" height="10"/><rect x="156" y="76" width="14" height="10"/><rect x="40" y="50" width="120" height="12"/>',
  fermenter: '<rect x="52" y="50" width="96" height="130"/><rect x="86" y="26" width="28" height="24"/><rect x="148" y="150" width="20" height="10"/>',
  glass: S('M60 30h80c0 50-14 76-34 82v50h26v10H68v-10h26v-50c-20-6-34-32-34-82z'),
  seed: '<ellipse cx="100" cy="110" rx="40" ry="60"/>' + S('M100 50c-2 30-2 90 0 120') ,
  leaf: S('M40 160C40 80 90 40 170 36c-4 80-44 128-120 128z') + '<g opacity=".35">' + S('M50 150L150 50') + '</g>',
  pot: S('M50 80h100l-14 100H64z') + '<rect x="44" y="66" width="112" height="18"/>' + S('M100 66c-10-30 0-44 20-50-2 20-8 38-20 50z'),
  'watering-can': '<rect x="60" y="80" width="80" height="90"/>' + S('M140 100l44-40 6 8-44 46z') + S('M70 80c0-30 60-30 60 0h-10c0-18-40-18-40 0z'),
  shovel: '<rect x="95" y="20" width="10" height="100"/>' + S('M70 120h60v30c0 20-14 34-30 40-16-6-30-20-30-40z') + '<rect x="80" y="14" width="40" height="10"/>',
  hose: '<circle cx="100" cy="100" r="66"/><circle cx="100" cy="100" r="40" fill="#fff" opacity=".5"/><circle cx="100" cy="100" r="16"/>',
  fertilizer: S('M56 40h88l10 140H46z') + '<rect x="70" y="90" width="60" height="40" opacity=".35"/>',
  flower: [0, 72, 144, 216, 288].map((a) => `<ellipse cx="100" cy="70" rx="18" ry="30" transform="rotate(${a} 100 100)"/>`).join('') + '<circle cx="100" cy="100" r="16" opacity=".6"/>',
  tool: S('M60 150l60-60 10 10-60 60zM120 90c-10-20 0-44 24-50l-10 22 12 12 22-10c-6 24-30 34-48 26z'),
  brush: '<rect x="94" y="20" width="12" height="110"/><rect x="76" y="130" width="48" height="50"/>',
  bag: S('M50 60h100l10 120H40z') + S('M76 60c0-30 48-30 48 0h-10c0-18-28-18-28 0z'),
};
