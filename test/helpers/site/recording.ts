import path from 'node:path';
import type * as MediabunnyModule from 'mediabunny';
import type { Page } from 'playwright-core';
import { ROOT } from '../data/content';

/**
 * A screen recording as a Mac makes one, made in Chromium itself (no ffmpeg
 * here): a QuickTime movie, H.264, and a tone as its sound. Its picture is
 * either moving noise, so that the encoder spends every bit it is given and
 * more, or a screen: an app's sidebar, a page of text and pictures scrolling,
 * a pointer moving. Made on a page of the server's origin that Playwright
 * answers (a secure context, where WebCodecs exists, with no CSP to refuse
 * the injected library).
 */
export type Recording = {
  width: number;
  height: number;
  seconds: number;
  bitrate: number;
  picture?: 'noise' | 'screen';
  /** 30 unless said: a screen recorder writes fewer frames while little moves. */
  frameRate?: number;
};

// The package's exports name no bundle: its file, as installed.
const MEDIABUNNY = path.join(ROOT, 'node_modules/mediabunny/dist/bundles/mediabunny.min.cjs');

export async function makeRecording(page: Page, origin: string, recording: Recording): Promise<Buffer> {
  const maker = `${origin}/__recording-maker`;
  await page.route(maker, (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>maker</title>' }));
  await page.goto(maker);
  await page.addScriptTag({ path: MEDIABUNNY });
  const base64 = await page.evaluate(async ({ width, height, seconds, bitrate, picture: kind = 'noise', frameRate = 30 }) => {
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
    output.addVideoTrack(picture, { frameRate });
    output.addAudioTrack(sound);
    await output.start();
    const audio = new AudioBuffer({ length: 48_000 * seconds, numberOfChannels: 1, sampleRate: 48_000 });
    const samples = audio.getChannelData(0);
    for (let i = 0; i < samples.length; i++) samples[i] = 0.2 * Math.sin((2 * Math.PI * 440 * i) / 48_000);
    await sound.add(audio);
    const words = 'The checkout asked for an account before payment and half of the people left there so we moved it'.split(' ');
    const drawScreen = (time: number) => {
      const screen = Math.floor(time / 10);
      context.fillStyle = screen % 2 ? '#f6f4ef' : '#ffffff';
      context.fillRect(0, 0, width, height);
      context.fillStyle = '#1f2430';
      context.fillRect(0, 0, width / 6, height);
      context.font = `${height / 48}px sans-serif`;
      for (let item = 0; item < 20; item++) {
        context.fillStyle = item === screen % 20 ? '#ffd166' : '#c9d1e0';
        context.fillText(`Project ${screen * 3 + item}`, width / 60, (height / 14) * (1 + item * 0.55));
      }
      const lineHeight = height / 27;
      const scrolled = (time % 10) * 2 * lineHeight;
      for (let line = 0; line < 80; line++) {
        const y = lineHeight * (3 + line) - scrolled;
        if (y < 0 || y > height + lineHeight) continue;
        if (line % 16 === 5) {
          context.drawImage(noise, width / 5, y - lineHeight, width / 4, height / 3.4);
          continue;
        }
        context.fillStyle = line % 8 === 0 ? '#111' : '#333';
        context.font = line % 8 === 0 ? `bold ${lineHeight * 0.85}px serif` : `${lineHeight * 0.6}px sans-serif`;
        context.fillText(Array.from({ length: 12 }, (_, k) => words[(line * 7 + k + screen) % words.length]).join(' '), width / 5, y);
      }
      const x = width / 2 + (width / 4) * Math.sin(time * 0.9);
      const y = height / 2 + (height / 4) * Math.cos(time * 0.7);
      context.fillStyle = '#000';
      context.beginPath();
      context.moveTo(x, y);
      context.lineTo(x + 14, y + 36);
      context.lineTo(x + 24, y + 22);
      context.fill();
    };
    for (let frame = 0; frame < seconds * frameRate; frame++) {
      if (kind === 'screen') drawScreen(frame / frameRate);
      else {
        // The noise, scaled up and shifted each frame: nothing for the encoder to reuse.
        context.drawImage(noise, -((frame * 37) % 64), -((frame * 53) % 64), width + 64, height + 64);
        context.fillStyle = '#fff';
        context.font = '64px sans-serif';
        context.fillText(`Frame ${frame}`, 80, 120);
      }
      await picture.add(frame / frameRate, 1 / frameRate);
    }
    await output.finalize();
    const bytes = new Uint8Array(output.target.buffer!);
    let binary = '';
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    return btoa(binary);
  }, recording);
  await page.unroute(maker);
  return Buffer.from(base64, 'base64');
}
