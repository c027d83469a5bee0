import { type CSSVariablesResolver, createTheme, type MantineColorsTuple } from '@mantine/core';

/** Deep walnut: the primary colour (buttons, links, the wordmark). Shade 7 on white reads at 7.6:1. */
const walnut: MantineColorsTuple = [
  '#faf4ee',
  '#efe3d6',
  '#dcc3a9',
  '#c8a27b',
  '#b88655',
  '#a8713f',
  '#8d5c31',
  '#724a28',
  '#553820',
  '#3a2716',
];

/** Brass / gilt: the accent (highlights on dark walnut, the mitre mark, focus rings). */
const brass: MantineColorsTuple = [
  '#fdf8ec',
  '#f7ecd0',
  '#eedaa2',
  '#e4c572',
  '#dbb44c',
  '#d2a834',
  '#b98f24',
  '#8a6a19',
  '#6f5414',
  '#4a380c',
];

/** Warm greys for text, borders and surfaces (the "paper" of a mat board). */
const linen: MantineColorsTuple = [
  '#fbf8f3',
  '#f3eee6',
  '#e7dfd3',
  '#d5cabb',
  '#b3a696',
  '#8c7f71',
  '#6b5e54',
  '#51463e',
  '#3a312b',
  '#241d18',
];

/** Error red and success green, a step darker than Mantine's so text on white keeps AA contrast. */
const red: MantineColorsTuple = [
  '#fff5f5',
  '#ffe3e3',
  '#ffc9c9',
  '#ffa8a8',
  '#f47a7a',
  '#e03131',
  '#c22727',
  '#a61e1e',
  '#8a1818',
  '#6e1212',
];

const green: MantineColorsTuple = [
  '#ebfbee',
  '#d3f9d8',
  '#b2f2bb',
  '#8ce99a',
  '#51cf66',
  '#2f9e44',
  '#277a38',
  '#1f6a30',
  '#195a28',
  '#124a20',
];

export const theme = createTheme({
  primaryColor: 'walnut',
  primaryShade: { light: 7, dark: 4 },
  colors: { walnut, brass, linen, red, green },
  white: '#ffffff',
  black: '#241d18',
  fontFamily:
    "'Inter Variable', Inter, system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif",
  fontFamilyMonospace: "ui-monospace, 'SFMono-Regular', Menlo, Consolas, monospace",
  headings: {
    fontFamily: "'Fraunces Variable', Fraunces, 'Iowan Old Style', 'Palatino Linotype', Georgia, serif",
    fontWeight: '600',
    sizes: {
      h1: { fontSize: 'clamp(1.75rem, 1.3rem + 1.8vw, 2.5rem)', lineHeight: '1.15' },
      h2: { fontSize: 'clamp(1.4rem, 1.15rem + 1vw, 1.875rem)', lineHeight: '1.2' },
      h3: { fontSize: '1.375rem', lineHeight: '1.3' },
      h4: { fontSize: '1.125rem', lineHeight: '1.35' },
    },
  },
  fontSizes: { xs: '0.8125rem', sm: '0.9375rem', md: '1rem', lg: '1.125rem', xl: '1.25rem' },
  defaultRadius: 'sm',
  radius: { xs: '2px', sm: '4px', md: '6px', lg: '10px', xl: '16px' },
  focusRing: 'auto',
  cursorType: 'pointer',
  respectReducedMotion: true,
  autoContrast: true,
  luminanceThreshold: 0.35,
  components: {
    Button: { defaultProps: { fw: 600 } },
    Anchor: { defaultProps: { underline: 'hover' } },
    Paper: { defaultProps: { withBorder: true } },
    Card: { defaultProps: { withBorder: true } },
    TextInput: { defaultProps: { size: 'md' } },
    PasswordInput: {
      defaultProps: {
        size: 'md',
        // The show/hide toggle is a real button: reachable by Tab, named, and pressed while visible.
        visibilityToggleFocusable: true,
        visibilityToggleButtonProps: { 'aria-label': 'Show password' },
      },
    },
    // Mantine's gray-6 description under a title reads 3.3:1 on white; the dimmed text colour reads AA.
    Notification: {
      defaultProps: { withBorder: true },
      styles: { description: { color: 'var(--mantine-color-dimmed)' } },
    },
    // Every dialog and drawer's close button has a name for screen readers.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Close panel' } } },
    CloseButton: { defaultProps: { 'aria-label': 'Close' } },
    // A closed list (selects, the header search) is not kept in the page: mounted, each list's position was computed
    // as the app first rendered, which made the browser lay out the whole page inside that long task (ADR 013).
    Combobox: { defaultProps: { keepMounted: false } },
    // Alert text in the alert's own colour: errors read red, confirmations green (all AA on their tint).
    Alert: { styles: { message: { color: 'var(--alert-color)', fontWeight: 500 } } },
  },
});

/** Warm paper body, darker dimmed text than Mantine's default so secondary text keeps AA contrast. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {
    '--mb-header-height': '4.25rem',
    '--mb-ink': '#241d18',
    '--mb-walnut-deep': '#2e1d11',
    '--mb-paper': '#fbf8f3',
  },
  light: {
    '--mantine-color-body': '#fbf8f3',
    '--mantine-color-text': '#2a211b',
    '--mantine-color-dimmed': '#6b5e54',
    '--mantine-color-default-border': '#e1d7c9',
    '--mantine-color-anchor': '#724a28',
    '--mantine-color-placeholder': '#7d7063',
  },
  dark: {},
});
