/**
 * Short clips marked `autoplay` play muted and looping while on screen, and
 * pause off screen. Never under prefers-reduced-motion: there they keep
 * their controls and wait for a click, as without JavaScript.
 */
export function enhance(story: HTMLElement): () => void {
  if (matchMedia('(prefers-reduced-motion: reduce)').matches) return () => {};
  const videos = [...story.querySelectorAll<HTMLVideoElement>('[data-block="video"] video[data-autoplay]')];
  const observer = new IntersectionObserver(
    (entries) => {
      for (const { target, isIntersecting } of entries) {
        const video = target as HTMLVideoElement;
        if (isIntersecting) video.play().catch(() => {});
        else video.pause();
      }
    },
    { threshold: 0.5 },
  );
  for (const video of videos) {
    video.muted = true;
    video.loop = true;
    observer.observe(video);
  }
  return () => {
    observer.disconnect();
    videos.forEach((video) => video.pause());
  };
}
