/** Mantine's preset: rem() / em() helpers, light-dark() and nesting. Breakpoints in the CSS modules are plain
 * media queries at Mantine's em values (xs 36em, sm 48em, md 62em, lg 75em, xl 88em). */
module.exports = {
  plugins: {
    'postcss-preset-mantine': {},
  },
};
