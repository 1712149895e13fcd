import sharp from 'sharp';

/** The camera a phone names in its photos' EXIF. */
const CAMERA_MAKE = 'Acme Phones';

/** What a phone writes into a photo: the camera, and where the photo was taken. */
const PHONE_EXIF = {
  IFD0: { Make: CAMERA_MAKE, Model: 'Pocket 7' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '48/1 51/1 24/1',
    GPSLongitudeRef: 'E',
    GPSLongitude: '2/1 21/1 3/1',
  },
};

export type PhoneFormat = 'jpeg' | 'png' | 'webp';

/**
 * A photo as a phone saves it: the camera's make and model and GPS coordinates in its EXIF,
 * and held sideways: stored 60 × 40 px with Orientation 6, so it is shown 40 × 60.
 */
export const phonePhoto = (format: PhoneFormat = 'jpeg', background = '#3366cc') =>
  sharp({ create: { width: 60, height: 40, channels: 3, background } })
    .toFormat(format)
    .withMetadata({ orientation: 6, exif: PHONE_EXIF })
    .toBuffer();

/** What a photo carries besides its pixels, and which way up they are stored. */
export async function metadataOf(bytes: Buffer) {
  const { format, width, height, orientation, exif, xmp, iptc, icc } =
    await sharp(bytes).metadata();
  return {
    format,
    width,
    height,
    orientation,
    exif: exif !== undefined,
    xmp: xmp !== undefined,
    iptc: iptc !== undefined,
    icc: icc !== undefined,
    namesTheCamera: bytes.includes(CAMERA_MAKE),
  };
}

/** A phone's photo as it must be served: turned upright, in its format, carrying nothing else. */
export const uprightWithoutMetadata = (format: PhoneFormat) => ({
  format,
  width: 40,
  height: 60,
  orientation: undefined,
  exif: false,
  xmp: false,
  iptc: false,
  icc: false,
  namesTheCamera: false,
});

/**
 * How far apart two pictures of the same size are: the largest difference of one channel of
 * one pixel (0: the same pixels; a photo written again as a JPEG or WebP differs by a few).
 */
export async function pixelDifference(a: Buffer, b: Buffer) {
  const [x, y] = await Promise.all(
    [a, b].map((bytes) => sharp(bytes).removeAlpha().raw().toBuffer({ resolveWithObject: true })),
  );
  if (!x || !y || x.info.width !== y.info.width || x.info.height !== y.info.height) {
    throw new Error('the pictures are not of the same size');
  }
  let largest = 0;
  for (let i = 0; i < x.data.length; i += 1) {
    largest = Math.max(largest, Math.abs((x.data[i] ?? 0) - (y.data[i] ?? 0)));
  }
  return largest;
}
