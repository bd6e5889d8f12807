import sharp, { type Sharp } from 'sharp';

/**
 * A photo-like image of `width` × `height`: soft colour fields and grain, so
 * it compresses as a photo does (a flat test image would be a few KB). `mean`
 * sets the fields' brightness, `grain` the noise over them, `blur` softens the
 * fields. Returned as a sharp pipeline, to encode as the test needs.
 */
export async function photoLike(width: number, height: number, { mean = 110, grain = 18, blur = 0 } = {}): Promise<Sharp> {
  let fields = sharp({
    create: { width: 60, height: 40, channels: 3, background: '#000', noise: { type: 'gaussian', mean, sigma: 60 } },
  }).resize(width, height, { kernel: 'cubic' });
  if (blur) fields = fields.blur(blur);
  const noise = await sharp({
    create: { width, height, channels: 3, background: '#000', noise: { type: 'gaussian', mean: 128, sigma: grain } },
  })
    .png()
    .toBuffer();
  return sharp(await fields.png().toBuffer()).composite([{ input: noise, blend: 'overlay' }]);
}
