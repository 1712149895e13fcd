import sharp from 'sharp';

const WIDTH = 400;
const HEIGHT = 300;
/** Font sizes tried in turn, with how many characters of each fit on one line. */
const TEXT_SIZES = [
  { fontSize: 24, lineChars: 26 },
  { fontSize: 20, lineChars: 32 },
] as const;

/** Simple white line drawings, centred on (0, 0) and about 100 px wide. */
export const ICONS = {
  screen: '<rect x="-50" y="-38" width="100" height="64" rx="6"/><path d="M-14 40h28M0 26v14"/>',
  book: '<path d="M0-30c-14-10-34-12-50-8v66c16-4 36-2 50 8 14-10 34-12 50-8v-66c-16-4-36-2-50 8zM0-30v66"/>',
  shirt:
    '<path d="M-18-40l-34 14 10 26 12-5v45h60v-45l12 5 10-26-34-14c-4 10-10 14-18 14s-14-4-18-14z"/>',
  mug: '<path d="M-40-30h60v50c0 10-8 18-18 18h-24c-10 0-18-8-18-18zM20-18h10c10 0 16 6 16 16s-6 16-16 16h-10"/>',
  ball: '<circle r="42"/><path d="M-42 0c20-10 64-10 84 0M0-42c-14 24-14 60 0 84"/>',
  blocks:
    '<rect x="-48" y="0" width="44" height="40" rx="4"/><rect x="4" y="0" width="44" height="40" rx="4"/><rect x="-22" y="-44" width="44" height="40" rx="4"/>',
  bottle:
    '<path d="M-10-46h20v14l14 12v62c0 6-4 10-10 10h-28c-6 0-10-4-10-10v-62l14-12z"/><path d="M-24 0h48"/>',
} as const;
export type IconName = keyof typeof ICONS;

export interface PhotoTheme {
  /** Gradient colours, top left to bottom right. */
  from: string;
  to: string;
  icon: IconName;
}

const escapeXml = (text: string) => text.replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);

/** Breaks a name into lines at word boundaries. */
export function wrapWords(name: string, lineChars: number): string[] {
  const lines: string[] = [];
  for (const word of name.split(/\s+/)) {
    const current = lines.at(-1);
    if (current !== undefined && `${current} ${word}`.length <= lineChars) {
      lines[lines.length - 1] = `${current} ${word}`;
    } else {
      lines.push(word);
    }
  }
  return lines;
}

/** The largest size at which the name fits on two lines; else the smallest, cut with an ellipsis. */
export function layoutName(name: string): { fontSize: number; lines: string[] } {
  for (const { fontSize, lineChars } of TEXT_SIZES) {
    const lines = wrapWords(name, lineChars);
    if (lines.length <= 2 && lines.every((l) => l.length <= lineChars)) return { fontSize, lines };
  }
  const { fontSize, lineChars } = TEXT_SIZES[TEXT_SIZES.length - 1] ?? TEXT_SIZES[0];
  const [first = '', ...rest] = wrapWords(name, lineChars);
  return {
    fontSize,
    lines: [first.slice(0, lineChars), `${rest.join(' ').slice(0, lineChars - 1)}…`],
  };
}

export function productPhotoSvg(name: string, theme: PhotoTheme): string {
  const { fontSize, lines } = layoutName(name);
  const lineHeight = fontSize + 6;
  const firstBaseline = lines.length === 1 ? 248 : 248 - lineHeight / 2;
  const text = (dx: number) =>
    lines
      .map(
        (line, i) =>
          `<tspan x="${200 + dx}" y="${firstBaseline + i * lineHeight + dx}">${escapeXml(line)}</tspan>`,
      )
      .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH}" height="${HEIGHT}">
  <defs>
    <linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${theme.from}"/><stop offset="1" stop-color="${theme.to}"/>
    </linearGradient>
  </defs>
  <rect width="${WIDTH}" height="${HEIGHT}" fill="url(#bg)"/>
  <circle cx="330" cy="40" r="90" fill="#fff" fill-opacity="0.08"/>
  <circle cx="60" cy="290" r="110" fill="#000" fill-opacity="0.06"/>
  <circle cx="200" cy="110" r="72" fill="#fff" fill-opacity="0.18"/>
  <g transform="translate(200 110)" fill="none" stroke="#fff" stroke-width="6"
     stroke-linecap="round" stroke-linejoin="round">${ICONS[theme.icon]}</g>
  <g font-family="DejaVu Sans, Liberation Sans, Arial, sans-serif" font-size="${fontSize}"
     font-weight="bold" text-anchor="middle">
    <text fill="#000" fill-opacity="0.25">${text(2)}</text>
    <text fill="#fff">${text(0)}</text>
  </g>
</svg>`;
}

/** Renders a product photo as a JPEG, as an admin would upload it. */
export const renderProductPhoto = (name: string, theme: PhotoTheme): Promise<Buffer> =>
  sharp(Buffer.from(productPhotoSvg(name, theme)))
    .jpeg({ quality: 82, mozjpeg: true })
    .toBuffer();
