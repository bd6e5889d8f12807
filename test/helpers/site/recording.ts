import path from 'node:path';
import type * as MediabunnyModule from 'mediabunny';
import type { Page } from 'playwright-core';
import { ROOT } from '../data/content';

/**
 * A screen recording as a Mac makes one, made in Chromium itself (no ffmpeg
 * here): a QuickTime movie, H.264, moving noise so that the encoder spends
 * every bit it is given, and a tone as its sound. Made on a page of the
 * server's origin that Playwright answers (a secure context, where WebCodecs
 * exists, with no CSP to refuse the injected library).
 */
export type Recording = { width: number; height: number; seconds: number; bitrate: number };

// The package's exports name no bundle: its file, as installed.
const MEDIABUNNY = path.join(ROOT, 'node_modules/mediabunny/dist/bundles/mediabunny.min.cjs');

export async function makeRecording(page: Page, origin: string, { width, height, seconds, bitrate }: Recording): Promise<Buffer> {
  const maker = `${origin}/__recording-maker`;
  await page.route(maker, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>maker</title>' }));
  await page.goto(maker);
  await page.addScriptTag({ path: MEDIABUNNY });
  const base64 = await page.evaluate(
    async ({ width, height, seconds, bitrate }) => {
      const { Output, MovOutputFormat, BufferTarget, CanvasSource, AudioBufferSource } = (
        window as unknown as { Mediabunny: typeof MediabunnyModule }
      ).Mediabunny;
      const canvas = new OffscreenCanvas(width, height);
      const context = canvas.getContext('2d')!;
      const tile = new ImageData(width / 16, height / 16);
      for (let i = 0; i < tile.data.length; i++) tile.data[i] = i % 4 === 3 ? 255 : (Math.random() * 256) | 0;
      const noise = await createImageBitmap(tile);
      const output = new Output({ format: new MovOutputFormat({ fastStart: 'in-memory' }), target: new BufferTarget() });
      const picture = new CanvasSource(canvas, { codec: 'avc', bitrate });
      const sound = new AudioBufferSource({ codec: 'opus', bitrate: 64_000 });
      output.addVideoTrack(picture, { frameRate: 30 });
      output.addAudioTrack(sound);
      await output.start();
      const audio = new AudioBuffer({ length: 48_000 * seconds, numberOfChannels: 1, sampleRate: 48_000 });
      const samples = audio.getChannelData(0);
      for (let i = 0; i < samples.length; i++) samples[i] = 0.2 * Math.sin((2 * Math.PI * 440 * i) / 48_000);
      await sound.add(audio);
      for (let frame = 0; frame < seconds * 30; frame++) {
        // The noise, scaled up and shifted each frame: nothing for the encoder to reuse.
        context.drawImage(noise, -((frame * 37) % 64), -((frame * 53) % 64), width + 64, height + 64);
        context.fillStyle = '#fff';
        context.font = '64px sans-serif';
        context.fillText(`Frame ${frame}`, 80, 120);
        await picture.add(frame / 30, 1 / 30);
      }
      await output.finalize();
      const bytes = new Uint8Array(output.target.buffer!);
      let binary = '';
      for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
      return btoa(binary);
    },
    { width, height, seconds, bitrate },
  );
  await page.unroute(maker);
  return Buffer.from(base64, 'base64');
}
