/**
 * The card image a new case study starts with, until the designer uploads
 * their own: written into the new case study's folder when it is made, so it
 * is published (and deleted) with it, and no file stays deployed that
 * nothing uses. Neutral art: an empty window with blank content blocks.
 */

/** The file a new case study's draft holds, and how its frontmatter names it. */
export function placeholderCardImage(slug: string) {
  return {
    path: `content/case-studies/${slug}/card.svg`,
    src: `./${slug}/card.svg`,
    bytes: Buffer.from(PLACEHOLDER_CARD_SVG, 'utf8'),
    mediaType: 'image/svg+xml',
  };
}

export const PLACEHOLDER_CARD_SVG = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1200 750" width="1200" height="750" role="img" aria-labelledby="ph-title">
  <title id="ph-title">A placeholder card image: an empty window with blank content blocks, waiting for the case study's own picture</title>
  <defs>
    <linearGradient id="ph-bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="#f8fafc"/>
      <stop offset="1" stop-color="#e2e8f0"/>
    </linearGradient>
    <filter id="ph-shadow" filterUnits="userSpaceOnUse" x="0" y="0" width="1200" height="750">
      <feDropShadow dx="0" dy="16" stdDeviation="20" flood-color="#0f172a" flood-opacity=".10"/>
    </filter>
    <clipPath id="ph-win"><rect x="190" y="96" width="820" height="558" rx="18"/></clipPath>
  </defs>
  <rect width="1200" height="750" fill="url(#ph-bg)"/>
  <circle cx="1060" cy="120" r="150" fill="#ffffff" opacity=".55"/>
  <circle cx="130" cy="650" r="120" fill="#cbd5e1" opacity=".35"/>

  <!-- window -->
  <g filter="url(#ph-shadow)">
    <rect x="190" y="96" width="820" height="558" rx="18" fill="#ffffff"/>
  </g>
  <g clip-path="url(#ph-win)">
    <rect x="190" y="96" width="820" height="40" fill="#f1f5f9"/>
  </g>
  <circle cx="216" cy="116" r="6" fill="#cbd5e1"/>
  <circle cx="236" cy="116" r="6" fill="#cbd5e1"/>
  <circle cx="256" cy="116" r="6" fill="#cbd5e1"/>

  <!-- picture frame: where the case study's own image goes -->
  <rect x="240" y="176" width="440" height="300" rx="12" fill="#f1f5f9" stroke="#cbd5e1" stroke-width="2" stroke-dasharray="10 8"/>
  <g fill="none" stroke="#94a3b8" stroke-width="6" stroke-linecap="round" stroke-linejoin="round">
    <rect x="400" y="266" width="120" height="96" rx="10"/>
    <path d="M408 350l34-36 24 24 16-14 30 26"/>
  </g>
  <circle cx="490" cy="292" r="9" fill="#94a3b8"/>

  <!-- blank text lines -->
  <rect x="720" y="184" width="240" height="22" rx="11" fill="#cbd5e1"/>
  <rect x="720" y="226" width="200" height="14" rx="7" fill="#e2e8f0"/>
  <rect x="720" y="254" width="226" height="14" rx="7" fill="#e2e8f0"/>
  <rect x="720" y="282" width="180" height="14" rx="7" fill="#e2e8f0"/>
  <rect x="720" y="330" width="108" height="30" rx="15" fill="#f1f5f9" stroke="#e2e8f0" stroke-width="2"/>
  <rect x="840" y="330" width="92" height="30" rx="15" fill="#f1f5f9" stroke="#e2e8f0" stroke-width="2"/>

  <!-- three figures, still empty -->
  <rect x="240" y="512" width="226" height="100" rx="12" fill="#f8fafc" stroke="#e2e8f0" stroke-width="2"/>
  <rect x="487" y="512" width="226" height="100" rx="12" fill="#f8fafc" stroke="#e2e8f0" stroke-width="2"/>
  <rect x="734" y="512" width="226" height="100" rx="12" fill="#f8fafc" stroke="#e2e8f0" stroke-width="2"/>
  <rect x="264" y="540" width="90" height="20" rx="10" fill="#cbd5e1"/>
  <rect x="264" y="574" width="150" height="12" rx="6" fill="#e2e8f0"/>
  <rect x="511" y="540" width="90" height="20" rx="10" fill="#cbd5e1"/>
  <rect x="511" y="574" width="150" height="12" rx="6" fill="#e2e8f0"/>
  <rect x="758" y="540" width="90" height="20" rx="10" fill="#cbd5e1"/>
  <rect x="758" y="574" width="150" height="12" rx="6" fill="#e2e8f0"/>
</svg>
`;
