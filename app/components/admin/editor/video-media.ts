/**
 * The parts of mediabunny the editor uses to make a video smaller, named one
 * by one so that the bundler keeps only them: prepare-video.ts loads this
 * module when a video needs it, never before.
 */
export {
  BlobSource,
  BufferSource,
  BufferTarget,
  Conversion,
  getFirstEncodableAudioCodec,
  getFirstEncodableVideoCodec,
  Input,
  MATROSKA,
  MP4,
  Mp4OutputFormat,
  Output,
  QTFF,
  StreamTarget,
  WEBM,
  WebMOutputFormat,
} from 'mediabunny';
