import { describe, expect, it } from 'vitest';
import { focalPointClasses, focalPointOf, formatFocalPoint, parseFocalPoint } from '~/content/focal-point';
import { caseStudyFrontmatterSchema, imageSchema } from '~/content/schema';
import { coverCrop } from '../../pipeline/social-images';
import { MINIMAL_CARD } from '../helpers/data/content';

/**
 * A photo's focal point: what the content may say, the classes the pages
 * crop with, and the sharing images' crop, which must land where CSS's
 * object-fit: cover with object-position lands.
 */

describe('the focal point in the content', () => {
  it('is two percentages, across then down, from 0% to 100%', () => {
    expect(parseFocalPoint('50% 30%')).toEqual({ x: 50, y: 30 });
    expect(parseFocalPoint(' 0%   100% ')).toEqual({ x: 0, y: 100 });
    expect(parseFocalPoint('12.5% 7%')).toEqual({ x: 12.5, y: 7 });
    for (const text of ['', 'top', '50 30', '50%', '50%,30%', '101% 0%', '-5% 10%', '50% 30% 10%', 'center center']) {
      expect(parseFocalPoint(text), text).toBeNull();
    }
    expect(focalPointOf(undefined)).toEqual({ x: 50, y: 50 });
    expect(formatFocalPoint({ x: 37.4, y: 120 })).toBe('37% 100%');
  });

  it('is optional beside a photo and beside a card image, and a wrong one is refused in words', () => {
    expect(imageSchema.safeParse({ src: './images/me.png', alt: 'Me' }).success).toBe(true);
    expect(imageSchema.safeParse({ src: './images/me.png', alt: 'Me', focus: '40% 20%' }).success).toBe(true);
    const wrong = imageSchema.safeParse({ src: './images/me.png', alt: 'Me', focus: 'top left' });
    expect(wrong.success).toBe(false);
    expect(wrong.error?.issues[0]).toMatchObject({
      path: ['focus'],
      message: 'must be two percentages, across then down from the top left, such as "50% 30%" (the centre is "50% 50%")',
    });
    const card = MINIMAL_CARD;
    expect(caseStudyFrontmatterSchema.safeParse({ ...card, focus: '10% 90%' }).success).toBe(true);
    expect(caseStudyFrontmatterSchema.safeParse({ ...card, focus: '10%' }).success).toBe(false);
  });
});

describe('the classes the pages crop with', () => {
  it('place the point in 5% steps, and the centre needs none', () => {
    expect(focalPointClasses(undefined)).toBe('');
    expect(focalPointClasses('50% 50%')).toBe('');
    expect(focalPointClasses('51% 49%')).toBe('');
    expect(focalPointClasses('37% 62%')).toBe('object-focal focal-x-35 focal-y-60');
    expect(focalPointClasses('0% 100%')).toBe('object-focal focal-x-0 focal-y-100');
    expect(focalPointClasses('not a point')).toBe('');
  });
});

describe('the sharing images’ crop', () => {
  it('covers the frame and puts the point where object-position would', () => {
    // A landscape photo in a tall frame: scaled to the frame's height, then moved across.
    const landscape = { width: 1800, height: 1200 };
    const frame = { width: 448, height: 550 };
    const left = coverCrop(landscape, frame, { x: 0, y: 50 });
    expect(left.resize).toEqual({ width: 825, height: 550 });
    expect(left.extract).toEqual({ left: 0, top: 0, width: 448, height: 550 });
    expect(coverCrop(landscape, frame, { x: 100, y: 50 }).extract.left).toBe(825 - 448);
    expect(coverCrop(landscape, frame, { x: 50, y: 50 }).extract.left).toBe(Math.round((825 - 448) / 2));
    // A portrait photo in a wide frame: moved down instead; across does nothing.
    const tall = coverCrop({ width: 1000, height: 2000 }, { width: 1200, height: 750 }, { x: 90, y: 25 });
    expect(tall.resize).toEqual({ width: 1200, height: 2400 });
    expect(tall.extract).toEqual({ left: 0, top: Math.round((2400 - 750) * 0.25), width: 1200, height: 750 });
  });
});
