import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { checkVideoUpload, type VideoUploadInput } from '~/editing/uploads/check-video.server';
import { sniffVideo, videoIsWhole } from '~/editing/uploads/video-bytes.server';
import { LARGEST_VIDEO_BYTES, videoTooLarge } from '~/editing/uploads/video-formats';
import { fakeMp4, fakeWebm } from '../helpers/data/hidden-text-files';

/**
 * A Video block's uploads, judged by their bytes: real MP4 and WebM files
 * (the blocks-demo fixture's clip, made by an encoder), and files that only
 * look like videos by their name, or are ISO files of another kind (an AVIF
 * photo, a QuickTime movie).
 */

const FIXTURES = new URL('../fixtures/case-studies/blocks-demo/', import.meta.url);
const MP4 = readFileSync(new URL('clip.mp4', FIXTURES));
const WEBM = readFileSync(new URL('clip.webm', FIXTURES));
const DOC = 'content/case-studies/office-depot.mdx';

const check = (bytes: Buffer, extra: Partial<VideoUploadInput> = {}) =>
  checkVideoUpload({ fileName: 'Onboarding Flow (final).mp4', bytes, documentPath: DOC, wanted: 'mp4', ...extra });

/** An ISO base media file's first box: `ftyp`, a major brand, a version and compatible brands. */
function ftyp(brand: string, compatible: string[] = ['isom']): Buffer {
  const body = Buffer.from(brand + '\0\0\0\0' + compatible.join(''), 'latin1');
  const size = Buffer.alloc(4);
  size.writeUInt32BE(8 + body.length);
  return Buffer.concat([size, Buffer.from('ftyp', 'latin1'), body, Buffer.alloc(64)]);
}

describe('sniffVideo', () => {
  it('knows a real MP4 and a real WebM by their bytes', () => {
    expect(sniffVideo(MP4)).toBe('mp4');
    expect(sniffVideo(WEBM)).toBe('webm');
    expect(sniffVideo(ftyp('mp42', ['mp42', 'isom']))).toBe('mp4');
  });

  it('refuses photos in ISO files, QuickTime, Matroska, images and text, whatever their name', async () => {
    const avif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#123456' } })
      .avif()
      .toBuffer();
    expect(avif.toString('latin1', 4, 8)).toBe('ftyp');
    expect(sniffVideo(avif)).toBeNull();
    expect(sniffVideo(ftyp('heic'))).toBeNull();
    expect(sniffVideo(ftyp('qt  '))).toBeNull();
    const matroska = Buffer.from(WEBM);
    const at = matroska.indexOf(Buffer.from('webm', 'latin1'));
    expect(at).toBeGreaterThan(0);
    expect(
      sniffVideo(Buffer.concat([matroska.subarray(0, at - 1), Buffer.from([0x88]), Buffer.from('matroska'), matroska.subarray(at + 4)])),
    ).toBeNull();
    expect(
      sniffVideo(
        await sharp({ create: { width: 8, height: 8, channels: 3, background: '#fff' } })
          .png()
          .toBuffer(),
      ),
    ).toBeNull();
    expect(sniffVideo(Buffer.from('<html><script>alert(1)</script></html>'))).toBeNull();
    expect(sniffVideo(MP4.subarray(0, 10))).toBeNull();
    expect(sniffVideo(Buffer.alloc(0))).toBeNull();
    // A box size that does not fit the file is not an ftyp box.
    const lying = Buffer.from(ftyp('isom'));
    lying.writeUInt32BE(0xffff_fff0);
    expect(sniffVideo(lying)).toBeNull();
  });
});

describe('checkVideoUpload', () => {
  it('keeps an MP4 byte for byte beside the case study, named from its stem and its hash', () => {
    const result = check(MP4);
    expect(result).toMatchObject({ ok: true, mediaType: 'video/mp4' });
    if (!result.ok) return;
    expect(result.path).toMatch(/^content\/case-studies\/office-depot\/onboarding-flow-final-[0-9a-f]{8}\.mp4$/);
    expect(result.src).toBe(`./office-depot/${result.path.split('/').pop()}`);
    expect(result.bytes.equals(MP4)).toBe(true);
    expect(check(WEBM, { fileName: 'clip.webm', wanted: 'webm' })).toMatchObject({ ok: true, mediaType: 'video/webm' });
  });

  it('judges by the bytes, not the name, and each field takes its own copy', () => {
    expect(check(WEBM)).toMatchObject({ ok: false, status: 415, error: expect.stringContaining('takes the MP4 copy') });
    expect(check(MP4, { wanted: 'webm' })).toMatchObject({ ok: false, status: 415, error: expect.stringContaining('takes the WebM copy') });
    expect(check(Buffer.from('MZ not a video'))).toMatchObject({
      ok: false,
      status: 415,
      error: expect.stringContaining('not an MP4 video'),
    });
    expect(check(ftyp('qt  '))).toMatchObject({ ok: false, status: 415, error: expect.stringContaining('QuickTime') });
    expect(check(Buffer.alloc(0))).toMatchObject({ ok: false, status: 400 });
    expect(check(MP4, { documentPath: 'content/site.yml' })).toMatchObject({ ok: false, status: 400 });
    expect(check(MP4, { fileName: '../../etc/passwd.mp4' })).toMatchObject({
      ok: true,
      path: expect.stringMatching(/^content\/case-studies\/office-depot\/passwd-[0-9a-f]{8}\.mp4$/),
    });
  });

  it('refuses a video over 4 MB with her sentence, and takes one of exactly 4 MB', () => {
    const big = Buffer.concat([MP4, Buffer.alloc(LARGEST_VIDEO_BYTES + 1 - MP4.length)]);
    expect(check(big)).toEqual({ ok: false, status: 413, error: videoTooLarge(big.length) });
    // A real MP4 padded to exactly 4 MB with a `free` box, as an encoder may leave room.
    const free = Buffer.alloc(LARGEST_VIDEO_BYTES - MP4.length);
    free.writeUInt32BE(free.length, 0);
    free.write('free', 4, 'latin1');
    expect(check(Buffer.concat([MP4, free])).ok).toBe(true);
    expect(videoTooLarge(23 * 1024 * 1024)).toBe(
      'This video is 23 MB: the site takes videos up to 4 MB. Export a shorter or smaller version (720p is plenty), or put it on YouTube or Vimeo and add it with a Prototype link block.',
    );
  });
});

describe('a file that only starts like a video (attack-3, finding 7)', () => {
  const page = Buffer.from('<html><script>alert(document.domain)</script></html>');

  it('an ftyp box followed by a page, and an EBML header followed by one: refused with her sentence', () => {
    expect(sniffVideo(fakeMp4())).toBe('mp4');
    expect(sniffVideo(fakeWebm())).toBe('webm');
    expect(check(fakeMp4())).toEqual({
      ok: false,
      status: 415,
      error:
        "This file isn't a real MP4 video: it starts like one, but the rest is damaged, cut short or something else. Export it again as MP4 from your video app and upload that file.",
    });
    expect(check(fakeWebm(), { wanted: 'webm' })).toMatchObject({
      ok: false,
      status: 415,
      error: expect.stringMatching(/^This file isn't a real WebM video: .* Export it again as WebM/),
    });
  });

  it('reads each MP4 box: a page after the last, a box cut short, no moov or no mdat, a box of no known kind are refused', () => {
    expect(videoIsWhole('mp4', MP4)).toBe(true);
    expect(videoIsWhole('mp4', Buffer.concat([MP4, page]))).toBe(false);
    expect(videoIsWhole('mp4', MP4.subarray(0, MP4.length - 1))).toBe(false);
    const renamed = (from: string, to: string) => {
      const copy = Buffer.from(MP4);
      copy.write(to, copy.indexOf(Buffer.from(from, 'latin1')), 'latin1');
      return copy;
    };
    expect(videoIsWhole('mp4', renamed('mdat', 'free'))).toBe(false);
    expect(videoIsWhole('mp4', renamed('moov', 'free'))).toBe(false);
    expect(videoIsWhole('mp4', renamed('mdat', 'html'))).toBe(false);
    // A last box whose size is 0 runs to the end of the file, as the format allows.
    const open = Buffer.from(MP4);
    open.writeUInt32BE(0, open.indexOf(Buffer.from('mdat', 'latin1')) - 4);
    expect(videoIsWhole('mp4', open)).toBe(true);
  });

  it('reads each WebM element: a page after the Segment, a Segment cut short are refused; a recorder’s open-ended Segment and Cluster are taken', () => {
    expect(videoIsWhole('webm', WEBM)).toBe(true);
    expect(videoIsWhole('webm', Buffer.concat([WEBM, page]))).toBe(false);
    expect(videoIsWhole('webm', WEBM.subarray(0, WEBM.length - 100))).toBe(false);
    // The Segment's size written as "unknown" (all ones), as MediaRecorder writes it: it runs to the end of the file.
    const segmentAt = WEBM.indexOf(Buffer.from([0x18, 0x53, 0x80, 0x67]));
    const recorded = Buffer.from(WEBM);
    recorded.fill(0xff, segmentAt + 5, segmentAt + 12);
    expect(recorded[segmentAt + 4]).toBe(0x01);
    expect(videoIsWhole('webm', recorded)).toBe(true);
    expect(videoIsWhole('webm', Buffer.concat([recorded, page]))).toBe(false);
  });
});
