/**
 * Story videos (an island, app/islands/boot.ts). The poster arrives as the
 * video nears the viewport (the server sends it as data-poster, so it never
 * competes with the first screen; should this fail to load, the boot sets
 * every poster at once). Clips marked `autoplay` play muted and looping while
 * on screen, and pause off screen; never under prefers-reduced-motion, where
 * they keep their controls and wait for a click, as without JavaScript.
 */
export function start() {
  const videos = [...document.querySelectorAll<HTMLVideoElement>('video[data-poster]')];
  const posters = new IntersectionObserver(
    (entries) => {
      for (const { target, isIntersecting } of entries) {
        if (!isIntersecting) continue;
        const video = target as HTMLVideoElement;
        video.poster = video.dataset.poster ?? '';
        posters.unobserve(video);
      }
    },
    { rootMargin: '800px 0px' },
  );
  videos.forEach((video) => posters.observe(video));

  const moving = matchMedia('(prefers-reduced-motion: reduce)').matches
    ? []
    : videos.filter((video) => video.hasAttribute('data-autoplay'));
  const playback = new IntersectionObserver(
    (entries) => {
      for (const { target, isIntersecting } of entries) {
        const video = target as HTMLVideoElement;
        if (isIntersecting) video.play().catch(() => {});
        else video.pause();
      }
    },
    { threshold: 0.5 },
  );
  for (const video of moving) {
    video.muted = true;
    video.loop = true;
    playback.observe(video);
  }
}
