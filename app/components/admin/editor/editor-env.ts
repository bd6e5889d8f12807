import { createContext, useContext } from 'react';

/** An image the designer picked and described: uploaded next to the case study, ready to write into the story. */
export type PickedImage = { src: string; alt: string; title?: string };

/** What the cards and the toolbar share with the editor around them. */
export type EditorEnv = {
  /** The content path being edited (`content/case-studies/office-depot.mdx`). */
  documentPath: string;
  /** The story's own images (`./office-depot/x.png`), offered by the image pickers. */
  images: string[];
  /** Opens the upload dialog (alt text first); resolves with the stored image, or null when cancelled. */
  pickImage: (options?: { file?: File; caption?: boolean; heading?: string }) => Promise<PickedImage | null>;
  /**
   * The same dialog for several photos at once (picked together or dropped):
   * each gets its alt text, and each is fitted and uploaded in turn. Resolves
   * with the stored images in the order picked, or [] when cancelled. `most`
   * is how many fit where they go (a gallery's room).
   */
  pickImages: (options?: { files?: File[]; caption?: boolean; heading?: string; most?: number }) => Promise<PickedImage[]>;
  /** Says a sentence to screen readers (a polite live region): where a block or image moved. */
  announce: (text: string) => void;
  /** The story's own videos (`./office-depot/demo.mp4`), offered by the video pickers. */
  videos: string[];
  /** A video just uploaded: every video picker offers it from now on. */
  addVideo: (src: string) => void;
};

export const EditorEnvContext = createContext<EditorEnv | null>(null);

export function useEditorEnv(): EditorEnv {
  const env = useContext(EditorEnvContext);
  if (!env) throw new Error('the body editor’s cards render inside MdxBodyEditor');
  return env;
}

/** The story's images as written (`./slug/file.ext`), for the pickers. */
export function storyImages(markdown: string): string[] {
  return [...new Set([...markdown.matchAll(/\.\/[A-Za-z0-9._/-]+\.(?:png|jpe?g|webp|avif|gif|svg)/g)].map(([src]) => src))];
}

/** The story's videos as written (`./slug/file.mp4`), for the video pickers. */
export function storyVideos(markdown: string): string[] {
  return [...new Set([...markdown.matchAll(/\.\/[A-Za-z0-9._/-]+\.(?:mp4|webm)/g)].map(([src]) => src))];
}
