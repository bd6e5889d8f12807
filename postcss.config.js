export default {
  plugins: {
    // Unminified output keeps remix dev's bundled esbuild happy with nested CSS.
    '@tailwindcss/postcss': { optimize: { minify: process.env.NODE_ENV === 'production' } },
  },
};
